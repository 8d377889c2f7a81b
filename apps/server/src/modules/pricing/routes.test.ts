import type { AllAccessPageProps, ChooseUpgradePageProps, SharedPageData } from '@tessera/pages';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/sign-in.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { grant } from '../../../test/pricing-fixtures.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../../db/seed.ts';
import { freshTotpCode, TEST_APP_NOW } from '../../../test/second-factor.ts';
import { lazyCatalogue, type Catalogue } from '../catalog/index.ts';
import { currentComponentCount } from '../catalog/index.ts';
import { DEFAULT_BLACK_FRIDAY_WINDOW } from './service/offers.ts';

type TestApp = Awaited<ReturnType<typeof testApp>>;
type Page<P = object> = { component: string; props: P & SharedPageData };

let app: TestApp;
let catalogue: Catalogue;
const PASSWORD = 'a-long-password-123';
/** Extra customers beside the demo world's: e-mail and their licence ids. */
const people = {
  personal: { email: uniqueEmail('personal'), license: 0 },
  restricted: { email: uniqueEmail('restricted'), license: 0 },
};

beforeAll(async () => {
  app = await testApp();
  await seedDemo(app.services.database, app.config);
  catalogue = lazyCatalogue(app.config.catalogDist)();
  const { db } = app.services.database;
  const personalId = await createUser(app.services, people.personal.email, PASSWORD);
  people.personal.license = await grant(db, {
    userId: personalId,
    productSlug: 'all-access',
    paid: 29_900,
  });
  const restrictedId = await createUser(app.services, people.restricted.email, PASSWORD);
  people.restricted.license = await grant(db, {
    userId: restrictedId,
    productSlug: 'all-access',
    kind: 'restricted',
    paid: 14_900,
  });
});

async function as(
  who: 'visitor' | keyof typeof DEMO_USERS | keyof typeof people,
  target: TestApp = app,
): Promise<TestBrowser> {
  if (who === 'visitor') return new TestBrowser(target.app);
  const [email, password] =
    who in DEMO_USERS
      ? [DEMO_USERS[who as keyof typeof DEMO_USERS], DEMO_PASSWORD]
      : [people[who as keyof typeof people].email, PASSWORD];
  // The demo admin, like every operator, has a second factor (decision 045; the seed's secret).
  const secondStep =
    who === 'admin'
      ? async (browser: TestBrowser) => {
          const { db } = target.services.database;
          const user = await db
            .selectFrom('users')
            .select('id')
            .where('email', '=', email)
            .executeTakeFirstOrThrow();
          const code = await freshTotpCode(db, user.id, TEST_APP_NOW, DEMO_ADMIN_TOTP_SECRET);
          return browser.submit('post', '/login/second-factor', { code });
        }
      : undefined;
  return signIn(target.app, email, password, {
    confirm: true,
    ...(secondStep ? { secondStep } : {}),
  });
}

async function page<P = object>(browser: TestBrowser, url: string): Promise<Page<P>> {
  const response = await browser.visit(url);
  expect(response.status, url).toBe(200);
  return response.body as Page<P>;
}

describe(`shared pricing data per role (${TEST_DATABASE})`, () => {
  const cases = [
    {
      who: 'visitor',
      purchase: true,
      pricing: { amount: 29_900, advertised: 29_900 },
      flags: null,
    },
    {
      // Marketing and Application UI at $149 each: 29,900 − 29,800 is under the floor.
      who: 'customer',
      purchase: true,
      pricing: { amount: 7_500, advertised: 29_900 },
      flags: { canUpgradeToStandardAllAccess: true, upgradeToTeamLicense: false },
    },
    {
      // All-access through the demo team: nothing to buy or upgrade.
      who: 'teamMember',
      purchase: false,
      pricing: { amount: 29_900, advertised: 29_900 },
      flags: { canUpgradeToStandardAllAccess: false, upgradeToTeamLicense: false },
    },
    {
      who: 'teamOwner',
      purchase: false,
      pricing: { amount: 29_900, advertised: 29_900 },
      flags: { canUpgradeToStandardAllAccess: false, upgradeToTeamLicense: false },
    },
    {
      who: 'admin',
      purchase: true,
      pricing: { amount: 29_900, advertised: 29_900 },
      flags: { canUpgradeToStandardAllAccess: false, upgradeToTeamLicense: false },
    },
    {
      who: 'personal',
      purchase: false,
      pricing: { amount: 29_900, advertised: 29_900 },
      flags: { canUpgradeToStandardAllAccess: false, upgradeToTeamLicense: true },
    },
    {
      who: 'restricted',
      purchase: false,
      pricing: { amount: 29_900 - 14_900, advertised: 29_900 },
      flags: { canUpgradeToStandardAllAccess: true, upgradeToTeamLicense: false },
    },
  ] as const;

  for (const { who, purchase, pricing, flags } of cases) {
    it(`${who}: may buy all-access ${purchase}, at ${pricing.amount}`, async () => {
      const { props } = await page(await as(who), '/');
      expect(props.can).toEqual({ purchaseAllAccess: purchase });
      expect(props.allAccessPricing).toEqual({ currency: 'USD', ...pricing });
      if (flags === null) expect(props.auth).toBeNull();
      else expect(props.auth?.user.can).toEqual({ accessV1: false, ...flags });
    });
  }

  it('marks the packages a customer holds as licensed', async () => {
    const { props } = await page(await as('customer'), '/');
    expect(props.products.map((product) => [product.name, product.isLicensed])).toEqual([
      ['Marketing', true],
      ['Application UI', true],
      ['Ecommerce', false],
    ]);
  });
});

describe(`/all-access (${TEST_DATABASE})`, () => {
  it('shows a visitor both licences at their list prices, what is included and no offer', async () => {
    const { component, props } = await page<AllAccessPageProps>(await as('visitor'), '/all-access');
    expect(component).toBe('AllAccess');
    expect(props.offers).toEqual({
      personal: {
        price: { currency: 'USD', amount: 29_900, advertised: 29_900 },
        checkoutUrl: '/checkout/all-access',
        purchaseable: true,
        upgradableToStandardLicense: false,
      },
      team: {
        price: { currency: 'USD', amount: 97_900, advertised: 97_900 },
        checkoutUrl: '/checkout/all-access?license=team',
        purchaseable: true,
      },
    });
    expect(props.blackFriday).toBeNull();
    expect(props.includedProducts.map((product) => product.name)).toEqual([
      'Marketing',
      'Application UI',
      'Ecommerce',
    ]);
    const counted = props.includedProducts.reduce((sum, p) => sum + p.componentCount, 0);
    expect(counted).toBe(currentComponentCount(catalogue));
    expect(props.componentCount).toBe(counted);
    expect(props.templates).toHaveLength(catalogue.templates.length);
    expect(props.templates[0]).toMatchObject({
      name: catalogue.templates[0]!.name,
      summary: catalogue.templates[0]!.summary,
      imageUrl: catalogue.templates[0]!.imageUrl,
      url: `/templates/${catalogue.templates[0]!.slug}`,
    });
  });

  it('sells everything else on sale beside the cards, and nothing the customer holds', async () => {
    const offered = async (who: Parameters<typeof as>[0]) =>
      (await page<AllAccessPageProps>(await as(who), '/all-access')).props.otherOffers.map(
        (offer) => `${offer.checkoutUrl} ${offer.price.amount}`,
      );
    expect(await offered('visitor')).toEqual([
      '/checkout/all-access?license=restricted 14900',
      '/checkout/all-access?license=classroom 29900',
      '/checkout/marketing 14900',
      '/checkout/application-ui 14900',
      '/checkout/ecommerce 14900',
    ]);
    // customer@ holds Marketing and Application UI: only Ecommerce of the packages is left.
    expect((await offered('customer')).filter((line) => !line.includes('all-access'))).toEqual([
      '/checkout/ecommerce 14900',
    ]);
    // All-access includes every package and supersedes the reduced licences.
    expect(await offered('personal')).toEqual([]);
    // Every link is a checkout that sells it.
    const visitor = await as('visitor');
    for (const line of await offered('visitor')) {
      const url = line.split(' ')[0]!;
      expect((await visitor.visit(url)).status, url).toBe(200);
    }
  });

  it('discounts both licences for a customer who owns packages', async () => {
    const { props } = await page<AllAccessPageProps>(await as('customer'), '/all-access');
    expect(props.offers.personal).toMatchObject({
      price: { amount: 7_500, advertised: 29_900 },
      purchaseable: true,
      upgradableToStandardLicense: true,
    });
    expect(props.offers.team).toMatchObject({
      price: { amount: 97_900 - 29_800, advertised: 97_900 },
      purchaseable: true,
    });
  });

  it('has nothing for sale to the owner of a team licence', async () => {
    const { props } = await page<AllAccessPageProps>(await as('teamOwner'), '/all-access');
    expect(props.offers.personal.purchaseable).toBe(false);
    expect(props.offers.personal.upgradableToStandardLicense).toBe(false);
    expect(props.offers.team.purchaseable).toBe(false);
  });

  it('sells a personal owner the team licence less what they paid', async () => {
    const { props } = await page<AllAccessPageProps>(await as('personal'), '/all-access');
    expect(props.offers.personal.purchaseable).toBe(false);
    expect(props.offers.team).toMatchObject({
      price: { amount: 68_000, advertised: 97_900 },
      purchaseable: true,
    });
  });
});

describe(`/upgrade and /upgrade-team (${TEST_DATABASE})`, () => {
  it('sends a visitor to sign in', async () => {
    const browser = await as('visitor');
    for (const url of ['/upgrade', '/upgrade-team']) {
      const response = await browser.visit(url);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe('/login');
    }
  });

  it('offers a package owner the complete package, by their e-mail, at their price', async () => {
    const { component, props } = await page<ChooseUpgradePageProps>(
      await as('customer'),
      '/upgrade',
    );
    expect(component).toBe('ChooseUpgrade');
    expect(props.target).toBe('personal');
    expect(props.options).toHaveLength(1);
    const [option] = props.options;
    expect(option).toMatchObject({
      user: { email: DEMO_USERS.customer },
      team: null,
      target: 'personal',
      price: { currency: 'USD', amount: 7_500, advertised: 29_900 },
    });
    expect(option!.packages.sort()).toEqual(['Application UI', 'Marketing']);
    expect(option!.url).toMatch(/^\/checkout\/all-access\?upgrade=\d+$/);
  });

  it('offers a Restricted holder the standard licence, replacing theirs', async () => {
    const { props } = await page<ChooseUpgradePageProps>(await as('restricted'), '/upgrade');
    expect(props.options).toEqual([
      {
        user: { email: people.restricted.email },
        team: null,
        packages: ['All-access (restricted)'],
        target: 'personal',
        price: { currency: 'USD', amount: 15_000, advertised: 29_900 },
        url: `/checkout/all-access?upgrade=${people.restricted.license}`,
      },
    ]);
  });

  it('tells an all-access owner they have everything, offering the team upgrade when there is one', async () => {
    const owner = await page(await as('teamOwner'), '/upgrade');
    expect(owner).toMatchObject({ component: 'AlreadyOnPackage', props: { teamUpgrade: null } });
    const personal = await page(await as('personal'), '/upgrade');
    expect(personal).toMatchObject({
      component: 'AlreadyOnPackage',
      props: {
        teamUpgrade: {
          url: '/upgrade-team',
          price: { currency: 'USD', amount: 68_000, advertised: 97_900 },
        },
      },
    });
  });

  it('prices the team upgrade of a personal all-access licence with the same rule', async () => {
    const { component, props } = await page<ChooseUpgradePageProps>(
      await as('personal'),
      '/upgrade-team',
    );
    expect(component).toBe('ChooseUpgrade');
    expect(props).toEqual(
      expect.objectContaining({
        target: 'team',
        options: [
          {
            user: { email: people.personal.email },
            team: null,
            packages: ['All-access'],
            target: 'team',
            price: { currency: 'USD', amount: 68_000, advertised: 97_900 },
            url: `/checkout/all-access?license=team&upgrade=${people.personal.license}`,
          },
        ],
      }),
    );
    const owner = await page(await as('teamOwner'), '/upgrade-team');
    expect(owner).toMatchObject({ component: 'AlreadyOnPackage', props: { teamUpgrade: null } });
  });

  it('sends someone with nothing to upgrade to the pricing', async () => {
    const member = await as('admin');
    const upgrade = await member.visit('/upgrade');
    expect(upgrade.status).toBe(302);
    expect(upgrade.headers.location).toBe('/all-access#pricing');
    const team = await member.visit('/upgrade-team');
    expect(team.status).toBe(302);
    expect(team.headers.location).toBe('/upgrade');
  });
});

describe(`the Black Friday banner (${TEST_DATABASE})`, () => {
  const window = DEFAULT_BLACK_FRIDAY_WINDOW;
  const at = (time: number) =>
    testApp({ services: app.services, config: app.config, now: () => new Date(time) });

  it('is on Home and All-access for a buyer inside its window, with the bundle’s checkout', async () => {
    const during = await at(window.endsAt - 1);
    const expected = {
      checkoutUrl: '/checkout/black-friday',
      currency: 'USD',
      retail: 29_900 + 14_900,
      price: 29_900,
      endsOn: '2026-11-27',
    };
    const visitor = await as('visitor', during);
    expect((await page<AllAccessPageProps>(visitor, '/all-access')).props.blackFriday).toEqual(
      expected,
    );
    expect((await page<{ blackFriday: unknown }>(visitor, '/')).props.blackFriday).toEqual(
      expected,
    );
    // Not for someone who already has all-access.
    const owner = await as('teamOwner', during);
    expect((await page<AllAccessPageProps>(owner, '/all-access')).props.blackFriday).toBeNull();
  });

  it('is gone everywhere once the offer ends', async () => {
    const after = await at(window.endsAt);
    const visitor = await as('visitor', after);
    expect((await page<AllAccessPageProps>(visitor, '/all-access')).props.blackFriday).toBeNull();
    expect((await page<{ blackFriday: unknown }>(visitor, '/')).props.blackFriday).toBeNull();
  });
});

describe(`template prices (${TEST_DATABASE})`, () => {
  it('come from the database, with the template’s checkout', async () => {
    const { db } = app.services.database;
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', 'spotlight')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('prices')
      .set({ amount: 8_800 })
      .where('product_id', '=', product.id)
      .where('kind', '=', 'personal')
      .execute();
    const { props } = await page<{ template: { price: unknown; checkoutUrl: string } }>(
      await as('visitor'),
      '/templates/spotlight',
    );
    expect(props.template.price).toEqual({ currency: 'USD', amount: 8_800 });
    expect(props.template.checkoutUrl).toBe('/checkout/spotlight');
  });
});

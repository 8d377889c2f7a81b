// Type tests, run by `pnpm typecheck` (tsc), never executed: `res.inertia` knows each page's
// props by the page's name (@tessera/pages PagePropsByName). Every `@ts-expect-error` below must
// be an error, or tsc reports the directive as unused and the typecheck fails.
import type { PagePropsFor, Purchase } from '@tessera/pages';
import type { Response } from 'express';
import { expectTypeOf } from 'vitest';
import type { PageInput, PageName } from './page-contract.ts';
import { always, once, optional } from './props.ts';

const purchase: Purchase = {
  id: 1,
  date: '2025-06-15T12:00:00.000Z',
  packageName: 'Marketing',
  amount: '$149',
  refunded: false,
  url: 'https://receipts.example/1',
  source: 'paddle',
};

export async function pagesAreTypedByName(res: Response) {
  // Every prop, plain or in each wrapper the protocol knows.
  await res.inertia('AccountSettings', {
    email: 'ada@example.com',
    purchases: [purchase],
    accessTokens: [],
    twoFactor: { totp: false, recoveryCodesLeft: 0, required: false, enrolment: null },
    passkeys: [],
  });
  await res.inertia('AccountSettings', {
    email: () => 'ada@example.com',
    purchases: async () => [purchase],
    accessTokens: async () => [],
    passkeys: async () => [],
    twoFactor: async () => ({
      totp: true,
      recoveryCodesLeft: 10,
      required: false,
      enrolment: null,
    }),
  });
  const help = 'help@example.com';
  await res.inertia('ThankYou', {
    hash: 'h',
    isUpgrade: false,
    supportEmail: () => Promise.resolve(undefined),
  });
  await res.inertia('ThankYou', { hash: 'h', isUpgrade: false, supportEmail: once(() => help) });
  await res.inertia('ThankYou', {
    hash: 'h',
    isUpgrade: false,
    supportEmail: optional(() => help),
  });
  await res.inertia('ThankYou', { hash: 'h', isUpgrade: false, supportEmail: always(help) });
  // An optional prop may be left out; `errors` may replace the flashed ones on any page.
  await res.inertia('Login', {});
  await res.inertia('Login', { errors: { email: 'Too many attempts.' } }, { status: 429 });
  await res.inertia('NewsletterThankYou', {});
  // A controller may build the props elsewhere, typed by the page.
  const home: PageInput<'Home'> = {
    featuredProducts: [],
    templates: [],
    componentCount: 0,
    teamPricing: null,
    blackFriday: null,
  };
  await res.inertia('Home', home);

  // @ts-expect-error: no page has this name
  await res.inertia('Chekout', {});
  // @ts-expect-error: a prop the page does not expect
  await res.inertia('NewsletterThankYou', { email: 'ada@example.com' });
  // @ts-expect-error: a prop the page does not expect, beside the ones it does
  await res.inertia('Support', { supportEmail: 's@x', issueTrackerUrl: 'https://x', extra: 1 });
  const withExtra = { supportEmail: 's@x', issueTrackerUrl: 'https://x', issues: 'https://x' };
  // @ts-expect-error: an unexpected prop that comes through a variable
  await res.inertia('Support', withExtra);
  // @ts-expect-error: an unexpected prop that comes through a spread
  await res.inertia('Support', { ...withExtra });
  // @ts-expect-error: a missing prop (`purchases`)
  await res.inertia('AccountSettings', { email: 'ada@example.com' });
  // @ts-expect-error: a missing prop, given lazily or not at all
  await res.inertia('Templates', {});
  // @ts-expect-error: a prop of the wrong type
  await res.inertia('PageViewsReport', { days: '30', rows: [] });
  // @ts-expect-error: a lazy prop that resolves to the wrong type
  await res.inertia('PageViewsReport', { days: async () => '30', rows: [] });
  // @ts-expect-error: a once-prop of the wrong type
  await res.inertia('ThankYou', { hash: 'h', isUpgrade: false, supportEmail: once(() => 42) });
  // @ts-expect-error: a flash message as a prop: it travels in the page object's `flash`
  await res.inertia('Login', { status: 'Your password has been reset.' });
  // @ts-expect-error: a purchase row lacking the page's fields
  await res.inertia('AccountSettings', { email: 'a@x', purchases: [{ id: 1 }] });
  await res.inertia('AccountSettings', {
    email: 'a@x',
    accessTokens: [],
    // @ts-expect-error: a purchase row with a field the page does not know
    purchases: [{ ...purchase, buyerIp: '203.0.113.1' }],
  });
}

// What a container reads: the page's own props, the shared page data and `errors`.
expectTypeOf<PagePropsFor<'Home'>>().toHaveProperty('featuredProducts');
expectTypeOf<PagePropsFor<'Home'>>().toHaveProperty('auth');
expectTypeOf<PagePropsFor<'Home'>>().toHaveProperty('errors');
expectTypeOf<'Home'>().toExtend<PageName>();
expectTypeOf<'Broken'>().not.toExtend<PageName>();
// Flash messages are no prop: one road, the page object's `flash`.
expectTypeOf<PagePropsFor<'Home'>>().not.toHaveProperty('flash');
expectTypeOf<PagePropsFor<'Login'>>().not.toHaveProperty('status');

import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import {
  EMAIL_TAKEN,
  EMAIL_UPDATED,
  PASSWORD_UPDATED,
  WRONG_CURRENT_PASSWORD,
} from './controller.ts';

const PASSWORD = 'correct horse battery staple';

async function signIn(
  app: Awaited<ReturnType<typeof testApp>>,
  email: string,
  password = PASSWORD,
) {
  const browser = new TestBrowser(app.app);
  await browser.submit('post', '/login', { email, password, remember: false });
  return browser;
}

async function purchase(
  app: Awaited<ReturnType<typeof testApp>>,
  userId: number,
  values: { product: string; amount: number; source?: string; refunded?: boolean; at: string },
) {
  const db = app.services.database.db;
  let product = await db
    .selectFrom('products')
    .select('id')
    .where('slug', '=', values.product)
    .executeTakeFirst();
  product ??= await db
    .insertInto('products')
    .values({
      slug: values.product,
      name: values.product,
      type: 'components',
      price_amount: values.amount,
      price_currency: 'USD',
      sort_order: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('purchases')
    .values({
      user_id: userId,
      product_id: product.id,
      amount: values.amount,
      currency: 'USD',
      source: values.source ?? 'paddle',
      receipt_url: `https://receipts.example.com/${values.product}`,
      refunded_at: values.refunded ? Date.parse(values.at) : null,
      created_at: Date.parse(values.at),
    })
    .execute();
}

describe(`account settings (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('shows the signed-in user their own purchases only, newest first', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    const userId = await createUser(app.services, email, PASSWORD);
    const otherId = await createUser(app.services, uniqueEmail('other'), PASSWORD);
    await purchase(app, userId, {
      product: `Marketing ${userId}`,
      amount: 14900,
      at: '2024-03-01T10:00:00Z',
    });
    await purchase(app, userId, {
      product: `Ecommerce ${userId}`,
      amount: 14950,
      refunded: true,
      source: 'gumroad',
      at: '2024-05-01T10:00:00Z',
    });
    await purchase(app, otherId, {
      product: `All-access ${otherId}`,
      amount: 29900,
      at: '2024-04-01T10:00:00Z',
    });

    const browser = await signIn(app, email);
    const page = await browser.visit('/account-settings');
    expect(page.body.component).toBe('AccountSettings');
    expect(page.body.props.email).toBe(email);
    expect(page.body.props.purchases).toEqual([
      expect.objectContaining({
        packageName: `Ecommerce ${userId}`,
        amount: '$149.50',
        refunded: true,
        source: 'gumroad',
        date: '2024-05-01T10:00:00.000Z',
      }),
      expect.objectContaining({
        packageName: `Marketing ${userId}`,
        amount: '$149',
        refunded: false,
        source: 'paddle',
      }),
    ]);
    expect(JSON.stringify(page.body.props.purchases)).not.toContain(`All-access ${otherId}`);
    expect(JSON.stringify(page.body)).not.toContain('password_hash');
  });

  it('changes the e-mail address, refusing one that another account has', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    const taken = uniqueEmail('taken');
    await createUser(app.services, email, PASSWORD);
    await createUser(app.services, taken, PASSWORD);
    const browser = await signIn(app, email);

    await browser.submit('put', '/account-settings/email', { email: taken.toUpperCase() });
    expect(await browser.errorsAfterRedirect('/account-settings')).toEqual({ email: EMAIL_TAKEN });
    await browser.submit('put', '/account-settings/email', { email: 'not-an-address' });
    expect((await browser.errorsAfterRedirect('/account-settings')).email).toMatch(/valid email/);

    const next = uniqueEmail('next');
    const response = await browser.submit('put', '/account-settings/email', {
      email: `  ${next} `,
    });
    // Inertia turns a redirect after PUT into 303 so the browser follows with GET.
    expect(response.status).toBe(303);
    const page = await browser.visit('/account-settings');
    expect(page.body.props.flash).toEqual({ success: EMAIL_UPDATED });
    expect(page.body.props.email).toBe(next);
    expect(await (await signIn(app, next)).signedInAs()).toBe(next);
  });

  it('changes the password with the current one, and ends the other sessions', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = await signIn(app, email);
    const elsewhere = await signIn(app, email);

    await browser.submit('put', '/account-settings/password', {
      old_password: 'nope nope nope',
      new_password: 'fresh passphrase 1',
    });
    expect(await browser.errorsAfterRedirect('/account-settings')).toEqual({
      old_password: WRONG_CURRENT_PASSWORD,
    });
    await browser.submit('put', '/account-settings/password', {
      old_password: PASSWORD,
      new_password: 'qwertyuiop',
    });
    expect((await browser.errorsAfterRedirect('/account-settings')).new_password).toMatch(
      /too common/,
    );
    await browser.submit('put', '/account-settings/password', { old_password: PASSWORD });
    expect((await browser.errorsAfterRedirect('/account-settings')).new_password).toMatch(
      /required/,
    );
    expect(await elsewhere.signedInAs()).toBe(email);

    await browser.submit('put', '/account-settings/password', {
      old_password: PASSWORD,
      new_password: 'fresh passphrase 1',
    });
    expect((await browser.visit('/account-settings')).body.props.flash).toEqual({
      success: PASSWORD_UPDATED,
    });
    expect(await browser.signedInAs()).toBe(email);
    expect(await elsewhere.signedInAs()).toBeNull();
    expect(await (await signIn(app, email)).signedInAs()).toBeNull();
    expect(await (await signIn(app, email, 'fresh passphrase 1')).signedInAs()).toBe(email);
  });

  it('keeps visitors out of every account call', async () => {
    const app = await testApp();
    const browser = new TestBrowser(app.app);
    expect((await browser.visit('/account-settings')).headers.location).toBe('/login');
    expect(
      (await browser.submit('put', '/account-settings/email', { email: uniqueEmail() })).status,
    ).toBe(401);
    expect(
      (
        await browser.submit('put', '/account-settings/password', {
          old_password: 'a',
          new_password: 'b',
        })
      ).status,
    ).toBe(401);
  });
});

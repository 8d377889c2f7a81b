import { describe, expect, it } from 'vitest';
import { signIn, trySignIn } from '../../../test/sign-in.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import type { StoredMail } from '../../mail/mailer.ts';
import {
  EMAIL_CHANGE_UNDONE,
  EMAIL_TAKEN,
  EMAIL_UPDATED,
  PASSWORD_UPDATED,
  UNDO_LINK_PROBLEMS,
  WRONG_CURRENT_PASSWORD,
  WRONG_PASSWORD,
} from './controller.ts';

const PASSWORD = 'correct horse battery staple';

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

async function mailTo(
  app: Awaited<ReturnType<typeof testApp>>,
  to: string,
  subject: RegExp,
): Promise<StoredMail[]> {
  // The mail leaves in the background: give it a moment.
  for (let i = 0; i < 50; i += 1) {
    const mails = (await app.services.mailer.outbox!.list()).filter(
      (mail) => mail.to === to && subject.test(mail.subject),
    );
    if (mails.length > 0) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}

const CHANGED_SUBJECT = /e-mail address of your .* account was changed/;

function undoPath(mail: StoredMail): string {
  const url = new URL(/https?:\/\/\S+\/account-settings\/email\/undo\/\S+/.exec(mail.text)![0]);
  expect(mail.html).toContain(url.pathname);
  return url.pathname;
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

    const browser = await signIn(app.app, email, PASSWORD, { remember: false });
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
    const browser = await signIn(app.app, email, PASSWORD, { remember: false });

    await browser.submit('put', '/account-settings/email', {
      email: taken.toUpperCase(),
      password: PASSWORD,
    });
    expect(await browser.errorsAfterRedirect('/account-settings')).toEqual({ email: EMAIL_TAKEN });
    await browser.submit('put', '/account-settings/email', {
      email: 'not-an-address',
      password: PASSWORD,
    });
    expect((await browser.errorsAfterRedirect('/account-settings')).email).toMatch(/valid email/);

    const next = uniqueEmail('next');
    const response = await browser.submit('put', '/account-settings/email', {
      email: `  ${next} `,
      password: PASSWORD,
    });
    // Inertia turns a redirect after PUT into 303 so the browser follows with GET.
    expect(response.status).toBe(303);
    const page = await browser.visit('/account-settings');
    expect(page.body.flash).toEqual({ status: EMAIL_UPDATED });
    expect(page.body.props.email).toBe(next);
    expect(await (await signIn(app.app, next, PASSWORD, { remember: false })).signedInAs()).toBe(
      next,
    );
  });

  it('asks for the current password before changing the e-mail address', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = await signIn(app.app, email, PASSWORD, { remember: false });
    const next = uniqueEmail('next');

    await browser.submit('put', '/account-settings/email', { email: next });
    expect(await browser.errorsAfterRedirect('/account-settings')).toEqual({
      password: 'The password field is required.',
    });
    await browser.submit('put', '/account-settings/email', { email: next, password: 'not it!!' });
    expect(await browser.errorsAfterRedirect('/account-settings')).toEqual({
      password: WRONG_PASSWORD,
    });
    const json = await browser.agent
      .put('/account-settings/email')
      .set('Accept', 'application/json')
      .set('X-XSRF-TOKEN', browser.xsrf)
      .send({ email: next, password: 'still not it' });
    expect(json.status).toBe(422);
    expect(json.body.errors).toEqual({ password: WRONG_PASSWORD });

    // Nothing changed, and nobody was told anything.
    expect((await browser.visit('/account-settings')).body.props.email).toBe(email);
    expect(
      await (await trySignIn(app.app, next, PASSWORD, { remember: false })).browser.signedInAs(),
    ).toBeNull();
    expect(await mailTo(app, email, CHANGED_SUBJECT)).toEqual([]);
  });

  it('tells the old address, with an undo link that restores it and signs everyone else out', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const attacker = await signIn(app.app, email, PASSWORD, { remember: false });
    const owner = await signIn(app.app, email, PASSWORD, { remember: false });
    const next = uniqueEmail('attacker');

    await attacker.submit('put', '/account-settings/email', { email: next, password: PASSWORD });
    expect((await attacker.visit('/account-settings')).body.props.email).toBe(next);
    const [notice, ...more] = await mailTo(app, email, CHANGED_SUBJECT);
    expect(more).toEqual([]);
    expect(notice!.to).toBe(email);
    expect(notice!.text).toContain(email);
    expect(notice!.text).toContain(next);
    expect(await mailTo(app, next, CHANGED_SUBJECT)).toEqual([]);
    const undo = undoPath(notice!);
    expect(undo).toMatch(/^\/account-settings\/email\/undo\/[\w-]{43}$/);

    // The owner opens the link in a browser that is not signed in.
    const mailbox = new TestBrowser(app.app);
    const done = await mailbox.visit(undo);
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/login');
    expect((await mailbox.visit('/login')).body.flash.status).toBe(EMAIL_CHANGE_UNDONE(email));

    // Every session is out, the old address signs in again, the new one does not.
    expect(await attacker.signedInAs()).toBeNull();
    expect(await owner.signedInAs()).toBeNull();
    expect(
      await (await trySignIn(app.app, next, PASSWORD, { remember: false })).browser.signedInAs(),
    ).toBeNull();
    expect(await (await signIn(app.app, email, PASSWORD, { remember: false })).signedInAs()).toBe(
      email,
    );
    // Whoever changed it knew the password: the owner is sent a link to choose a new one.
    const [reset] = await mailTo(app, email, /Reset your .* password/);
    expect(reset?.text).toContain('/password/reset/');

    // Used once: a second click is refused and changes nothing.
    const again = await mailbox.visit(undo);
    expect(again.status).toBe(410);
    expect(again.body.props.message).toBe(UNDO_LINK_PROBLEMS.used);
  });

  it('a signed-in owner who undoes stays signed in on that browser only', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const owner = await signIn(app.app, email, PASSWORD, { remember: false });
    const elsewhere = await signIn(app.app, email, PASSWORD, { remember: false });
    await elsewhere.submit('put', '/account-settings/email', {
      email: uniqueEmail('next'),
      password: PASSWORD,
    });
    const undo = undoPath((await mailTo(app, email, CHANGED_SUBJECT))[0]!);
    const done = await owner.visit(undo);
    expect(done.headers.location).toBe('/account-settings');
    const page = await owner.visit('/account-settings');
    expect(page.body.props.email).toBe(email);
    expect(page.body.flash).toEqual({ success: EMAIL_CHANGE_UNDONE(email) });
    expect(await elsewhere.signedInAs()).toBeNull();
  });

  it('refuses an undo link that was tampered with, expired, or outdone by an earlier one', async () => {
    let clock = new Date('2025-06-15T12:00:00Z').getTime();
    const app = await testApp({ now: () => new Date(clock) });
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = await signIn(app.app, email, PASSWORD, { remember: false });
    const second = uniqueEmail('second');
    await browser.submit('put', '/account-settings/email', {
      email: uniqueEmail('first'),
      password: PASSWORD,
    });
    const undo = undoPath((await mailTo(app, email, CHANGED_SUBJECT))[0]!);
    const token = undo.split('/').pop()!;
    const visitor = new TestBrowser(app.app);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const hostile = [
      flipped,
      token.slice(0, -1),
      `${token}x`,
      token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase(),
      // Double-encoded last character: the token only after a second decode, which is not done.
      `${token.slice(0, -1)}%25${token.charCodeAt(token.length - 1).toString(16)}`,
      `${token}%00`,
      '%ED%A0%80',
      '%F0%9F%98%80',
      'x'.repeat(5000),
      '..%2F..%2Flogin',
    ];
    let refused = 0;
    for (const attempt of hostile) {
      const response = await visitor.visit(`/account-settings/email/undo/${attempt}`);
      expect(response.status, attempt).toBeGreaterThanOrEqual(400);
      expect(response.status, attempt).toBeLessThan(500);
      refused += 1;
    }
    expect(refused).toBe(hostile.length);
    expect((await browser.visit('/account-settings')).body.props.email).not.toBe(email);

    // A later change mails a link to the (then current) address; the first link still wins.
    const firstAddress = (await browser.visit('/account-settings')).body.props.email as string;
    await browser.submit('put', '/account-settings/email', { email: second, password: PASSWORD });
    const laterUndo = undoPath((await mailTo(app, firstAddress, CHANGED_SUBJECT))[0]!);

    clock += 7 * 24 * 60 * 60 * 1000 + 1;
    expect((await visitor.visit(undo)).status).toBe(410);
    expect((await visitor.visit(undo)).body.props.message).toBe(UNDO_LINK_PROBLEMS.expired);
    expect((await browser.visit('/account-settings')).body.props.email).toBe(second);

    clock -= 2;
    expect((await visitor.visit(undo)).status).toBe(302);
    expect(await (await signIn(app.app, email, PASSWORD, { remember: false })).signedInAs()).toBe(
      email,
    );
    // The undo spent every other undo link of the account: the later one cannot flip it back.
    const later = await visitor.visit(laterUndo);
    expect(later.status).toBe(410);
    expect(later.body.props.message).toBe(UNDO_LINK_PROBLEMS.used);
    expect(await (await signIn(app.app, email, PASSWORD, { remember: false })).signedInAs()).toBe(
      email,
    );
  });

  it('changes the password with the current one, and ends the other sessions', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = await signIn(app.app, email, PASSWORD, { remember: false });
    const elsewhere = await signIn(app.app, email, PASSWORD, { remember: false });

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
    expect((await browser.visit('/account-settings')).body.flash).toEqual({
      status: PASSWORD_UPDATED,
    });
    expect(await browser.signedInAs()).toBe(email);
    expect(await elsewhere.signedInAs()).toBeNull();
    expect(
      await (await trySignIn(app.app, email, PASSWORD, { remember: false })).browser.signedInAs(),
    ).toBeNull();
    expect(
      await (await signIn(app.app, email, 'fresh passphrase 1', { remember: false })).signedInAs(),
    ).toBe(email);
  });

  it('takes a new password of exactly 8 and exactly 256 characters, not 7 or 257', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = await signIn(app.app, email, PASSWORD, { remember: false });
    const of = (length: number) => 'Zt4!mQ9w'.repeat(33).slice(0, length);
    let current = PASSWORD;
    for (const [length, ok] of [
      [7, false],
      [257, false],
      [8, true],
      [256, true],
    ] as const) {
      const next = of(length);
      const response = await browser.submit('put', '/account-settings/password', {
        old_password: current,
        new_password: next,
      });
      expect(response.status).toBe(303);
      const page = await browser.visit('/account-settings');
      if (ok) {
        expect(page.body.flash, `${length}`).toEqual({ status: PASSWORD_UPDATED });
        current = next;
      } else {
        expect(page.body.props.errors.new_password, `${length}`).toMatch(
          length < 8 ? /at least 8/ : /not be longer than 256/,
        );
      }
    }
    expect(await (await signIn(app.app, email, of(256), { remember: false })).signedInAs()).toBe(
      email,
    );
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

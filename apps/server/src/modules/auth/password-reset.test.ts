import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import type { StoredMail } from '../../mail/mailer.ts';
import { PASSWORD_RESET_STATUS, RESET_LINK_SENT_MESSAGE } from './controller.ts';
import { RESET_PASSWORD_NOTICE } from '@tessera/pages/constants';
import { RESET_LINK_INVALID } from './schemas.ts';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase';

async function mailTo(app: Awaited<ReturnType<typeof testApp>>, to: string): Promise<StoredMail[]> {
  // The mail leaves in the background: give it a moment.
  for (let i = 0; i < 50; i += 1) {
    const mails = (await app.services.mailer.outbox!.list()).filter((mail) => mail.to === to);
    if (mails.length > 0) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}

function resetLink(mail: StoredMail): { token: string; email: string } {
  const url = new URL(/https?:\/\/\S+\/password\/reset\/\S+/.exec(mail.text)![0]);
  return {
    token: decodeURIComponent(url.pathname.split('/').pop()!),
    email: url.searchParams.get('email')!,
  };
}

describe(`password reset (${TEST_DATABASE})`, () => {
  it('answers the same whether or not the address has an account, and mails only real ones', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const nobody = uniqueEmail('nobody');
    const answers = [];
    for (const address of [email, nobody]) {
      const browser = new TestBrowser(app.app);
      const response = await browser.submit('post', '/password/email', { email: address });
      const page = await browser.visit(response.headers.location!);
      answers.push({
        status: response.status,
        location: response.headers.location,
        flash: page.body.flash,
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.flash).toEqual({ status: RESET_LINK_SENT_MESSAGE });
    const [mail] = await mailTo(app, email);
    expect(mail?.subject).toMatch(/Reset your .* password/);
    expect(mail?.html).toContain('/password/reset/');
    expect(await mailTo(app, nobody)).toEqual([]);
    // The token carries at least 128 bits (base64url of 32 random bytes is 43 characters).
    expect(resetLink(mail!).token.length).toBeGreaterThanOrEqual(22);
  });

  it('resets once with the mailed link; the old password and a second use both fail', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const stillSignedIn = new TestBrowser(app.app);
    await stillSignedIn.submit('post', '/login', { email, password: PASSWORD, remember: false });
    expect(await stillSignedIn.signedInAs()).toBe(email);

    const browser = new TestBrowser(app.app);
    await browser.submit('post', '/password/email', { email });
    const link = resetLink((await mailTo(app, email))[0]!);
    const form = await browser.visit(
      `/password/reset/${link.token}?email=${encodeURIComponent(link.email)}`,
    );
    expect(form.body.component).toBe('ResetPassword');
    expect(form.body.props).toMatchObject({ token: link.token, email });

    const done = await browser.submit('post', '/password/reset', {
      ...link,
      password: NEW_PASSWORD,
    });
    expect(done.headers.location).toBe('/login');
    expect((await browser.visit('/login')).body.flash.status).toBe(PASSWORD_RESET_STATUS);
    // What the form said would happen: signed out here too, asked to sign in with the new one.
    expect(RESET_PASSWORD_NOTICE).toMatch(/signs your account out everywhere.*sign in/);
    expect(await browser.signedInAs()).toBeNull();
    // A reset ends the sessions that knew the old password.
    expect(await stillSignedIn.signedInAs()).toBeNull();

    const again = await browser.submit('post', '/password/reset', {
      ...link,
      password: 'yet another passphrase',
    });
    expect(again.headers.location).toBe(`/password/reset/${link.token}`);
    expect((await browser.errorsAfterRedirect('/login')).token).toMatch(/already been used/);

    const old = new TestBrowser(app.app);
    await old.submit('post', '/login', { email, password: PASSWORD });
    expect(await old.signedInAs()).toBeNull();
    const fresh = new TestBrowser(app.app);
    await fresh.submit('post', '/login', { email, password: NEW_PASSWORD });
    expect(await fresh.signedInAs()).toBe(email);
  });

  it('refuses an expired link (60 minutes), a made-up one and one for another address', async () => {
    let clock = new Date('2025-06-15T12:00:00Z').getTime();
    const app = await testApp({ now: () => new Date(clock) });
    const email = uniqueEmail();
    const other = uniqueEmail('other');
    await createUser(app.services, email, PASSWORD);
    await createUser(app.services, other, PASSWORD);
    const browser = new TestBrowser(app.app);
    await browser.submit('post', '/password/email', { email });
    const link = resetLink((await mailTo(app, email))[0]!);

    await browser.submit('post', '/password/reset', {
      ...link,
      email: other,
      password: NEW_PASSWORD,
    });
    expect((await browser.errorsAfterRedirect('/login')).token).toMatch(/invalid/);
    await browser.submit('post', '/password/reset', {
      ...link,
      token: 'x'.repeat(43),
      password: NEW_PASSWORD,
    });
    expect((await browser.errorsAfterRedirect('/login')).token).toMatch(/invalid/);

    clock += 61 * 60 * 1000;
    await browser.submit('post', '/password/reset', { ...link, password: NEW_PASSWORD });
    expect((await browser.errorsAfterRedirect('/login')).token).toMatch(/expired/);
  });

  it('applies the password policy to the new password', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = new TestBrowser(app.app);
    await browser.submit('post', '/password/email', { email });
    const link = resetLink((await mailTo(app, email))[0]!);
    await browser.submit('post', '/password/reset', { ...link, password: 'short' });
    expect((await browser.errorsAfterRedirect('/login')).password).toMatch(/at least 8/);
    await browser.submit('post', '/password/reset', { ...link, password: 'password123' });
    expect((await browser.errorsAfterRedirect('/login')).password).toMatch(/too common/);
  });

  it('limits reset requests to 5 a minute per address and IP', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    const browser = new TestBrowser(app.app);
    for (let i = 0; i < 5; i += 1) await browser.submit('post', '/password/email', { email });
    await browser.submit('post', '/password/email', { email });
    expect((await browser.errorsAfterRedirect('/password/reset')).email).toMatch(
      /^Too many reset requests\. Please try again in \d+ seconds?\.$/,
    );
  });

  it('refuses a token with a lone surrogate with a clear error, not a 500', async () => {
    const app = await testApp();
    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const browser = new TestBrowser(app.app);
    await browser.visit('/login');
    const tokens = [
      '\uD800',
      `abc\uDC00def`,
      `${'x'.repeat(42)}\uD83D`,
      'tok\u0000en',
      'a b',
      '../x',
    ];
    // NUL bytes and lone surrogates are stopped by the input guard before the reset code sees
    // them (its own message); the reset code refuses the rest of what its tokens never contain.
    const expected = (token: string) =>
      token.includes('\u0000') || /[\uD800-\uDFFF]/.test(token)
        ? expect.stringMatching(/not allowed \(a NUL byte or an unpaired UTF-16 surrogate\)/)
        : RESET_LINK_INVALID;
    let refused = 0;
    for (const token of tokens) {
      const json = await browser.agent
        .post('/password/reset')
        .set('Accept', 'application/json')
        .set('X-XSRF-TOKEN', browser.xsrf)
        .send({ token, email, password: NEW_PASSWORD });
      expect(json.status, JSON.stringify(token)).toBe(422);
      expect(json.body.errors).toEqual({ token: expected(token) });
      const form = await browser.submit('post', '/password/reset', {
        token,
        email,
        password: NEW_PASSWORD,
      });
      expect(form.status).toBe(302);
      expect((await browser.errorsAfterRedirect('/login')).token).toEqual(expected(token));
      refused += 1;
    }
    expect(refused).toBe(tokens.length);
    const old = new TestBrowser(app.app);
    await old.submit('post', '/login', { email, password: PASSWORD });
    expect(await old.signedInAs()).toBe(email);
  });

  it('takes a new password of exactly 8 and exactly 256 characters, not 7 or 257', async () => {
    const app = await testApp();
    // A user per case: each gets one link and one submission, well inside the reset limit.
    const link = async () => {
      const email = uniqueEmail();
      await createUser(app.services, email, PASSWORD);
      const browser = new TestBrowser(app.app);
      await browser.submit('post', '/password/email', { email });
      return { email, browser, link: resetLink((await mailTo(app, email))[0]!) };
    };
    for (const [password, problem] of [
      ['k3#Vb9!q'.slice(0, 7), /at least 8/],
      ['x7Gq2'.repeat(52).slice(0, 257), /not be longer than 256/],
    ] as const) {
      const { browser, link: l } = await link();
      await browser.submit('post', '/password/reset', { ...l, password });
      expect((await browser.errorsAfterRedirect('/login')).password).toMatch(problem);
    }
    for (const password of ['k3#Vb9!q', 'x7Gq2'.repeat(52).slice(0, 256)]) {
      expect([8, 256]).toContain(password.length);
      const { email, browser, link: l } = await link();
      const done = await browser.submit('post', '/password/reset', { ...l, password });
      expect(done.headers.location).toBe('/login');
      const signedIn = new TestBrowser(app.app);
      await signedIn.submit('post', '/login', { email, password });
      expect(await signedIn.signedInAs()).toBe(email);
    }
  });
});

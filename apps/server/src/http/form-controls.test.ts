import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pageFromHtml, testApp } from '../../test/helpers.ts';
import { enrolSecondFactor, TEST_APP_NOW, totpCode } from '../../test/second-factor.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../test/services.ts';
import { createUser, uniqueEmail } from '../../test/users.ts';
import { CSRF_STATUS } from './csrf.ts';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase here';
type App = Awaited<ReturnType<typeof testApp>>['app'];

/**
 * A browser with JavaScript off: it loads documents (never Inertia JSON), keeps its cookies and
 * posts forms as HTML does, urlencoded, with the fields the document's form holds, the CSRF
 * token among them, and a Referer.
 */
class PlainBrowser {
  readonly agent: ReturnType<typeof request.agent>;
  token = '';
  constructor(app: App) {
    this.agent = request.agent(app);
  }
  async open(path: string) {
    const response = await this.agent.get(path).set('Accept', 'text/html');
    const page = pageFromHtml(response.text);
    this.token = String((page.props as { csrfToken?: string }).csrfToken ?? '');
    return { response, page };
  }
  post(path: string, from: string, fields: Record<string, string>) {
    return this.agent
      .post(path)
      .set('Accept', 'text/html')
      .set('Referer', `http://127.0.0.1${from}`)
      .type('form')
      .send(fields);
  }
}

async function signedIn(app: App, email: string): Promise<PlainBrowser> {
  const browser = new PlainBrowser(app);
  await browser.open('/login');
  const answer = await browser.post('/login', '/login', {
    _token: browser.token,
    email,
    password: PASSWORD,
  });
  expect(answer.status).toBe(302);
  return browser;
}

describe(`forms posted without JavaScript (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('gives a page with a form the CSRF token of its cookie, and a cached public page none', async () => {
    const { app } = await testApp();
    const browser = new PlainBrowser(app);
    const { response } = await browser.open('/login');
    const cookie = /XSRF-TOKEN=([^;]+)/.exec(String(response.headers['set-cookie']))?.[1];
    expect(browser.token).not.toBe('');
    expect(decodeURIComponent(cookie ?? '')).toBe(browser.token);
    const home = await browser.open('/');
    expect('csrfToken' in home.page.props).toBe(false);
  });

  it('signs in with a plain form post and refuses one without the token', async () => {
    const { app, services } = await testApp();
    const email = uniqueEmail();
    await createUser(services, email, PASSWORD);

    const forged = new PlainBrowser(app);
    await forged.open('/login');
    const refused = await forged.post('/login', '/login', { email, password: PASSWORD });
    expect(refused.status).toBe(CSRF_STATUS);

    const wrong = new PlainBrowser(app);
    await wrong.open('/login');
    const back = await wrong.post('/login', '/login', {
      _token: wrong.token,
      email,
      password: 'not the password',
    });
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe('/login');
    const again = await wrong.open('/login');
    expect(again.page.props.errors).toEqual({
      email: 'These credentials do not match our records.',
    });

    const browser = await signedIn(app, email);
    const account = await browser.agent.get('/account-settings').set('Accept', 'text/html');
    expect(account.status).toBe(200);
    expect(pageFromHtml(account.text).component).toBe('AccountSettings');
  });

  it('finishes the second step of a sign-in with a plain form post, and refuses one without the token', async () => {
    const { app, services, config } = await testApp();
    const email = uniqueEmail();
    const id = await createUser(services, email, PASSWORD);
    await enrolSecondFactor(services.database, config.sessionSecret, id, () => TEST_APP_NOW);
    const browser = new PlainBrowser(app);
    await browser.open('/login');
    const first = await browser.post('/login', '/login', {
      _token: browser.token,
      email,
      password: PASSWORD,
    });
    expect(first.headers.location).toBe('/login/second-factor');
    const step = await browser.open('/login/second-factor');
    expect(step.page.component).toBe('SecondFactor');
    expect(browser.token).not.toBe('');
    const code = await totpCode(TEST_APP_NOW);
    const forged = await browser.post('/login/second-factor', '/login/second-factor', { code });
    expect(forged.status).toBe(CSRF_STATUS);
    const done = await browser.post('/login/second-factor', '/login/second-factor', {
      _token: browser.token,
      code,
    });
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe('/');
    const account = await browser.agent.get('/account-settings').set('Accept', 'text/html');
    expect(pageFromHtml(account.text).component).toBe('AccountSettings');
  });

  it('takes `_method` from a urlencoded POST body only, and names the error bag', async () => {
    const { app, services } = await testApp();
    const email = uniqueEmail();
    await createUser(services, email, PASSWORD);
    const browser = await signedIn(app, email);
    await browser.open('/account-settings');
    const fields = { old_password: 'wrong', new_password: NEW_PASSWORD };

    // In the query string or a JSON body, `_method` is nobody's word: the POST finds no route.
    const inQuery = await browser.agent
      .post('/account-settings/password?_method=PUT')
      .set('Accept', 'text/html')
      .type('form')
      .send({ _token: browser.token, ...fields });
    expect(inQuery.status).toBe(404);
    const inJson = await browser.agent
      .post('/account-settings/password')
      .set('Accept', 'text/html')
      .set('X-XSRF-TOKEN', browser.token)
      .send({ _method: 'PUT', ...fields });
    expect(inJson.status).toBe(404);
    // A POST never becomes a GET.
    const asGet = await browser.post('/account-settings', '/account-settings', {
      _token: browser.token,
      _method: 'GET',
    });
    expect(asGet.status).toBe(404);

    // The form's own post: PUT through `_method`, the errors come back in the form's bag.
    const failed = await browser.post('/account-settings/password', '/account-settings', {
      _token: browser.token,
      _method: 'PUT',
      _error_bag: 'password',
      ...fields,
    });
    expect(failed.status).toBe(302);
    expect(failed.headers.location).toBe('/account-settings');
    const shown = await browser.open('/account-settings');
    expect(shown.page.props.errors).toEqual({
      password: { old_password: 'The current password is incorrect.' },
    });

    const saved = await browser.post('/account-settings/password', '/account-settings', {
      _token: browser.token,
      _method: 'put',
      old_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(saved.status).toBe(302);
    const fresh = new PlainBrowser(app);
    await fresh.open('/login');
    const withNew = await fresh.post('/login', '/login', {
      _token: fresh.token,
      email,
      password: NEW_PASSWORD,
    });
    expect(withNew.headers.location).toBe('/');
  });
});

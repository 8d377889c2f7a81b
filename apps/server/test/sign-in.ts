import type { Express } from 'express';
import type request from 'supertest';
import type { Services } from '../src/services.ts';
import { TestBrowser } from './browser.ts';
import { createUser, uniqueEmail } from './users.ts';

/**
 * Signing in, the way every server test does it: a fresh browser fetches its CSRF token (from
 * the home page, or from the sign-in page with `via: '/login'`), then posts the sign-in form.
 */

/** The password of the people `signedInUser` makes. */
export const PASSWORD = 'correct-horse-battery-staple';

export interface SignInOptions {
  /** Sent as the form's "remember me" box when given; left out of the form otherwise. */
  remember?: boolean;
  /** The page the browser reads its CSRF token from first (the home page unless told). */
  via?: string;
  /** Also ask the server whom the browser is signed in as (one more request). */
  confirm?: boolean;
  /**
   * The second step (decision 044), sent when the password's answer asks for it: the account
   * has a second factor. Without it, such a sign-in stops half-way (a 302 to the step).
   */
  secondStep?: (browser: TestBrowser) => Promise<request.Response>;
}

/** A fresh browser that sent the sign-in form, and the server's answer: success or not. */
export async function trySignIn(
  app: Express | string,
  email: string,
  password: string,
  options: Pick<SignInOptions, 'remember' | 'via'> = {},
): Promise<{ browser: TestBrowser; response: request.Response }> {
  const browser = new TestBrowser(app);
  if (options.via) await browser.visit(options.via);
  const form = options.remember === undefined ? {} : { remember: options.remember };
  const response = await browser.submit('post', '/login', { email, password, ...form });
  return { browser, response };
}

/** A browser signed in as `email`; throws, saying why, if the server did not sign it in. */
export async function signIn(
  app: Express | string,
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<TestBrowser> {
  const tried = await trySignIn(app, email, password, options);
  const { browser } = tried;
  let response = tried.response;
  if (options.secondStep && response.headers.location === '/login/second-factor')
    response = await options.secondStep(browser);
  if (![302, 303].includes(response.status))
    throw new Error(`Sign-in as ${email} answered ${response.status}`);
  if (options.confirm) {
    const who = await browser.signedInAs();
    if (who !== email) throw new Error(`Sign-in as ${email} left the browser as ${who}`);
  }
  return browser;
}

/** A new account (an operator with `admin`), signed in on its own browser. */
export async function signedInUser(
  services: Services,
  app: Express | string,
  name = 'user',
  options: { admin?: boolean } = {},
) {
  const email = uniqueEmail(name);
  const id = await createUser(services, email, PASSWORD, 10, options);
  const browser = await signIn(app, email, PASSWORD);
  return { id, email, browser };
}

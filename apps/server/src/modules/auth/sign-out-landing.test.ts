import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { landingAfterSignOut } from './middleware.ts';

describe('landingAfterSignOut', () => {
  it('keeps a public page and leaves a page that needs an account for the home page', () => {
    expect(landingAfterSignOut('/components/marketing/sections/heroes')).toBe(
      '/components/marketing/sections/heroes',
    );
    expect(landingAfterSignOut('/templates?x=1')).toBe('/templates?x=1');
    expect(landingAfterSignOut('/licenses/ABC')).toBe('/licenses/ABC');
    // An invite link works signed out: signing out there stays there (issue 11).
    const invite = `/teams/4/members?invite_token=${'a'.repeat(43)}`;
    expect(landingAfterSignOut(invite)).toBe(invite);
    expect(landingAfterSignOut('/teams/4/members?invite_token=short')).toBe('/');
    for (const page of [
      '/account-settings',
      '/account-settings?tab=password',
      '/admin/page-views',
      '/license',
      '/teams/4',
      '/teams/4/members',
      '/upgrade',
      '/upgrade-team',
    ]) {
      expect(landingAfterSignOut(page), page).toBe('/');
    }
    expect(landingAfterSignOut('//evil.example')).toBe('/');
  });
});

describe(`signing out (${TEST_DATABASE})`, () => {
  it('from Account settings lands on the home page, signed out', async () => {
    const { app, services } = await testApp();
    const email = uniqueEmail('leaving');
    await createUser(services, email, 'a-long-enough-password');
    const browser = new TestBrowser(app);
    await browser.submit('post', '/login', { email, password: 'a-long-enough-password' });
    expect(await browser.signedInAs()).toBe(email);
    const out = await browser.submit('post', '/logout', { redirect_url: '/account-settings' });
    expect(out.headers.location).toBe('/');
    expect(await browser.signedInAs()).toBeNull();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { signedInUser } from '../../../test/sign-in.ts';
import { createLicense, createTeam } from '../../../test/teams.ts';
import { uniqueEmail } from '../../../test/users.ts';
import { EMAIL_REQUIRED, PASSWORD_REQUIRED } from './controller/messages.ts';

// The licence page for every role that can hold its key: whether it says the licence is the
// viewer's own, and what a signed-out visitor making an account there is told is missing.
let app: Awaited<ReturnType<typeof testApp>>;

beforeAll(async () => {
  app = await testApp();
});

async function heldBy(browser: TestBrowser, key: string): Promise<boolean> {
  const page = await browser.visit(`/licenses/${key}`);
  expect(page.status).toBe(200);
  return (page.body as { props: { heldByViewer: boolean } }).props.heldByViewer;
}

describe(`whose licence the page says it is (${TEST_DATABASE})`, () => {
  it('the holder, and the members and owners of the holding team; nobody else', async () => {
    const holder = await signedInUser(app.services, app.app, 'holder');
    const stranger = await signedInUser(app.services, app.app, 'stranger');
    const owner = await signedInUser(app.services, app.app, 'owner');
    const member = await signedInUser(app.services, app.app, 'member');
    const personal = await createLicense(app.services, { userId: holder.id });
    const team = await createTeam(app.services, { owners: [owner.id], members: [member.id] });
    const other = await createTeam(app.services, { owners: [stranger.id] });

    expect(await heldBy(holder.browser, personal.key)).toBe(true);
    expect(await heldBy(stranger.browser, personal.key)).toBe(false);
    expect(await heldBy(new TestBrowser(app.app), personal.key)).toBe(false);
    expect(await heldBy(owner.browser, team.licenseKey)).toBe(true);
    expect(await heldBy(member.browser, team.licenseKey)).toBe(true);
    // An owner of another team, and the holder of a personal licence, hold no team's key.
    expect(await heldBy(stranger.browser, team.licenseKey)).toBe(false);
    expect(await heldBy(holder.browser, team.licenseKey)).toBe(false);
    expect(await heldBy(owner.browser, other.licenseKey)).toBe(false);
    // An unredeemed key is nobody's yet.
    const loose = await createLicense(app.services);
    expect(await heldBy(holder.browser, loose.key)).toBe(false);
  });
});

describe(`making an account on the licence page (${TEST_DATABASE})`, () => {
  it('names exactly the fields that are missing or refused', async () => {
    const { key } = await createLicense(app.services);
    const visitor = new TestBrowser(app.app);
    await visitor.visit(`/licenses/${key}`);
    const errors = async (body: object) => {
      await visitor.submit('patch', `/licenses/${key}`, body);
      return visitor.errorsAfterRedirect(`/licenses/${key}`);
    };
    expect(await errors({ password: 'a-long-enough-password-1' })).toEqual({
      email: EMAIL_REQUIRED,
    });
    expect(await errors({ email: uniqueEmail('newcomer') })).toEqual({
      password: PASSWORD_REQUIRED,
    });
    const weak = await errors({ email: uniqueEmail('newcomer'), password: 'short' });
    expect(Object.keys(weak)).toEqual(['password']);
    // The licence is still there to redeem.
    const page = await visitor.visit(`/licenses/${key}`);
    expect(
      (page.body as { props: { license: { isRedeemable: boolean } } }).props.license.isRedeemable,
    ).toBe(true);
  });
});

describe(`redeeming a team licence (${TEST_DATABASE})`, () => {
  it('makes the team and says so, naming it, on the team’s page', async () => {
    const { key } = await createLicense(app.services, { kind: 'team' });
    const redeemer = await signedInUser(app.services, app.app, 'team-maker');
    const made = await redeemer.browser.submit('patch', `/licenses/${key}`, { team_name: 'Crew' });
    expect(made.status).toBe(303);
    expect(made.headers.location).toMatch(/^\/teams\/\d+$/);
    const page = await redeemer.browser.visit(made.headers.location as string);
    expect((page.body as { flash: { success?: string } }).flash.success).toBe(
      'Crew is ready. Share the invite link with the people who should join it.',
    );
  });
});

import type request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { captureLogger, testApp, testConfig } from '../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../test/services.ts';
import { PASSWORD, signedInUser } from '../../../test/sign-in.ts';
import { createLicense, createTeam, type TestTeam } from '../../../test/teams.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { newInviteToken } from '../shared/index.ts';
import {
  ALREADY_MEMBER,
  EMAIL_IN_USE,
  INVITE_INVALID,
  LICENSE_NOT_REDEEMABLE,
  OWNERS_ONLY,
  TEAM_INACTIVE,
} from './controller/messages.ts';

// What a person is told when the team or licence changed between the page's checks and the
// transaction that joins or redeems (another request won): the store's real database, with the
// change made just before the next write transaction begins.
const config = testConfig(await testServicesEnv());
const base = await testServices(config, captureLogger().logger);
const { db } = base.database;
let beforeNextWrite: (() => Promise<void>) | null = null;
const database: DatabaseHandle = {
  ...base.database,
  async writeTransaction(work) {
    const meanwhile = beforeNextWrite;
    beforeNextWrite = null;
    if (meanwhile) await meanwhile();
    return base.database.writeTransaction(work);
  },
};
let app: Awaited<ReturnType<typeof testApp>>;

beforeAll(async () => {
  app = await testApp({ config, services: { ...base, database } });
});

/** Runs `act` with `meanwhile` made just before its first write transaction begins. */
async function afterChange<T>(meanwhile: () => Promise<void>, act: () => Promise<T>): Promise<T> {
  beforeNextWrite = meanwhile;
  try {
    return await act();
  } finally {
    beforeNextWrite = null;
  }
}

const joinPage = (team: TestTeam) => `/teams/${team.id}/members?invite_token=${team.inviteToken}`;
const flashOf = (response: request.Response) =>
  (response.body as { flash: { success?: string } }).flash;

async function joinAfter(
  browser: TestBrowser,
  team: TestTeam,
  meanwhile: () => Promise<void>,
  account: object = {},
) {
  await browser.visit(joinPage(team));
  return afterChange(meanwhile, () =>
    browser.submit('post', `/teams/${team.id}/members`, {
      invite_token: team.inviteToken,
      ...account,
    }),
  );
}

async function aTeam() {
  const owner = await createUser(base, uniqueEmail('owner'), PASSWORD);
  return createTeam(base, { owners: [owner] });
}

describe(`joining a team that changed meanwhile (${TEST_DATABASE})`, () => {
  it('its link reset: the link is no longer valid, and nobody joins', async () => {
    const team = await aTeam();
    const joiner = await signedInUser(base, app.app, 'joiner');
    const answer = await joinAfter(joiner.browser, team, async () => {
      await db
        .updateTable('teams')
        .set({ invite_token: newInviteToken() })
        .where('id', '=', team.id)
        .execute();
    });
    expect(answer.status).toBe(404);
    expect(answer.body.props.message).toBe(INVITE_INVALID);
    const members = await db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', team.id)
      .execute();
    expect(members.map((m) => m.user_id)).not.toContain(joiner.id);
  });

  it('its licence refunded: the team is no longer active', async () => {
    const team = await aTeam();
    const joiner = await signedInUser(base, app.app, 'joiner');
    const answer = await joinAfter(joiner.browser, team, async () => {
      await db
        .updateTable('licenses')
        .set({ is_active: 0, deactivation_reason: 'refund' })
        .where('id', '=', team.licenseId)
        .execute();
    });
    expect(answer.status).toBe(410);
    expect(answer.body.props.message).toBe(TEAM_INACTIVE);
  });

  it('the person joined from another tab: already a member, no second seat', async () => {
    const team = await aTeam();
    const joiner = await signedInUser(base, app.app, 'joiner');
    const answer = await joinAfter(joiner.browser, team, async () => {
      await db
        .insertInto('team_members')
        .values({ team_id: team.id, user_id: joiner.id, role: 'member', created_at: Date.now() })
        .execute();
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`/teams/${team.id}`);
    expect(flashOf(await joiner.browser.visit(`/teams/${team.id}`)).success).toBe(ALREADY_MEMBER);
  });

  it('the address taken by someone else: asked to sign in, no account made', async () => {
    const team = await aTeam();
    const visitor = new TestBrowser(app.app);
    const email = uniqueEmail('newcomer');
    const answer = await joinAfter(
      visitor,
      team,
      async () => {
        await createUser(base, email, 'someone-elses-password');
      },
      { email, password: PASSWORD },
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(joinPage(team));
    expect((await visitor.errorsAfterRedirect(joinPage(team))).email).toBe(EMAIL_IN_USE);
    expect(await visitor.signedInAs()).toBeNull();
  });
});

describe(`an owner's change when they were made a member meanwhile (${TEST_DATABASE})`, () => {
  it('is refused as for a member, and the team is unchanged', async () => {
    const owner = await signedInUser(base, app.app, 'demoted');
    const team = await createTeam(base, {
      owners: [owner.id, await createUser(base, uniqueEmail('co'), PASSWORD)],
    });
    await owner.browser.visit(`/teams/${team.id}`);
    const answer = await afterChange(
      async () => {
        await db
          .updateTable('team_members')
          .set({ role: 'member' })
          .where('team_id', '=', team.id)
          .where('user_id', '=', owner.id)
          .execute();
      },
      () => owner.browser.submit('patch', `/teams/${team.id}`, { name: 'Renamed' }),
    );
    expect(answer.status).toBe(403);
    expect(answer.body.props.message).toBe(OWNERS_ONLY);
    const row = await db
      .selectFrom('teams')
      .select('name')
      .where('id', '=', team.id)
      .executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Renamed');
  });
});

describe(`redeeming a licence that changed meanwhile (${TEST_DATABASE})`, () => {
  async function redeemAfter(
    browser: TestBrowser,
    key: string,
    meanwhile: () => Promise<void>,
    body: object = {},
  ) {
    await browser.visit(`/licenses/${key}`);
    return afterChange(meanwhile, () => browser.submit('patch', `/licenses/${key}`, body));
  }

  it('redeemed by someone else: no longer redeemable, nothing connected', async () => {
    const { key, id } = await createLicense(base);
    const other = await createUser(base, uniqueEmail('other'), PASSWORD);
    const redeemer = await signedInUser(base, app.app, 'redeemer');
    const answer = await redeemAfter(redeemer.browser, key, async () => {
      await db
        .updateTable('licenses')
        .set({ user_id: other, redeemed_at: Date.now() })
        .where('id', '=', id)
        .execute();
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`/licenses/${key}`);
    const page = await redeemer.browser.visit(`/licenses/${key}`);
    expect((page.body as { flash: { error?: string } }).flash.error).toBe(LICENSE_NOT_REDEEMABLE);
    const row = await db
      .selectFrom('licenses')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(other);
  });

  it('a licence already redeemed is said to be so before any account is looked at', async () => {
    const { key, id } = await createLicense(base);
    const holder = await createUser(base, uniqueEmail('holder'), PASSWORD);
    await db
      .updateTable('licenses')
      .set({ user_id: holder, redeemed_at: Date.now() })
      .where('id', '=', id)
      .execute();
    const visitor = new TestBrowser(app.app);
    await visitor.visit(`/licenses/${key}`);
    // An address that has an account: the licence's state is the answer, not the address's.
    const taken = (
      await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', holder)
        .executeTakeFirstOrThrow()
    ).email;
    const answer = await visitor.submit('patch', `/licenses/${key}`, {
      email: taken,
      password: PASSWORD,
    });
    expect(answer.status).toBe(303);
    const page = await visitor.visit(`/licenses/${key}`);
    expect((page.body as { flash: { error?: string } }).flash.error).toBe(LICENSE_NOT_REDEEMABLE);
    expect((page.body as { props: { errors: Record<string, string> } }).props.errors).toEqual({});
  });

  it('the new account’s address taken meanwhile: asked to sign in, the key still redeemable', async () => {
    const { key } = await createLicense(base);
    const visitor = new TestBrowser(app.app);
    const email = uniqueEmail('newcomer');
    const answer = await redeemAfter(
      visitor,
      key,
      async () => {
        await createUser(base, email, 'someone-elses-password');
      },
      { email, password: PASSWORD },
    );
    expect(answer.status).toBe(303);
    expect((await visitor.errorsAfterRedirect(`/licenses/${key}`)).email).toBe(EMAIL_IN_USE);
    const page = await visitor.visit(`/licenses/${key}`);
    expect(
      (page.body as { props: { license: { isRedeemable: boolean } } }).props.license.isRedeemable,
    ).toBe(true);
  });
});

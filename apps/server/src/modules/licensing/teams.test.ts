import { TEAM_FULL_MESSAGE, TEAM_SEATS } from '@tessera/pages/constants';
import request from 'supertest';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { INERTIA, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import {
  createLicense,
  createTeam,
  licensedPackages,
  listening,
  type TestTeam,
} from '../../../test/teams.ts';
import { PASSWORD, signedInUser } from '../../../test/sign-in.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { lazyCatalogue } from '../catalog/index.ts';
import { newInviteToken } from '../shared/index.ts';
import {
  ALREADY_MEMBER,
  EMAIL_IN_USE,
  INVITE_INVALID,
  LAST_OWNER,
  OWNERS_ONLY,
  TEAM_INACTIVE,
  TEAM_NOT_FOUND,
} from './controller/messages.ts';
import { ROLE_INVALID, TEAM_NAME_REQUIRED, TEAM_NAME_TOO_LONG } from './schemas.ts';

type App = Awaited<ReturnType<typeof testApp>>;
type User = Awaited<ReturnType<typeof signedInUser>>;
let app: App;
let templateDownload: string;

beforeAll(async () => {
  app = await testApp();
  const slug = lazyCatalogue(app.config.catalogDist)().templates[0]!.slug;
  templateDownload = `/templates/${slug}/download`;
});

type TeamProps = {
  id: number;
  name: string;
  kind: string;
  inviteUrl: string;
  seats: number;
  seatsUsed: number;
  isFull: boolean;
  updatable: boolean;
  members: { id: number; email: string; role: string; updatable: boolean }[];
  purchases: { packageName: string; amount: string; refunded: boolean }[];
};
const teamOf = (response: request.Response) =>
  (response.body as { props: { team: TeamProps } }).props.team;
const flashOf = (response: request.Response) =>
  (response.body as { flash: { success?: string; error?: string } }).flash;

async function db() {
  return app.services.database.db;
}

async function teamRow(id: number) {
  return (await db())
    .selectFrom('teams')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function memberRows(teamId: number) {
  return (await db())
    .selectFrom('team_members')
    .select(['id', 'user_id', 'role'])
    .where('team_id', '=', teamId)
    .orderBy('id')
    .execute();
}

/** An owner, a member and an outsider who owns another team, each signed in. */
async function world(options: { seats?: number } = {}) {
  const owner = await signedInUser(app.services, app.app, 'owner');
  const member = await signedInUser(app.services, app.app, 'member');
  const otherOwner = await signedInUser(app.services, app.app, 'other-owner');
  const customer = await signedInUser(app.services, app.app, 'customer');
  const team = await createTeam(app.services, {
    owners: [owner.id],
    members: [member.id],
    name: 'Team A',
    ...options,
  });
  const other = await createTeam(app.services, { owners: [otherOwner.id], name: 'Team B' });
  return { owner, member, otherOwner, customer, team, other };
}

const joinPath = (team: Pick<TestTeam, 'id'>, token: string) =>
  `/teams/${team.id}/members?invite_token=${token}`;

describe(`team settings /teams/{id} (${TEST_DATABASE})`, () => {
  it('shows the owner everything, billing included; a member a read-only view', async () => {
    const { owner, member, team } = await world();
    const ownerView = await owner.browser.visit(`/teams/${team.id}`);
    expect(ownerView.status).toBe(200);
    expect(ownerView.body.component).toBe('TeamSettings');
    const seen = teamOf(ownerView);
    expect(seen).toMatchObject({
      id: team.id,
      name: 'Team A',
      kind: 'team',
      seats: TEAM_SEATS,
      seatsUsed: 2,
      isFull: false,
      updatable: true,
      inviteUrl: `${app.config.appUrl}/teams/${team.id}/members?invite_token=${team.inviteToken}`,
    });
    expect(seen.members).toEqual([
      { id: team.memberIds.get(owner.id), email: owner.email, role: 'owner', updatable: false },
      { id: team.memberIds.get(member.id), email: member.email, role: 'member', updatable: true },
    ]);
    expect(seen.purchases).toEqual([
      expect.objectContaining({ packageName: 'All-access', amount: '$299', refunded: false }),
    ]);

    const memberView = teamOf(await member.browser.visit(`/teams/${team.id}`));
    expect(memberView.updatable).toBe(false);
    expect(memberView.purchases).toEqual([]);
    expect(memberView.members.every((m) => !m.updatable)).toBe(true);
    // Members see the invite link (any member may invite) but nothing of billing.
    expect(memberView.inviteUrl).toBe(seen.inviteUrl);
    expect(JSON.stringify(memberView)).not.toContain('receipts.example.com');
  });

  it('shows nothing to outsiders (404) and sends visitors to sign in', async () => {
    const { otherOwner, customer, team } = await world();
    for (const outsider of [otherOwner, customer]) {
      const response = await outsider.browser.visit(`/teams/${team.id}`);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('Team A');
    }
    const visitor = await request(app.app).get(`/teams/${team.id}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe('/login');
    for (const path of ['/teams/abc', '/teams/0', '/teams/-1', '/teams/99999999999', '/teams/1.5'])
      expect((await otherOwner.browser.visit(path)).status, path).toBe(404);
  });

  it('lets an owner rename the team; refuses members, outsiders, visitors and bad names', async () => {
    const { owner, member, otherOwner, team } = await world();
    const renamed = await owner.browser.submit('patch', `/teams/${team.id}`, { name: ' Team Aa ' });
    expect(renamed.status).toBe(303);
    expect(renamed.headers.location).toBe(`/teams/${team.id}`);
    expect((await teamRow(team.id)).name).toBe('Team Aa');
    const refused = await member.browser.submit('patch', `/teams/${team.id}`, { name: 'Hijacked' });
    expect(refused.status).toBe(403);
    expect(refused.body.props.message).toBe(OWNERS_ONLY);
    expect(
      (await otherOwner.browser.submit('patch', `/teams/${team.id}`, { name: 'Hijacked' })).status,
    ).toBe(404);
    const visitor = new TestBrowser(app.app);
    expect((await visitor.submit('patch', `/teams/${team.id}`, { name: 'Hijacked' })).status).toBe(
      401,
    );
    for (const [name, message] of [
      ['', TEAM_NAME_REQUIRED],
      ['x'.repeat(101), TEAM_NAME_TOO_LONG],
      [undefined, TEAM_NAME_REQUIRED],
    ] as const) {
      await owner.browser.submit('patch', `/teams/${team.id}`, { name });
      const errors = await owner.browser.errorsAfterRedirect(`/teams/${team.id}`);
      expect(errors.name).toBe(message);
    }
    const hostile = await owner.browser.agent
      .patch(`/teams/${team.id}`)
      .set('X-XSRF-TOKEN', owner.browser.xsrf)
      .set('Accept', 'application/json')
      .send({ name: 'A\u0000B' });
    expect(hostile.status).toBe(422);
    expect((await teamRow(team.id)).name).toBe('Team Aa');
  });

  it('lets an owner promote and demote; the last owner can never step down', async () => {
    const { owner, member, otherOwner, team } = await world();
    const ownerMembership = team.memberIds.get(owner.id)!;
    const memberMembership = team.memberIds.get(member.id)!;
    const path = (id: number) => `/teams/${team.id}/members/${id}`;

    const alone = await owner.browser.submit('patch', path(ownerMembership), { role: 'member' });
    expect(alone.headers.location).toBe(`/teams/${team.id}`);
    expect(flashOf(await owner.browser.visit(`/teams/${team.id}`)).error).toBe(LAST_OWNER);
    expect((await memberRows(team.id)).find((m) => m.id === ownerMembership)!.role).toBe('owner');

    expect(
      (await member.browser.submit('patch', path(memberMembership), { role: 'owner' })).status,
    ).toBe(403);
    expect(
      (await otherOwner.browser.submit('patch', path(memberMembership), { role: 'owner' })).status,
    ).toBe(404);
    await owner.browser.submit('patch', path(memberMembership), { role: 'admin' });
    expect((await owner.browser.errorsAfterRedirect(`/teams/${team.id}`)).role).toBe(ROLE_INVALID);

    await owner.browser.submit('patch', path(memberMembership), { role: 'owner' });
    expect((await memberRows(team.id)).map((m) => m.role)).toEqual(['owner', 'owner']);
    // Now the first owner may step down, and the new one sees owner controls.
    await owner.browser.submit('patch', path(ownerMembership), { role: 'member' });
    expect(teamOf(await member.browser.visit(`/teams/${team.id}`)).updatable).toBe(true);
    expect(teamOf(await owner.browser.visit(`/teams/${team.id}`)).updatable).toBe(false);
    // A member id of another team is not found in this one.
    const otherMembership = (await memberRows((await world()).other.id))[0]!.id;
    expect(
      (await member.browser.submit('patch', path(otherMembership), { role: 'owner' })).status,
    ).toBe(404);
  });

  it('removes a member, who loses the code on their very next request; the seat comes back', async () => {
    const { owner, member, otherOwner, team } = await world();
    expect((await member.browser.agent.get(templateDownload)).status).toBe(200);
    expect((await licensedPackages(member.browser)).Ecommerce).toBe(true);
    const path = `/teams/${team.id}/members/${team.memberIds.get(member.id)}`;
    expect((await otherOwner.browser.submit('delete', path)).status).toBe(404);
    const response = await owner.browser.submit('delete', path);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/teams/${team.id}`);
    expect((await member.browser.agent.get(templateDownload)).status).toBe(302);
    expect((await licensedPackages(member.browser)).Ecommerce).toBe(false);
    expect((await member.browser.visit(`/teams/${team.id}`)).status).toBe(404);
    expect((await teamRow(team.id)).member_count).toBe(1);
    const auth = (await member.browser.visit('/')).body.props.auth;
    expect(auth.user.teams).toEqual([]);
    // Removing again: gone.
    expect((await owner.browser.submit('delete', path)).status).toBe(404);
  });

  it('lets a member leave but not remove anyone else; the last owner cannot leave', async () => {
    const { owner, member, team } = await world();
    const other = await signedInUser(app.services, app.app, 'colleague');
    await (
      await db()
    )
      .insertInto('team_members')
      .values({ team_id: team.id, user_id: other.id, role: 'member', created_at: Date.now() })
      .execute();
    await (
      await db()
    )
      .updateTable('teams')
      .set({ member_count: 3 })
      .where('id', '=', team.id)
      .execute();
    const colleague = (await memberRows(team.id)).find((m) => m.user_id === other.id)!.id;
    const ownerMembership = team.memberIds.get(owner.id)!;
    expect(
      (await member.browser.submit('delete', `/teams/${team.id}/members/${colleague}`)).status,
    ).toBe(403);
    expect(
      (await member.browser.submit('delete', `/teams/${team.id}/members/${ownerMembership}`))
        .status,
    ).toBe(403);

    const last = await owner.browser.submit(
      'delete',
      `/teams/${team.id}/members/${ownerMembership}`,
    );
    expect(last.headers.location).toBe(`/teams/${team.id}`);
    expect(flashOf(await owner.browser.visit(`/teams/${team.id}`)).error).toBe(LAST_OWNER);

    const left = await member.browser.submit(
      'delete',
      `/teams/${team.id}/members/${team.memberIds.get(member.id)}`,
    );
    expect(left.headers.location).toBe('/license');
    expect(flashOf(await member.browser.visit('/license')).success).toBe('You have left Team A.');
    expect((await teamRow(team.id)).member_count).toBe(2);
    expect((await memberRows(team.id)).map((m) => m.user_id).sort()).toEqual(
      [owner.id, other.id].sort(),
    );
  });

  it('resets the invite link: the old one is refused at once, the new one works', async () => {
    const { owner, member, team } = await world();
    expect((await member.browser.submit('delete', `/teams/${team.id}/invite-link`)).status).toBe(
      403,
    );
    const response = await owner.browser.submit('delete', `/teams/${team.id}/invite-link`);
    expect(response.status).toBe(303);
    const fresh = (await teamRow(team.id)).invite_token;
    expect(fresh).not.toBe(team.inviteToken);
    expect(teamOf(await owner.browser.visit(`/teams/${team.id}`)).inviteUrl).toContain(fresh);

    const newcomer = await signedInUser(app.services, app.app, 'late');
    const old = await newcomer.browser.visit(joinPath(team, team.inviteToken));
    expect(old.status).toBe(404);
    expect(old.body.props.message).toBe(INVITE_INVALID);
    const oldPost = await newcomer.browser.submit('post', `/teams/${team.id}/members`, {
      invite_token: team.inviteToken,
    });
    expect(oldPost.status).toBe(404);
    expect((await memberRows(team.id)).some((m) => m.user_id === newcomer.id)).toBe(false);
    expect((await newcomer.browser.visit(joinPath(team, fresh))).body.component).toBe('JoinTeam');
  });

  it('refuses every team change without a CSRF token', async () => {
    const { owner, member, team } = await world();
    const agent = owner.browser.agent;
    const memberPath = `/teams/${team.id}/members/${team.memberIds.get(member.id)}`;
    for (const call of [
      agent.patch(`/teams/${team.id}`).send({ name: 'Forged' }),
      agent.patch(memberPath).send({ role: 'owner' }),
      agent.delete(memberPath),
      agent.delete(`/teams/${team.id}/invite-link`),
      agent.post(`/teams/${team.id}/members`).send({ invite_token: team.inviteToken }),
    ])
      expect((await call).status).toBe(419);
    expect(await teamRow(team.id)).toMatchObject({
      name: 'Team A',
      invite_token: team.inviteToken,
      member_count: 2,
    });
  });
});

describe(`joining a team by invite link (${TEST_DATABASE})`, () => {
  it('shows the invite to a visitor and a signed-in user, with the way back after sign-in', async () => {
    const { team } = await world();
    const path = joinPath(team, team.inviteToken);
    const visitor = await new TestBrowser(app.app).visit(path);
    expect(visitor.status).toBe(200);
    expect(visitor.body.component).toBe('JoinTeam');
    expect(visitor.body.props).toMatchObject({
      team: { id: team.id, name: 'Team A', seats: TEAM_SEATS, seatsUsed: 2, isFull: false },
      inviteToken: team.inviteToken,
      signInUrl: `/login?intended_url=${encodeURIComponent(path)}`,
      supportEmail: app.config.supportEmail,
    });
    expect(JSON.stringify(visitor.body.props)).not.toMatch(/@example\.com/);

    const user = await signedInUser(app.services, app.app, 'invitee');
    const returning = new TestBrowser(app.app);
    await returning.visit(`/login?intended_url=${encodeURIComponent(path)}`);
    const signIn = await returning.submit('post', '/login', {
      email: user.email,
      password: PASSWORD,
    });
    expect(signIn.headers.location).toBe(path);
  });

  it('joins a signed-in user: a seat taken, the code on the next request', async () => {
    const { team } = await world();
    const user = await signedInUser(app.services, app.app, 'joiner');
    expect((await licensedPackages(user.browser)).Marketing).toBe(false);
    const response = await user.browser.submit('post', `/teams/${team.id}/members`, {
      invite_token: team.inviteToken,
    });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`/teams/${team.id}`);
    expect(flashOf(await user.browser.visit(`/teams/${team.id}`)).success).toBe(
      'Welcome to Team A.',
    );
    expect((await teamRow(team.id)).member_count).toBe(3);
    expect((await licensedPackages(user.browser)).Marketing).toBe(true);
    // Again: already a member, nothing taken.
    const again = await user.browser.submit('post', `/teams/${team.id}/members`, {
      invite_token: team.inviteToken,
    });
    expect(again.headers.location).toBe(`/teams/${team.id}`);
    expect(flashOf(await user.browser.visit(`/teams/${team.id}`)).success).toBe(ALREADY_MEMBER);
    expect((await user.browser.visit(joinPath(team, team.inviteToken))).headers.location).toBe(
      `/teams/${team.id}`,
    );
    expect((await teamRow(team.id)).member_count).toBe(3);
  });

  it('makes the account of a visitor and joins them; refuses bad account input', async () => {
    const { team, member } = await world();
    const visitor = new TestBrowser(app.app);
    const path = joinPath(team, team.inviteToken);
    await visitor.visit(path);
    for (const [body, field, message] of [
      [{}, 'email', /required/],
      [{ email: 'nope', password: PASSWORD }, 'email', /valid email/],
      [{ email: uniqueEmail(), password: '1234567' }, 'password', /at least 8/],
      [{ email: member.email, password: PASSWORD }, 'email', EMAIL_IN_USE],
    ] as const) {
      const response = await visitor.submit('post', `/teams/${team.id}/members`, {
        invite_token: team.inviteToken,
        ...body,
      });
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe(path);
      expect((await visitor.errorsAfterRedirect(path))[field]).toMatch(message);
    }
    expect((await teamRow(team.id)).member_count).toBe(2);
    const email = uniqueEmail('joined');
    const joined = await visitor.submit('post', `/teams/${team.id}/members`, {
      invite_token: team.inviteToken,
      email,
      password: PASSWORD,
    });
    expect(joined.headers.location).toBe(`/teams/${team.id}`);
    expect(await visitor.signedInAs()).toBe(email);
    expect(visitor.cookies.has('tessera_remember')).toBe(true);
    expect(teamOf(await visitor.visit(`/teams/${team.id}`)).members.map((m) => m.email)).toContain(
      email,
    );
  });

  it('refuses wrong, malformed and hostile tokens with the same clear answer', async () => {
    const { team, other } = await world();
    const user = await signedInUser(app.services, app.app, 'prober');
    for (const path of [
      joinPath(team, newInviteToken()),
      joinPath(team, other.inviteToken),
      joinPath({ id: 2_000_000_000 }, team.inviteToken),
      joinPath(team, 'short'),
      joinPath(team, `${team.inviteToken}x`),
      joinPath(team, encodeURIComponent(`${team.inviteToken.slice(0, 40)}/..`)),
      `/teams/${team.id}/members`,
      `/teams/${team.id}/members?invite_token=${team.inviteToken}&invite_token=${team.inviteToken}`,
      `/teams/abc/members?invite_token=${team.inviteToken}`,
    ]) {
      const response = await user.browser.visit(path);
      expect(response.status, path).toBe(404);
      expect(response.body.props.message, path).toBe(INVITE_INVALID);
    }
    for (const body of [
      { invite_token: newInviteToken() },
      { invite_token: '' },
      {},
      { invite_token: ['a', 'b'] },
      { invite_token: 'x'.repeat(10_000) },
    ]) {
      const response = await user.browser.submit('post', `/teams/${team.id}/members`, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(404);
    }
    const nul = await request(app.app)
      .get(`/teams/${team.id}/members?invite_token=${team.inviteToken}%00`)
      .set('Accept', 'application/json');
    expect(nul.status).toBe(422);
    expect((await teamRow(team.id)).member_count).toBe(2);
  });

  it('shows a full team the seat-limit state and refuses a join', async () => {
    const owner = await signedInUser(app.services, app.app, 'full-owner');
    const team = await createTeam(app.services, { owners: [owner.id], seats: 1 });
    const user = await signedInUser(app.services, app.app, 'too-late');
    const page = await user.browser.visit(joinPath(team, team.inviteToken));
    expect(page.body.props.team).toMatchObject({ seats: 1, seatsUsed: 1, isFull: true });
    const response = await user.browser.submit('post', `/teams/${team.id}/members`, {
      invite_token: team.inviteToken,
    });
    expect(response.headers.location).toBe(joinPath(team, team.inviteToken));
    expect(flashOf(await user.browser.visit(joinPath(team, team.inviteToken))).error).toBe(
      TEAM_FULL_MESSAGE,
    );
    const json = await user.browser.agent
      .post(`/teams/${team.id}/members`)
      .set('X-XSRF-TOKEN', user.browser.xsrf)
      .set('Accept', 'application/json')
      .send({ invite_token: team.inviteToken });
    expect(json.status).toBe(409);
    expect(json.body.message).toBe(TEAM_FULL_MESSAGE);
    // A visitor's account is not made for a full team.
    const visitor = new TestBrowser(app.app);
    const email = uniqueEmail('not-made');
    await visitor.submit('post', `/teams/${team.id}/members`, {
      invite_token: team.inviteToken,
      email,
      password: PASSWORD,
    });
    const made = await (
      await db()
    )
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(made).toEqual([]);
    expect((await teamRow(team.id)).member_count).toBe(1);
  });

  it('closes a team whose licence was refunded: no joins, and members lose the code at once', async () => {
    const { member, team } = await world();
    expect((await member.browser.agent.get(templateDownload)).status).toBe(200);
    await (
      await db()
    )
      .updateTable('licenses')
      .set({ is_active: 0, deactivation_reason: 'refund', deactivated_at: Date.now() })
      .where('id', '=', team.licenseId)
      .execute();
    expect((await member.browser.agent.get(templateDownload)).status).toBe(302);
    expect((await licensedPackages(member.browser)).Marketing).toBe(false);
    const user = await signedInUser(app.services, app.app, 'refund-joiner');
    const page = await user.browser.visit(joinPath(team, team.inviteToken));
    expect(page.status).toBe(410);
    expect(page.body.props.message).toBe(TEAM_INACTIVE);
    const post = await user.browser.submit('post', `/teams/${team.id}/members`, {
      invite_token: team.inviteToken,
    });
    expect(post.status).toBe(410);
    // The team itself is still there for its members.
    expect((await member.browser.visit(`/teams/${team.id}`)).status).toBe(200);
  });
});

describe(`races the database decides (${TEST_DATABASE})`, () => {
  it('30 concurrent joins for the last seat: exactly one gets in, 29 see the full team', async () => {
    const { url, close } = await listening(app.app);
    onTestFinished(close);
    const owner = await createUser(app.services, uniqueEmail('race-owner'), PASSWORD);
    const fillers = await Promise.all(
      Array.from({ length: TEAM_SEATS - 2 }, (_, i) =>
        createUser(app.services, uniqueEmail(`filler-${i}`), PASSWORD),
      ),
    );
    const team = await createTeam(app.services, { owners: [owner], members: fillers });
    expect((await teamRow(team.id)).member_count).toBe(TEAM_SEATS - 1);
    const joiners: User[] = [];
    for (let i = 0; i < 30; i += 1)
      joiners.push(await signedInUser(app.services, url, `racer-${i}`));
    const responses = await Promise.all(
      joiners.map((joiner) =>
        joiner.browser.submit('post', `/teams/${team.id}/members`, {
          invite_token: team.inviteToken,
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(302));
    const joined = responses.filter((r) => r.headers.location === `/teams/${team.id}`);
    expect(joined).toHaveLength(1);
    const refused = responses.filter(
      (r) => r.headers.location === joinPath(team, team.inviteToken),
    );
    expect(refused).toHaveLength(29);
    for (const [i, response] of responses.entries()) {
      if (response.headers.location === `/teams/${team.id}`) continue;
      expect(flashOf(await joiners[i]!.browser.visit(joinPath(team, team.inviteToken))).error).toBe(
        TEAM_FULL_MESSAGE,
      );
    }
    const row = await teamRow(team.id);
    expect(row.member_count).toBe(TEAM_SEATS);
    expect(await memberRows(team.id)).toHaveLength(TEAM_SEATS);
  });

  it('30 visitors making accounts for 3 free seats: 3 accounts and members, no more', async () => {
    const { url, close } = await listening(app.app);
    onTestFinished(close);
    const owner = await createUser(app.services, uniqueEmail('race-owner'), PASSWORD);
    const team = await createTeam(app.services, { owners: [owner], seats: 4 });
    const visitors = Array.from({ length: 30 }, () => new TestBrowser(url));
    await Promise.all(visitors.map((visitor) => visitor.visit('/')));
    const emails = visitors.map(() => uniqueEmail('visitor-racer'));
    const responses = await Promise.all(
      visitors.map((visitor, i) =>
        visitor.submit('post', `/teams/${team.id}/members`, {
          invite_token: team.inviteToken,
          email: emails[i],
          password: PASSWORD,
        }),
      ),
    );
    expect(responses.filter((r) => r.headers.location === `/teams/${team.id}`)).toHaveLength(3);
    expect(
      responses.filter((r) => r.headers.location === joinPath(team, team.inviteToken)),
    ).toHaveLength(27);
    expect((await teamRow(team.id)).member_count).toBe(4);
    expect(await memberRows(team.id)).toHaveLength(4);
    const accounts = await (
      await db()
    )
      .selectFrom('users')
      .select('id')
      .where('email', 'in', emails)
      .execute();
    expect(accounts).toHaveLength(3);
  });

  it('two owners demoting each other at once leave at least one owner', async () => {
    const { url, close } = await listening(app.app);
    onTestFinished(close);
    for (let round = 0; round < 5; round += 1) {
      const first = await signedInUser(app.services, url, 'owner-1');
      const second = await signedInUser(app.services, url, 'owner-2');
      const team = await createTeam(app.services, { owners: [first.id, second.id] });
      const firstId = team.memberIds.get(first.id)!;
      const secondId = team.memberIds.get(second.id)!;
      // Each demotes the other, and each demotes themself: every pairing at once.
      await Promise.all([
        first.browser.submit('patch', `/teams/${team.id}/members/${secondId}`, { role: 'member' }),
        second.browser.submit('patch', `/teams/${team.id}/members/${firstId}`, { role: 'member' }),
        first.browser.submit('patch', `/teams/${team.id}/members/${firstId}`, { role: 'member' }),
        second.browser.submit('patch', `/teams/${team.id}/members/${secondId}`, { role: 'member' }),
      ]);
      const roles = (await memberRows(team.id)).map((m) => m.role);
      expect(
        roles.filter((role) => role === 'owner'),
        `round ${round}`,
      ).toHaveLength(1);
    }
  });

  it('two owners removing each other at once leave one owner and a correct seat count', async () => {
    const { url, close } = await listening(app.app);
    onTestFinished(close);
    for (let round = 0; round < 5; round += 1) {
      const first = await signedInUser(app.services, url, 'remover-1');
      const second = await signedInUser(app.services, url, 'remover-2');
      const team = await createTeam(app.services, { owners: [first.id, second.id] });
      await Promise.all([
        first.browser.submit(
          'delete',
          `/teams/${team.id}/members/${team.memberIds.get(second.id)}`,
        ),
        second.browser.submit(
          'delete',
          `/teams/${team.id}/members/${team.memberIds.get(first.id)}`,
        ),
      ]);
      const members = await memberRows(team.id);
      expect(
        members.map((m) => m.role),
        `round ${round}`,
      ).toEqual(['owner']);
      expect((await teamRow(team.id)).member_count).toBe(1);
    }
  });
});

describe(`the header's teams (${TEST_DATABASE})`, () => {
  it('lists every team of the user in shared page data; none for a visitor', async () => {
    const user = await signedInUser(app.services, app.app, 'many-teams');
    const a = await createTeam(app.services, { owners: [user.id], name: 'Alpha' });
    const owner = await createUser(app.services, uniqueEmail('beta-owner'), PASSWORD);
    const b = await createTeam(app.services, { owners: [owner], members: [user.id], name: 'Beta' });
    const auth = (await user.browser.visit('/')).body.props.auth;
    expect(auth.user.teams).toEqual([
      { id: a.id, name: 'Alpha' },
      { id: b.id, name: 'Beta' },
    ]);
    expect((await request(app.app).get('/').set(INERTIA)).body.props.auth).toBeNull();
    // An unredeemed licence gives no team.
    await createLicense(app.services, { kind: 'team' });
    expect((await user.browser.visit('/')).body.props.auth.user.teams).toHaveLength(2);
  });

  it('answers a team page of a deleted team with 404 (nothing cached)', async () => {
    const { owner, team } = await world();
    expect((await owner.browser.visit(`/teams/${team.id}`)).status).toBe(200);
    await (await db()).deleteFrom('team_members').where('team_id', '=', team.id).execute();
    const gone = await owner.browser.visit(`/teams/${team.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.props.message).toBe(TEAM_NOT_FOUND);
  });
});

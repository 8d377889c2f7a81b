import type {
  AdminAuditLogPageProps,
  AdminCustomerPageProps,
  AdminCustomersPageProps,
} from '@tessera/pages';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { backOfficeApp, createPurchase, createTeam, DAY_MS } from '../../../test/back-office.ts';
import type { TestBrowser } from '../../../test/browser.ts';
import { INERTIA } from '../../../test/helpers.ts';
import { TEST_DATABASE, TEST_SESSION_STORE } from '../../../test/services.ts';
import { AUDIT_IMMUTABLE_MESSAGE } from '../../db/migrations/0010-back-office.ts';
import { passwordResets } from '../auth/index.ts';
import { MESSAGES, PAGE_SIZE } from './controller.ts';
import { backOfficeService } from './service.ts';

const store = await backOfficeApp();
const { db, clock } = store;

async function props<T>(browser: TestBrowser, url: string) {
  const response = await browser.visit(url);
  expect(response.status, url).toBe(200);
  const page = response.body as { props: T; flash: { success?: string; error?: string } };
  // The page's own props, and its flash (which travels beside them in the page object).
  return { ...page.props, flash: page.flash };
}

async function license(id: number) {
  return db
    .selectFrom('licenses')
    .select(['user_id', 'is_active', 'deactivation_reason', 'buyer_email', 'redeemed_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function isLicensed(browser: TestBrowser, productName: string) {
  const page = await browser.visit('/');
  const products = (page.body as { props: { products: { name: string; isLicensed: boolean }[] } })
    .props.products;
  return products.find((product) => product.name === productName)?.isLicensed;
}

describe(`customer search (${TEST_DATABASE})`, () => {
  it('finds accounts by a case-insensitive prefix of the address, a page at a time', async () => {
    const operator = await store.admin();
    const tag = `pager${Date.now().toString(36)}`;
    for (let i = 0; i < PAGE_SIZE + 3; i += 1) await store.person(`${tag}-${i}`);
    await store.person(`other${tag}`);
    const first = await props<AdminCustomersPageProps>(
      operator.browser,
      `/admin?email=${tag.toUpperCase()}`,
    );
    expect(first.query).toBe(tag);
    expect(first.results).toHaveLength(PAGE_SIZE);
    expect(first.pagination).toEqual({ page: 1, pageCount: 2, total: PAGE_SIZE + 3 });
    expect(first.results!.every((row) => row.email.startsWith(tag))).toBe(true);
    const second = await props<AdminCustomersPageProps>(
      operator.browser,
      `/admin?email=${tag}&page=2`,
    );
    expect(second.results).toHaveLength(3);
    const emails = [...first.results!, ...second.results!].map((row) => row.email);
    expect(new Set(emails).size).toBe(PAGE_SIZE + 3);
    expect(emails).toEqual([...emails].sort());
    expect(second.results![0]).toMatchObject({
      purchaseCount: 0,
      isAdmin: false,
      url: `/admin/users/${second.results![0]!.id}`,
    });
    const beyond = await props<AdminCustomersPageProps>(
      operator.browser,
      `/admin?email=${tag}&page=9`,
    );
    expect(beyond.results).toEqual([]);
  });

  it('matches % and _ as the characters they are, not as wildcards', async () => {
    const operator = await store.admin();
    const tag = `wild${Date.now().toString(36)}`;
    const db_ = store.services.database.db;
    const at = clock.now;
    for (const email of [`${tag}%a@example.com`, `${tag}xa@example.com`, `${tag}_b@example.com`]) {
      await db_
        .insertInto('users')
        .values({ email, password_hash: 'x', snippet_lang: null, created_at: at, updated_at: at })
        .execute();
    }
    const found = async (q: string) =>
      (
        await props<AdminCustomersPageProps>(
          operator.browser,
          `/admin?email=${encodeURIComponent(q)}`,
        )
      ).results!.map((row) => row.email);
    expect(await found(`${tag}%`)).toEqual([`${tag}%a@example.com`]);
    expect(await found(`${tag}_`)).toEqual([`${tag}_b@example.com`]);
    expect(await found(`${tag}`)).toHaveLength(3);
    expect(await found('%')).toEqual([]);
    expect(await found('!')).toEqual([]);
  });

  it('shows the empty search, and refuses hostile input with 422 and nothing else', async () => {
    const operator = await store.admin();
    const empty = await props<AdminCustomersPageProps>(operator.browser, '/admin?email=%20%20');
    expect(empty).toMatchObject({ query: '', results: null, pagination: null });
    for (const query of ['email=a%00b', 'email=a&email=b']) {
      const response = await operator.browser.visit(`/admin?${query}`);
      expect(response.status, query).toBe(422);
    }
    // A lone surrogate has no UTF-8 form: its would-be bytes decode to replacement characters.
    const surrogate = await props<AdminCustomersPageProps>(
      operator.browser,
      '/admin?email=%ED%A0%80',
    );
    expect(surrogate).toMatchObject({ query: '\uFFFD\uFFFD\uFFFD', results: [] });
    const long = await operator.browser.visit(`/admin?email=${'a'.repeat(300)}`);
    expect(long.status).toBe(422);
    expect((long.body as { props: { errors: object } }).props.errors).toEqual({
      email: 'An e-mail address is at most 254 characters.',
    });
  });
});

describe(`the customer's record (${TEST_DATABASE}, ${TEST_SESSION_STORE} sessions)`, () => {
  it('shows purchases, licences, teams, sessions, sign-ins, resets and address changes', async () => {
    const operator = await store.admin();
    const customer = await store.person('record');
    const student = await store.person('student');
    await store.signIn(customer.email);
    const bought = await createPurchase(db, {
      userId: customer.id,
      product: 'marketing',
      createdAt: clock.now - 2 * DAY_MS,
    });
    const waiting = await createPurchase(db, {
      userId: null,
      buyerEmail: customer.email,
      product: 'ecommerce',
      createdAt: clock.now - DAY_MS,
    });
    const team = await createTeam(db, {
      name: 'Evening class',
      owners: [customer.id],
      members: [student.id],
      kind: 'classroom',
      at: clock.now - 10 * DAY_MS,
    });
    await passwordResets(db, () => clock.now).create(customer.id);

    const page = await props<AdminCustomerPageProps>(
      operator.browser,
      `/admin/users/${customer.id}`,
    );
    expect(page.customer).toMatchObject({ id: customer.id, email: customer.email, isAdmin: false });
    // Their own purchase and the team licence's purchase; not the waiting visitor purchase.
    expect(page.purchases.map((p) => p.packageName).sort()).toEqual(['All-access', 'Marketing']);
    const keys = page.licenses.map((l) => l.key);
    expect(keys).toContain(bought.key);
    expect(keys).toContain(waiting.key);
    expect(page.licenses.find((l) => l.key === waiting.key)).toMatchObject({
      userEmail: null,
      buyerEmail: customer.email,
      isActive: true,
      canMove: true,
    });
    expect(page.licenses.find((l) => l.id === team.licenseId)).toMatchObject({
      kind: 'classroom',
      team: { id: team.teamId, name: 'Evening class' },
      canMove: false,
    });
    expect(page.teams).toEqual([
      {
        id: team.teamId,
        name: 'Evening class',
        role: 'owner',
        kind: 'classroom',
        seats: 25,
        memberCount: 2,
        members: [
          {
            id: team.memberIds.get(customer.id),
            email: customer.email,
            role: 'owner',
            customerUrl: `/admin/users/${customer.id}`,
            removable: false,
          },
          {
            id: team.memberIds.get(student.id),
            email: student.email,
            role: 'member',
            customerUrl: `/admin/users/${student.id}`,
            removable: true,
          },
        ],
      },
    ]);
    expect(page.sessions.count).toBe(1);
    expect(page.signIns).toHaveLength(1);
    expect(page.signIns[0]).toMatchObject({
      method: 'password',
      at: new Date(clock.now).toISOString(),
    });
    expect(page.passwordResets).toEqual([
      { requestedAt: new Date(clock.now).toISOString(), state: 'pending', usedAt: null },
    ]);
    expect(page.emailChanges).toEqual([]);
    expect(page.refundWindowDays).toBe(30);
    expect((await operator.browser.visit('/admin/users/999999')).status).toBe(404);
  });
});

describe(`licence actions (${TEST_DATABASE})`, () => {
  it('deactivates with reason "other" and reactivates; the customer loses and regains the package', async () => {
    const operator = await store.admin();
    const customer = await store.person('toggle');
    const customerBrowser = await store.signIn(customer.email);
    const { licenseId } = await createPurchase(db, {
      userId: customer.id,
      product: 'application-ui',
      createdAt: clock.now - DAY_MS,
    });
    expect(await isLicensed(customerBrowser, 'Application UI')).toBe(true);

    const off = await operator.browser.submit('post', `/admin/licenses/${licenseId}/deactivate`);
    expect(off.headers.location).toBe(`/admin/users/${customer.id}`);
    expect(await license(licenseId)).toMatchObject({ is_active: 0, deactivation_reason: 'other' });
    expect(await isLicensed(customerBrowser, 'Application UI')).toBe(false);
    const record = await props<AdminCustomerPageProps>(
      operator.browser,
      `/admin/users/${customer.id}`,
    );
    expect(record.flash).toEqual({ success: MESSAGES.deactivated });
    expect(record.licenses[0]).toMatchObject({
      isActive: false,
      deactivationReason: 'other',
      canReactivate: true,
    });
    // Twice is once.
    await operator.browser.submit('post', `/admin/licenses/${licenseId}/deactivate`);
    expect((await props(operator.browser, `/admin/users/${customer.id}`)).flash).toEqual({
      error: MESSAGES.alreadyInactive,
    });

    await operator.browser.submit('post', `/admin/licenses/${licenseId}/reactivate`);
    expect(await license(licenseId)).toMatchObject({ is_active: 1, deactivation_reason: null });
    expect(await isLicensed(customerBrowser, 'Application UI')).toBe(true);

    const entries = await db
      .selectFrom('audit_entries')
      .select(['action', 'actor_id', 'customer_id', 'details'])
      .where('subject_type', '=', 'license')
      .where('subject_id', '=', licenseId)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['license.deactivate', 'license.reactivate']);
    expect(entries.every((e) => e.actor_id === operator.id && e.customer_id === customer.id)).toBe(
      true,
    );
    // The trail never holds a whole licence key.
    const { key } = await db
      .selectFrom('licenses')
      .select('key')
      .where('id', '=', licenseId)
      .executeTakeFirstOrThrow();
    expect(entries.some((e) => e.details.includes(key))).toBe(false);
  });

  it('never brings back a licence a refund or an upgrade ended', async () => {
    const operator = await store.admin();
    const customer = await store.person('refunded');
    for (const reason of ['refund', 'upgrade'] as const) {
      const { licenseId } = await createPurchase(db, {
        userId: customer.id,
        createdAt: clock.now - DAY_MS,
        licenseActive: false,
        deactivationReason: reason,
      });
      await operator.browser.submit('post', `/admin/licenses/${licenseId}/reactivate`);
      expect(await license(licenseId)).toMatchObject({ is_active: 0, deactivation_reason: reason });
      expect((await props(operator.browser, `/admin/users/${customer.id}`)).flash).toEqual({
        error: MESSAGES.finalDeactivation,
      });
    }
    expect(
      (await store.auditOf('license.reactivate')).filter((e) => e.customer_id === customer.id),
    ).toEqual([]);
  });

  it('moves a licence to another address: off the account, addressed to them, mailed the link', async () => {
    const operator = await store.admin();
    const customer = await store.person('giver');
    const customerBrowser = await store.signIn(customer.email);
    const { licenseId, key } = await createPurchase(db, {
      userId: customer.id,
      product: 'ecommerce',
      createdAt: clock.now - DAY_MS,
    });
    const url = `/admin/licenses/${licenseId}/move`;
    const bad = await operator.browser.submit('post', url, { email: 'not an address' });
    expect(bad.status).toBe(302);
    expect(await license(licenseId)).toMatchObject({ user_id: customer.id });

    await operator.browser.submit('post', url, { email: ' New.Owner@Example.com ' });
    expect(await license(licenseId)).toMatchObject({
      user_id: null,
      buyer_email: 'new.owner@example.com',
      redeemed_at: null,
      is_active: 1,
    });
    expect(await isLicensed(customerBrowser, 'Ecommerce')).toBe(false);
    const mail = await db
      .selectFrom('mail_jobs')
      .selectAll()
      .where('recipient', '=', 'new.owner@example.com')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      template: 'license',
      sent_at: null,
      next_attempt_at: clock.now,
    });
    expect(JSON.parse(mail[0]!.payload)).toEqual({
      productName: 'Ecommerce',
      licenseKey: key,
      activationUrl: `${store.config.appUrl}/licenses/${key}`,
      upgrade: false,
    });
    const [entry] = (await store.auditOf('license.move')).filter((e) => e.subject_id === licenseId);
    expect(JSON.parse(entry!.details)).toMatchObject({
      from: customer.email,
      to: 'new.owner@example.com',
    });
    // The same address again changes nothing.
    await operator.browser.submit('post', url, { email: 'new.owner@example.com' });
    expect(await operator.browser.errorsAfterRedirect(`/admin`)).toEqual({
      email: MESSAGES.moveSame,
    });
  });

  it('sends the moved licence the e-mail a purchase sends: product, key and link (it once said undefined)', async () => {
    const operator = await store.admin();
    const customer = await store.person('mailed-giver');
    const { licenseId, key } = await createPurchase(db, {
      userId: customer.id,
      product: 'marketing',
      createdAt: clock.now - DAY_MS,
    });
    const to = `${customer.email.split('@')[0]}-friend@example.com`;
    await operator.browser.submit('post', `/admin/licenses/${licenseId}/move`, { email: to });
    await store.services.mailQueue.drain();
    const [sent] = (await store.services.mailer.outbox!.list()).filter((mail) => mail.to === to);
    expect(sent?.subject).toMatch(/licence for Marketing$/);
    expect(sent?.text).toContain(`Your licence key: ${key}`);
    expect(sent?.text).toContain(`${store.config.appUrl}/licenses/${key}`);
    expect(sent?.text).not.toContain('undefined');
  });

  it('does not move a licence that has made a team, or an inactive one', async () => {
    const operator = await store.admin();
    const owner = await store.person('team-owner');
    const team = await createTeam(db, { name: 'Stays', owners: [owner.id], at: clock.now });
    await operator.browser.submit('post', `/admin/licenses/${team.licenseId}/move`, {
      email: 'elsewhere@example.com',
    });
    expect(await license(team.licenseId)).toMatchObject({ user_id: owner.id, buyer_email: null });
    const inactive = await createPurchase(db, {
      userId: owner.id,
      createdAt: clock.now,
      licenseActive: false,
    });
    await operator.browser.submit('post', `/admin/licenses/${inactive.licenseId}/move`, {
      email: 'elsewhere@example.com',
    });
    expect(await license(inactive.licenseId)).toMatchObject({ user_id: owner.id });
    expect(
      await db
        .selectFrom('mail_jobs')
        .select('id')
        .where('recipient', '=', 'elsewhere@example.com')
        .execute(),
    ).toEqual([]);
  });

  it('queues the licence e-mail again, to the account or else the buyer', async () => {
    const operator = await store.admin();
    const customer = await store.person('resend');
    const connected = await createPurchase(db, { userId: customer.id, createdAt: clock.now });
    const waiting = await createPurchase(db, {
      userId: null,
      buyerEmail: 'visitor-buyer@example.com',
      createdAt: clock.now,
    });
    await operator.browser.submit('post', `/admin/licenses/${connected.licenseId}/resend`);
    await operator.browser.submit('post', `/admin/licenses/${waiting.licenseId}/resend`);
    const jobs = await db
      .selectFrom('mail_jobs')
      .select(['recipient', 'payload'])
      .where('recipient', 'in', [customer.email, 'visitor-buyer@example.com'])
      .orderBy('id')
      .execute();
    expect(jobs.map((job) => [job.recipient, JSON.parse(job.payload).licenseKey])).toEqual([
      [customer.email, connected.key],
      ['visitor-buyer@example.com', waiting.key],
    ]);
    expect(
      (await store.auditOf('license.resend')).filter((e) =>
        [connected.licenseId, waiting.licenseId].includes(e.subject_id),
      ),
    ).toHaveLength(2);
    expect((await operator.browser.submit('post', '/admin/licenses/999999/resend')).status).toBe(
      404,
    );
  });
});

describe(`removing a team member (${TEST_DATABASE})`, () => {
  it('removes a student and counts them out of the team in the same transaction', async () => {
    const operator = await store.admin();
    const teacher = await store.person('teacher');
    const students = [await store.person('pupil'), await store.person('pupil')];
    const team = await createTeam(db, {
      name: 'Spring class',
      owners: [teacher.id],
      members: students.map((s) => s.id),
      kind: 'classroom',
      at: clock.now,
    });
    const memberId = team.memberIds.get(students[0]!.id)!;
    const response = await operator.browser.submit(
      'delete',
      `/admin/teams/${team.teamId}/members/${memberId}`,
    );
    expect(response.status).toBe(303);
    const row = await db
      .selectFrom('teams')
      .select('member_count')
      .where('id', '=', team.teamId)
      .executeTakeFirstOrThrow();
    expect(row.member_count).toBe(2);
    const members = await db
      .selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', team.teamId)
      .execute();
    expect(members.map((m) => m.user_id).sort()).toEqual([teacher.id, students[1]!.id].sort());
    const [entry] = (await store.auditOf('team.member_remove')).filter(
      (e) => e.subject_id === team.teamId,
    );
    expect(entry).toMatchObject({ customer_id: students[0]!.id, actor_id: operator.id });
    // A membership of another team, or gone already: 404.
    expect(
      (await operator.browser.submit('delete', `/admin/teams/${team.teamId}/members/${memberId}`))
        .status,
    ).toBe(404);
  });

  it('never removes the last owner, even when two operators remove both owners at once', async () => {
    const operator = await store.admin();
    const [a, b] = [await store.person('owner-a'), await store.person('owner-b')];
    const team = await createTeam(db, { name: 'Two owners', owners: [a.id, b.id], at: clock.now });
    const service = backOfficeService({
      database: store.services.database,
      seams: { refund: () => Promise.resolve(), replay: () => Promise.resolve() },
      appUrl: store.config.appUrl,
      logger: pino({ level: 'silent' }),
      now: () => clock.now,
    });
    const actor = { id: operator.id, email: operator.email, ip: '203.0.113.9' };
    const outcomes = await Promise.all([
      service.removeMember(actor, team.teamId, team.memberIds.get(a.id)!),
      service.removeMember(actor, team.teamId, team.memberIds.get(b.id)!),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['last-owner', 'removed']);
    const left = await db
      .selectFrom('team_members')
      .select('role')
      .where('team_id', '=', team.teamId)
      .execute();
    expect(left).toEqual([{ role: 'owner' }]);
    const { member_count } = await db
      .selectFrom('teams')
      .select('member_count')
      .where('id', '=', team.teamId)
      .executeTakeFirstOrThrow();
    expect(member_count).toBe(1);

    const last = team.memberIds.get(outcomes[0]!.status === 'removed' ? b.id : a.id)!;
    await operator.browser.submit('delete', `/admin/teams/${team.teamId}/members/${last}`);
    expect((await props(operator.browser, '/admin')).flash).toEqual({ error: MESSAGES.lastOwner });
    expect(
      await db.selectFrom('team_members').select('id').where('team_id', '=', team.teamId).execute(),
    ).toHaveLength(1);
    expect(
      (await store.auditOf('team.member_remove')).filter((e) => e.subject_id === team.teamId),
    ).toHaveLength(1);
  });
});

describe(`the audit trail (${TEST_DATABASE})`, () => {
  it('is readable in the back office, newest first, and the database refuses to edit or delete it', async () => {
    const operator = await store.admin();
    const customer = await store.person('audited');
    const { licenseId } = await createPurchase(db, { userId: customer.id, createdAt: clock.now });
    await operator.browser.submit('post', `/admin/licenses/${licenseId}/deactivate`);
    await operator.browser.submit('post', `/admin/licenses/${licenseId}/reactivate`);
    const log = await props<AdminAuditLogPageProps>(operator.browser, '/admin/audit');
    const mine = log.entries.filter((entry) => entry.actorEmail === operator.email);
    expect(mine.map((entry) => entry.action)).toEqual(['license.reactivate', 'license.deactivate']);
    expect(mine[0]).toMatchObject({
      subject: `licence #${licenseId}`,
      customer: { email: customer.email, url: `/admin/users/${customer.id}` },
    });
    expect(mine[0]!.ip).toBeTruthy();
    const record = await props<AdminCustomerPageProps>(
      operator.browser,
      `/admin/users/${customer.id}`,
    );
    expect(record.audit.map((entry) => entry.action)).toEqual([
      'license.reactivate',
      'license.deactivate',
    ]);

    const before = await db.selectFrom('audit_entries').selectAll().orderBy('id').execute();
    await expect(
      db.updateTable('audit_entries').set({ action: 'license.resend' }).execute(),
    ).rejects.toThrow(AUDIT_IMMUTABLE_MESSAGE);
    await expect(db.deleteFrom('audit_entries').execute()).rejects.toThrow(AUDIT_IMMUTABLE_MESSAGE);
    expect(await db.selectFrom('audit_entries').selectAll().orderBy('id').execute()).toEqual(
      before,
    );
    // No route edits or removes an entry.
    for (const method of ['put', 'patch', 'delete'] as const) {
      const response = await operator.browser.submit(method, `/admin/audit`);
      expect(response.status, method).toBe(404);
    }
  });

  it('is out of reach of anyone but an operator', async () => {
    const customer = await store.person('curious');
    const browser = await store.signIn(customer.email);
    expect((await browser.visit('/admin/audit')).status).toBe(404);
    expect((await request(store.app).get('/admin/audit').set(INERTIA)).status).toBe(404);
  });
});

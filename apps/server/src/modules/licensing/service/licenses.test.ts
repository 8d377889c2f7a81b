import { CLASSROOM_SEATS, TEAM_SEATS } from '@tessera/pages/constants';
import { describe, expect, it } from 'vitest';
import { captureLogger, testConfig } from '../../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../../test/services.ts';
import { createLicense, createTeam } from '../../../../test/teams.ts';
import { accountWithoutPassword, testAuthService, uniqueEmail } from '../../../../test/users.ts';
import { usersRepository } from '../../auth/index.ts';
import { licensesRepository } from '../repository/licenses.ts';
import { licenseOperations, licensesService, type OnRedeemed } from './licenses.ts';

const NOW = Date.parse('2026-03-04T05:06:07Z');
const config = testConfig(await testServicesEnv());
const services = await testServices(config, captureLogger().logger);
const { db } = services.database;
const auth = testAuthService(services, config, () => NOW);

function service(onRedeemed?: OnRedeemed) {
  return licensesService({
    database: services.database,
    auth,
    appUrl: 'https://store.test',
    onRedeemed,
    now: () => NOW,
  });
}

const person = (name = 'redeemer') => accountWithoutPassword(services, name, 1);
const newcomer = (email = uniqueEmail('newcomer')) => ({ newcomer: { email, passwordHash: 'h' } });
const licenseRow = (id: number) =>
  db.selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const mailTo = (recipient: string) =>
  db.selectFrom('mail_jobs').selectAll().where('recipient', '=', recipient).execute();
const accountOf = (email: string) =>
  db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
const purchaseOf = async (licenseId: number) => (await licenseRow(licenseId)).purchase_id!;

describe(`redeeming a licence key (${TEST_DATABASE})`, () => {
  it('connects a personal licence to the redeemer, once, and makes no team or mail', async () => {
    const userId = await person();
    const { id, key } = await createLicense(services, { kind: 'personal', product: 'marketing' });
    expect(await service().redeem({ id, kind: 'personal' }, { userId }, 'Ignored')).toEqual({
      status: 'connected',
      userId,
    });
    const row = await licenseRow(id);
    expect(row).toMatchObject({ user_id: userId, team_id: null, redeemed_at: NOW });
    expect(
      await db.selectFrom('teams').where('license_id', '=', id).select('id').execute(),
    ).toEqual([]);
    expect((await service().findByKey(key))?.user_id).toBe(userId);
    expect((await service().forUser(userId)).map((license) => license.key)).toEqual([key]);

    // A key is redeemed once only: not by someone else, not again by the same person.
    const other = await person();
    expect(await service().redeem({ id, kind: 'personal' }, { userId: other }, null)).toEqual({
      status: 'not-redeemable',
    });
    expect(await service().redeem({ id, kind: 'personal' }, { userId }, null)).toEqual({
      status: 'not-redeemable',
    });
    expect((await licenseRow(id)).user_id).toBe(userId);
  });

  it('makes the team of a team licence, its redeemer the owner in the first seat, and tells them', async () => {
    const owner = await person('team-owner');
    const email = (await usersRepository(db).findById(owner))!.email;
    const { id } = await createLicense(services, { kind: 'team' });
    const outcome = await service().redeem({ id, kind: 'team' }, { userId: owner }, 'Acme');
    expect(outcome).toMatchObject({ status: 'team-created', userId: owner });
    const teamId = outcome.status === 'team-created' ? outcome.teamId : -1;

    // The licence belongs to the team, not to the person who redeemed it.
    expect(await licenseRow(id)).toMatchObject({
      user_id: null,
      team_id: teamId,
      redeemed_at: NOW,
    });
    const team = await db
      .selectFrom('teams')
      .selectAll()
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    expect(team).toMatchObject({
      name: 'Acme',
      license_id: id,
      seats: TEAM_SEATS,
      member_count: 1,
      created_at: NOW,
    });
    expect(team.invite_token).toMatch(/^[\w-]{43}$/);
    const members = await db
      .selectFrom('team_members')
      .select(['user_id', 'role', 'created_at'])
      .where('team_id', '=', teamId)
      .execute();
    expect(members).toEqual([{ user_id: owner, role: 'owner', created_at: NOW }]);

    const mail = await mailTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ template: 'team-ready', next_attempt_at: NOW });
    expect(JSON.parse(mail[0]!.payload)).toEqual({
      teamName: 'Acme',
      productName: 'All-access',
      teamUrl: `https://store.test/teams/${teamId}`,
      seats: TEAM_SEATS,
    });

    // Never a second team for the same key.
    const other = await person();
    expect(await service().redeem({ id, kind: 'team' }, { userId: other }, 'Again')).toEqual({
      status: 'not-redeemable',
    });
    expect(
      await db.selectFrom('teams').where('license_id', '=', id).select('id').execute(),
    ).toEqual([{ id: teamId }]);
  });

  it("gives a classroom licence a classroom's seats, and a team with no name an empty one", async () => {
    const owner = await person();
    const email = (await usersRepository(db).findById(owner))!.email;
    const { id } = await createLicense(services, { kind: 'classroom' });
    const outcome = await service().redeem({ id, kind: 'classroom' }, { userId: owner }, null);
    expect(outcome.status).toBe('team-created');
    const team = await db
      .selectFrom('teams')
      .select(['name', 'seats'])
      .where('license_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(team).toEqual({ name: '', seats: CLASSROOM_SEATS });
    const [mail] = await mailTo(email);
    expect(JSON.parse(mail!.payload)).toMatchObject({ teamName: '', seats: CLASSROOM_SEATS });
  });

  it('links the team-ready mail relative to the store when it has no origin configured', async () => {
    const owner = await person();
    const email = (await usersRepository(db).findById(owner))!.email;
    const { id } = await createLicense(services, { kind: 'team' });
    const bare = licensesService({ database: services.database, auth, now: () => NOW });
    const outcome = await bare.redeem({ id, kind: 'team' }, { userId: owner }, 'Bare');
    const teamId = outcome.status === 'team-created' ? outcome.teamId : -1;
    const [mail] = await mailTo(email);
    expect(JSON.parse(mail!.payload)).toMatchObject({ teamUrl: `/teams/${teamId}` });
  });

  it('makes the account of a newcomer in the same transaction, and none when the key is spent', async () => {
    const email = uniqueEmail('newcomer');
    const { id } = await createLicense(services, { kind: 'personal' });
    const outcome = await service().redeem({ id, kind: 'personal' }, newcomer(email), null);
    const account = await accountOf(email);
    expect(outcome).toEqual({ status: 'connected', userId: account?.id });
    expect((await licenseRow(id)).user_id).toBe(account?.id);

    const late = uniqueEmail('late');
    expect(await service().redeem({ id, kind: 'personal' }, newcomer(late), null)).toEqual({
      status: 'not-redeemable',
    });
    expect(await accountOf(late)).toBeUndefined();
  });

  it('answers email-taken for a newcomer whose address has an account, and leaves the key', async () => {
    const email = uniqueEmail('taken');
    await usersRepository(db).create({ email, passwordHash: 'x', now: 1 });
    const { id } = await createLicense(services, { kind: 'team' });
    expect(await service().redeem({ id, kind: 'team' }, newcomer(email), 'T')).toEqual({
      status: 'email-taken',
    });
    expect(await licenseRow(id)).toMatchObject({ user_id: null, team_id: null, redeemed_at: null });
  });

  it('never redeems a deactivated (refunded) licence', async () => {
    const userId = await person();
    const { id } = await createLicense(services, { kind: 'team', active: false, reason: 'refund' });
    expect(await service().redeem({ id, kind: 'team' }, { userId }, 'T')).toEqual({
      status: 'not-redeemable',
    });
    expect(await licenseRow(id)).toMatchObject({ user_id: null, team_id: null, redeemed_at: null });
  });

  it('hands the redemption to onRedeemed in its transaction; its failure undoes everything', async () => {
    const calls: { licenseId: number; userId: number }[] = [];
    const userId = await person();
    const { id } = await createLicense(services, { kind: 'personal' });
    await service(async (_tx, redeemed) => void calls.push(redeemed)).redeem(
      { id, kind: 'personal' },
      { userId },
      null,
    );
    expect(calls).toEqual([{ licenseId: id, userId }]);

    const failing: OnRedeemed = () => Promise.reject(new Error('payments said no'));
    const second = await createLicense(services, { kind: 'team' });
    await expect(
      service(failing).redeem({ id: second.id, kind: 'team' }, { userId }, 'T'),
    ).rejects.toThrow('payments said no');
    const email = uniqueEmail('undone');
    await expect(
      service(failing).redeem({ id: second.id, kind: 'team' }, newcomer(email), 'T'),
    ).rejects.toThrow('payments said no');
    expect(await accountOf(email)).toBeUndefined();
    expect(await licenseRow(second.id)).toMatchObject({ user_id: null, redeemed_at: null });
    expect(
      await db.selectFrom('teams').where('license_id', '=', second.id).select('id').execute(),
    ).toEqual([]);
  });

  it('lets exactly one of five redemptions racing for a key win', async () => {
    for (const kind of ['personal', 'team'] as const) {
      const { id } = await createLicense(services, { kind });
      const emails = Array.from({ length: 5 }, () => uniqueEmail(`racer-${kind}`));
      const outcomes = await Promise.all(
        emails.map((email) => service().redeem({ id, kind }, newcomer(email), 'Race')),
      );
      expect(
        outcomes.filter((o) => o.status === 'not-redeemable'),
        kind,
      ).toHaveLength(4);
      const accounts = await db
        .selectFrom('users')
        .select('id')
        .where('email', 'in', emails)
        .execute();
      expect(accounts, kind).toHaveLength(1);
    }
  });
});

describe(`what other modules do to licences (${TEST_DATABASE})`, () => {
  it('issues a licence with a fresh key, its goods, and test mode marked', async () => {
    const template = await createLicense(services, { product: 'marketing' });
    const purchaseId = await purchaseOf(template.id);
    const userId = await person();
    const product = (await licenseRow(template.id)).product_id;
    const input = {
      productId: product,
      purchaseId,
      userId,
      kind: 'personal',
      buyerEmail: 'buyer@example.com',
      redeemedAt: NOW,
      testMode: true,
      now: NOW,
    };
    const issued = await licenseOperations.issue(db, { ...input, goods: ['ebook'] });
    expect(issued.key).toMatch(/^([0-9A-Z]{5}-)+[0-9A-Z]{1,5}$/);
    expect(await licenseRow(issued.id)).toMatchObject({
      key: issued.key,
      product_id: product,
      purchase_id: purchaseId,
      user_id: userId,
      kind: 'personal',
      buyer_email: 'buyer@example.com',
      redeemed_at: NOW,
      is_active: 1,
      test_mode: 1,
      created_at: NOW,
    });
    expect(await licenseOperations.goodsOfLicense(db, issued.id)).toEqual(['ebook']);

    const plain = await licenseOperations.issue(db, { ...input, testMode: false, userId: null });
    expect(plain.key).not.toBe(issued.key);
    expect(await licenseRow(plain.id)).toMatchObject({ test_mode: 0, user_id: null });
    expect(await licenseOperations.goodsOfLicense(db, plain.id)).toEqual([]);
    expect(
      (await licenseOperations.ofPurchase(db, purchaseId)).map((row) => [row.id, row.key]),
    ).toEqual([
      [template.id, template.key],
      [issued.id, issued.key],
      [plain.id, plain.key],
    ]);
  });

  it('revokes a refunded licence and its goods: the buyer downloads nothing more', async () => {
    const userId = await person();
    const { id } = await createLicense(services, { userId, product: 'marketing' });
    const purchaseId = await purchaseOf(id);
    await licenseOperations.issue(db, {
      productId: (await licenseRow(id)).product_id,
      purchaseId,
      userId,
      kind: 'personal',
      buyerEmail: null,
      redeemedAt: NOW,
      testMode: false,
      now: NOW,
      goods: ['ebook'],
    });
    expect(await licenseOperations.goodsHeldBy(db, userId)).toEqual(['ebook']);
    expect(await licenseOperations.deactivate(db, { purchaseId }, 'refund', NOW)).toBe(2);
    expect(await licenseOperations.revokeGoods(db, purchaseId, NOW)).toBe(1);
    expect(await licenseOperations.goodsHeldBy(db, userId)).toEqual([]);
    expect(await licenseRow(id)).toMatchObject({
      is_active: 0,
      deactivation_reason: 'refund',
      deactivated_at: NOW,
    });
    const goods = await licenseOperations.goodsOfPurchase(db, purchaseId);
    expect(goods).toMatchObject([{ goods: 'ebook', revoked_at: NOW }]);
    // A refund is final: no operator brings it back, and its first reason stays.
    expect(await licenseOperations.reactivate(db, id)).toBe(false);
    expect(await licenseOperations.deactivate(db, { id }, 'other', NOW + 1)).toBe(0);
    expect(await licenseOperations.restoreAfterUpgradeRefund(db, id)).toBe(false);
    expect((await licenseRow(id)).deactivation_reason).toBe('refund');
  });

  it("brings back only what an operator switched off, and an upgrade's replaced licence", async () => {
    const { id } = await createLicense(services);
    expect(await licenseOperations.deactivate(db, { id }, 'other', NOW)).toBe(1);
    expect(await licenseOperations.reactivate(db, id)).toBe(true);
    expect(await licenseRow(id)).toMatchObject({ is_active: 1, deactivation_reason: null });

    const replaced = await createLicense(services);
    await licenseOperations.deactivate(db, { id: replaced.id }, 'upgrade', NOW);
    expect(await licenseOperations.reactivate(db, replaced.id)).toBe(false);
    expect(await licenseOperations.restoreAfterUpgradeRefund(db, replaced.id)).toBe(true);
    expect((await licenseRow(replaced.id)).is_active).toBe(1);
  });

  it('addresses a moved licence to its new owner, and tells an operator who holds what', async () => {
    const userId = await person();
    const email = (await usersRepository(db).findById(userId))!.email;
    const { id, key } = await createLicense(services, { userId, product: 'marketing' });
    expect(await licenseOperations.forOperator(db, id)).toMatchObject({
      key,
      user_id: userId,
      user_email: email,
      product_name: 'Marketing',
    });
    expect(
      (await licenseOperations.ofCustomer(db, { id: userId, email })).map((row) => row.id),
    ).toEqual([id]);

    const purchaseId = await purchaseOf(id);
    await licenseOperations.setBuyerEmail(db, purchaseId, 'first@example.com');
    await licenseOperations.setBuyerEmail(db, purchaseId, 'second@example.com');
    expect((await licenseRow(id)).buyer_email).toBe('first@example.com');

    // Only an active licence that made no team moves.
    const team = await createTeam(services, { owners: [userId] });
    expect(await licenseOperations.move(db, team.licenseId, 'thief@example.com')).toBe(false);
    const holder = await person();
    const off = await createLicense(services, { userId: holder, active: false });
    expect(await licenseOperations.move(db, off.id, 'thief@example.com')).toBe(false);
    expect((await licenseRow(off.id)).user_id).toBe(holder);

    const to = uniqueEmail('moved');
    expect(await licenseOperations.move(db, id, to)).toBe(true);
    expect(await licenseRow(id)).toMatchObject({
      user_id: null,
      buyer_email: to,
      redeemed_at: null,
    });
    expect(await licenseOperations.ofCustomer(db, { id: userId, email })).toEqual([]);
    expect(
      (await licenseOperations.ofCustomer(db, { id: userId + 100_000, email: to })).map(
        (row) => row.id,
      ),
    ).toEqual([id]);
  });
});

describe(`what the licence pages and the licence API read (${TEST_DATABASE})`, () => {
  it("lists a user's own licences and those of teams they own, not of teams they are only in", async () => {
    const [owner, member] = [await person(), await person()];
    const own = await createLicense(services, { userId: member, product: 'marketing' });
    const team = await createTeam(services, { owners: [owner], members: [member], name: 'Owned' });
    const keys = async (userId: number) =>
      (await licensesRepository(db).forUser(userId)).map((row) => row.key);
    expect(await keys(owner)).toEqual([team.licenseKey]);
    expect(await keys(member)).toEqual([own.key]);
  });

  it("answers a key with its product, its team's seats and its buyer, and nothing for another key", async () => {
    const owner = await person();
    const team = await createTeam(services, { owners: [owner], seats: 5 });
    await db
      .updateTable('licenses')
      .set({ buyer_email: 'buyer@example.com', test_mode: 1 })
      .where('id', '=', team.licenseId)
      .execute();
    expect(await licensesRepository(db).findForApi(team.licenseKey)).toMatchObject({
      id: team.licenseId,
      key: team.licenseKey,
      product_slug: 'all-access',
      team_seats: 5,
      team_member_count: 1,
      team_name: 'Test Team',
      buyer_email: 'buyer@example.com',
      test_mode: 1,
    });
    const personal = await createLicense(services, { product: 'marketing' });
    expect(await licensesRepository(db).findForApi(personal.key)).toMatchObject({
      id: personal.id,
      product_slug: 'marketing',
      team_seats: null,
      test_mode: 0,
    });
    expect(await licensesRepository(db).findForApi(`${personal.key}X`)).toBeUndefined();
  });
});

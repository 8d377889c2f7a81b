import { SIGN_IN_HISTORY_DAYS } from '@tessera/pages/constants';
import { describe, expect, it } from 'vitest';
import { captureLogger, testConfig } from '../../../../test/helpers.ts';
import { TEST_DATABASE, testServices, testServicesEnv } from '../../../../test/services.ts';
import { accountWithoutPassword } from '../../../../test/users.ts';
import { secondFactorRows } from './second-factors.ts';
import { signIns } from './sign-ins.ts';

// An account's two histories, sign-ins and security events: kept per account for 90 days,
// newest first, with the address cut to the column's 64 characters.
const services = await testServices(testConfig(await testServicesEnv()), captureLogger().logger);
const { db } = services.database;
const DAY = 24 * 60 * 60 * 1000;
const clock = { now: Date.parse('2025-06-15T12:00:00Z') };
const now = () => clock.now;

interface History {
  record(userId: number, kind: string, ip: string | undefined): Promise<void>;
  recent(
    userId: number,
    limit?: number,
  ): Promise<{ kind: string; ip: string | null; at: number }[]>;
}

const histories: [string, number, History, [string, string], number][] = [
  [
    'sign-ins',
    SIGN_IN_HISTORY_DAYS,
    {
      record: (userId, kind, ip) => signIns(db, now).record(userId, kind as 'password', ip),
      recent: async (userId, limit) =>
        (await signIns(db, now).recent(userId, limit)).map((row) => ({
          kind: row.method,
          ip: row.ip,
          at: Number(row.created_at),
        })),
    },
    ['password', 'passkey'],
    10,
  ],
  [
    'security events',
    90,
    {
      record: (userId, kind, ip) =>
        secondFactorRows(db, now).record(userId, kind as 'totp.enabled', ip),
      recent: async (userId, limit) =>
        (await secondFactorRows(db, now).recentEvents(userId, limit)).map((row) => ({
          kind: row.event,
          ip: row.ip,
          at: Number(row.created_at),
        })),
    },
    ['totp.enabled', 'second-step.failed'],
    20,
  ],
];

const person = () => accountWithoutPassword(services, 'history', clock.now);

describe.each(histories)(
  `the account's %s (${TEST_DATABASE})`,
  (_name, days, history, kinds, defaultLimit) => {
    const [first, second] = kinds;

    it('records when, how and from where, with no address when there was none', async () => {
      const id = await person();
      await history.record(id, first, '203.0.113.9');
      clock.now += 1000;
      await history.record(id, second, undefined);
      expect(await history.recent(id)).toEqual([
        { kind: second, ip: null, at: clock.now },
        { kind: first, ip: '203.0.113.9', at: clock.now - 1000 },
      ]);
    });

    it('keeps the first 64 characters of an address', async () => {
      const id = await person();
      const long = `2001:db8:${'a'.repeat(80)}`;
      await history.record(id, first, long);
      expect((await history.recent(id))[0]?.ip).toBe(long.slice(0, 64));
    });

    it(`forgets entries older than ${days} days when the account has a new one, and no one else's`, async () => {
      const id = await person();
      const other = await person();
      const start = clock.now;
      await history.record(id, first, 'old');
      await history.record(other, first, 'theirs');
      clock.now = start + days * DAY;
      await history.record(id, second, 'exactly at the edge');
      expect((await history.recent(id)).map((row) => row.ip)).toEqual([
        'exactly at the edge',
        'old',
      ]);
      clock.now = start + days * DAY + 1;
      await history.record(id, second, 'new');
      expect((await history.recent(id)).map((row) => row.ip)).toEqual([
        'new',
        'exactly at the edge',
      ]);
      expect((await history.recent(other)).map((row) => row.ip)).toEqual(['theirs']);
    });

    it('lists newest first, the later of two at the same time first, up to the limit (the default too)', async () => {
      const id = await person();
      const many = 25;
      for (let i = 0; i < many; i += 1) await history.record(id, first, `ip-${i}`);
      const all = await history.recent(id, many);
      expect(all.map((row) => row.ip)).toEqual(
        Array.from({ length: many }, (_, i) => `ip-${many - 1 - i}`),
      );
      expect(await history.recent(id)).toEqual(all.slice(0, defaultLimit));
      expect(await history.recent(id, 3)).toEqual(all.slice(0, 3));
    });
  },
);

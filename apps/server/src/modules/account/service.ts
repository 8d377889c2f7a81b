import type { DatabaseHandle } from '../../db/database.ts';
import { eraseAccount, type AuthService } from '../auth/index.ts';
import { holdingsExport, releaseHoldings, type HoldingsReleased } from '../licensing/index.ts';
import { newsletterRepository } from '../newsletter/index.ts';
import { anonymisePurchases } from '../payments/index.ts';
import { revokeAllTokens, type AccessTokensService } from '../tokens/index.ts';
import { componentsTakenRepository } from '../updates/index.ts';
import { personalDataRepository } from './repository.ts';

export interface PersonalDataDeps {
  database: DatabaseHandle;
  auth: AuthService;
  tokens: AccessTokensService;
  now: () => number;
}

/** What a deletion did, for the log and the tests; `null` when the account was already gone. */
export type AccountDeleted = HoldingsReleased & {
  purchasesKept: number;
  tokensRevoked: number;
  componentsTakenDeleted: number;
  sessionsEnded: number;
};

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

/**
 * "Your data, yourself" (decision 060): everything the store holds about a customer, as one
 * JSON document, and the deletion of their account.
 */
export function personalData({ database, auth, tokens, now }: PersonalDataDeps) {
  const reads = personalDataRepository(database.db);
  return {
    /** The export: no password hash, token secret, licence key, invite token or session id. */
    async exportFor(userId: number) {
      const account = await reads.account(userId);
      if (!account) return null;
      const [purchases, holdings, accessTokens, sessions, signIns, audit, subscribed, taken] =
        await Promise.all([
          reads.purchases(userId),
          holdingsExport(database.db, userId),
          tokens.list(userId),
          auth.sessionSummary(userId),
          reads.signIns(userId),
          reads.auditEntries(userId),
          newsletterRepository(database.db).isSubscribed(account.email),
          componentsTakenRepository(database.db).ofUser(userId),
        ]);
      return {
        format: 'personal-data/1',
        exportedAt: iso(now()),
        account: {
          id: account.id,
          email: account.email,
          isOperator: account.is_admin === 1,
          createdAt: iso(account.created_at),
          updatedAt: iso(account.updated_at),
          snippetLanguage: account.snippet_lang,
          previewColorScheme: account.preview_color_scheme,
          previewWidth: account.preview_width,
          colorScheme: account.color_scheme,
          newsletter: subscribed,
        },
        purchases: purchases.map((purchase) => ({
          ...purchase,
          test_mode: purchase.test_mode === 1,
          created_at: iso(purchase.created_at),
          refunded_at: iso(purchase.refunded_at),
        })),
        licences: holdings.licenses.map((license) => ({
          ...license,
          is_active: license.is_active === 1,
          test_mode: license.test_mode === 1,
          created_at: iso(license.created_at),
          redeemed_at: iso(license.redeemed_at),
          deactivated_at: iso(license.deactivated_at),
        })),
        teams: holdings.teams.map((team) => ({ ...team, joined_at: iso(team.joined_at) })),
        sessions: { active: sessions.count, lastSeenAt: iso(sessions.lastSeenAt) },
        signIns: signIns.map((signIn) => ({ ...signIn, created_at: iso(signIn.created_at) })),
        accessTokens,
        // The version of each component last copied or installed (decision 065).
        componentsTaken: taken.map((row) => ({
          component: row.component_uuid,
          version: row.version,
          how: row.how,
          taken_at: iso(row.taken_at),
        })),
        auditEntries: audit.map((entry) => ({
          ...entry,
          details: JSON.parse(entry.details) as unknown,
          created_at: iso(entry.created_at),
        })),
      };
    },

    /**
     * Deletes the account in one transaction: credentials and personal details emptied, teams
     * handed over or closed, licences switched off or released, purchases kept without a name,
     * tokens revoked, the newsletter address removed; then every session ends.
     */
    async deleteAccount(user: { id: number; email: string }): Promise<AccountDeleted | null> {
      const at = now();
      const done = await database.writeTransaction(async (tx) => {
        if (!(await eraseAccount(tx, user, at))) return null;
        const holdings = await releaseHoldings(tx, database.engine, user.id, at);
        const purchasesKept = await anonymisePurchases(tx, user.id);
        const tokensRevoked = await revokeAllTokens(tx, user.id, at);
        await newsletterRepository(tx).unsubscribe(user.email);
        const componentsTakenDeleted = await componentsTakenRepository(tx).deleteFor(user.id);
        return { ...holdings, purchasesKept, tokensRevoked, componentsTakenDeleted };
      });
      if (!done) return null;
      const sessionsEnded = await auth.endAllSessions(user.id);
      return { ...done, sessionsEnded };
    },
  };
}

export type PersonalData = ReturnType<typeof personalData>;

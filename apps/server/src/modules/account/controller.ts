import type { Request, Response } from 'express';
import type { Db } from '../../db/database.ts';
import { rejectWith } from '../../http/validation.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { passwordProblem } from '../auth/passwords.ts';
import { purchasesRepository } from './repository.ts';

import { EMAIL_UPDATED, PASSWORD_UPDATED } from '../shared/messages.ts';

// The spec's success texts (§7).
export { EMAIL_UPDATED, PASSWORD_UPDATED };
export const EMAIL_TAKEN = 'This email address is already in use.';
export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect.';

/** A purchase as the account page lists it (spec §3 Purchase). */
export interface PurchaseRow {
  id: number;
  date: string;
  packageName: string;
  amount: string;
  refunded: boolean;
  url: string;
  source: string;
}

function formatAmount(amount: number, currency: string, locale: string): string {
  const digits = amount % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 100);
}

export function accountController({ db, auth }: { db: Db; auth: AuthService }) {
  const purchases = purchasesRepository(db);
  return {
    show(req: Request, res: Response) {
      const user = req.user!;
      return res.inertia('AccountSettings', {
        email: user.email,
        purchases: async (): Promise<PurchaseRow[]> =>
          (await purchases.forUser(user.id)).map((row) => ({
            id: row.id,
            date: new Date(row.created_at).toISOString(),
            packageName: row.product_name,
            amount: formatAmount(row.amount, row.currency, 'en-US'),
            refunded: row.refunded_at !== null,
            url: row.receipt_url,
            source: row.source,
          })),
      });
    },

    async updateEmail(req: Request, res: Response) {
      const { email } = req.body as { email: string };
      const outcome = await auth.changeEmail(req.user!, email);
      if (outcome === 'taken')
        return rejectWith(req, res, { email: EMAIL_TAKEN }, '/account-settings');
      await res.flash({ messages: { success: EMAIL_UPDATED } });
      res.redirect('/account-settings');
    },

    async updatePassword(req: Request, res: Response) {
      const user = req.user!;
      const body = req.body as { old_password: string; new_password: string };
      if (!(await auth.checkPassword(user, body.old_password))) {
        return rejectWith(req, res, { old_password: WRONG_CURRENT_PASSWORD }, '/account-settings');
      }
      const problem = passwordProblem(body.new_password);
      if (problem) return rejectWith(req, res, { new_password: problem }, '/account-settings');
      await auth.changePassword(
        user,
        body.new_password,
        req.sessionID,
        req.session.rememberSelector,
      );
      await res.flash({ messages: { success: PASSWORD_UPDATED } });
      res.redirect('/account-settings');
    },
  };
}

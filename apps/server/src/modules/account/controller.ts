import type { Purchase } from '@tessera/pages';
import type { Request, Response } from 'express';
import type { Db } from '../../db/database.ts';
import { HttpError, NotFoundError } from '../../http/errors.ts';
import type { Errors } from '../../http/inertia/page.ts';
import { refuseRateLimited, retryMessage } from '../../http/rate-limit.ts';
import { rejectWith } from '../../http/validation.ts';
import type { Limiters } from '../../http/rate-limit.ts';
import { redirectBack } from '../../http/redirect-back.ts';
import {
  passwordProblem,
  usersRepository,
  WRONG_CURRENT_PASSWORD,
  WRONG_PASSWORD,
  type AuthService,
} from '../auth/index.ts';
import { purchaseOperations } from '../payments/index.ts';
import { formatAmount } from '../shared/index.ts';
import {
  ACCESS_TOKEN_LIMIT_REACHED,
  ACCESS_TOKEN_REVOKED,
  EMAIL_UPDATED,
  NEW_ACCESS_TOKEN_FLASH,
  OTHER_SESSIONS_LOGGED_OUT,
  PASSWORD_UPDATED,
  type AccessTokenExpiry,
  type PreviewColorScheme,
  type SnippetLanguage,
} from '@tessera/pages/constants';
import type { InertiaRenderOptions } from '../../http/inertia/inertia.ts';
import { tokenIdParam, type AccessTokensService } from '../tokens/index.ts';

// What the account page says; the same words the pages show (@tessera/pages/constants).
export { EMAIL_UPDATED, OTHER_SESSIONS_LOGGED_OUT, PASSWORD_UPDATED };
export { WRONG_CURRENT_PASSWORD, WRONG_PASSWORD };
export const EMAIL_TAKEN = 'This email address is already in use.';
export const EMAIL_CHANGE_UNDONE = (email: string) =>
  `Your e-mail address is ${email} again and every other session has been signed out. We have e-mailed you a link to choose a new password.`;
export const UNDO_LINK_PROBLEMS = {
  invalid: 'This link is not valid.',
  expired: 'This link has expired. If someone else changed your e-mail address, contact support.',
  used: 'This link has already been used.',
  taken: 'Another account now uses your old e-mail address. Please contact support.',
} as const;

const PAGE = '/account-settings';

export interface AccountControllerDeps {
  db: Db;
  auth: AuthService;
  limiters: Pick<Limiters, 'passwordCheck'>;
  /** Personal access tokens (decision 014). */
  tokens: AccessTokensService;
}

export function accountController({ db, auth, limiters, tokens }: AccountControllerDeps) {
  const users = usersRepository(db);

  function render(
    req: Request,
    res: Response,
    extra: { errors?: Errors; status?: number } & Pick<InertiaRenderOptions, 'url' | 'flash'> = {},
  ) {
    const user = req.user!;
    return res.inertia(
      'AccountSettings',
      {
        ...(extra.errors ? { errors: extra.errors } : {}),
        email: user.email,
        purchases: async (): Promise<Purchase[]> =>
          (await purchaseOperations.history(db, user.id)).map((row) => ({
            id: row.id,
            date: new Date(row.created_at).toISOString(),
            packageName: row.product_name,
            amount: formatAmount(row.amount, row.currency, 'en-US'),
            refunded: row.refunded_at !== null,
            url: row.receipt_url,
            source: row.source,
          })),
        accessTokens: () => tokens.list(user.id),
      },
      {
        status: extra.status ?? 200,
        ...(extra.url ? { url: extra.url } : {}),
        ...(extra.flash ? { flash: extra.flash } : {}),
      },
    );
  }

  /**
   * The password asked again before a sensitive change, limited per user (decision 003): a
   * refused attempt runs no scrypt at all, and is answered 429 with the page and the wait.
   */
  async function passwordConfirmed(
    req: Request,
    res: Response,
    field: string,
    password: string,
    wrong: string,
  ): Promise<boolean> {
    const user = req.user!;
    const key = String(user.id);
    const limit = await limiters.passwordCheck.consume(key);
    if (!limit.allowed) {
      const { retryAfterSeconds } = limit;
      await refuseRateLimited(req, res, {
        errors: { [field]: retryMessage('password attempts', retryAfterSeconds) },
        retryAfterSeconds,
        pageUrl: PAGE,
        render: (errors) => render(req, res, { errors, status: 429 }),
      });
      return false;
    }
    if (!(await auth.checkPassword(user, password))) {
      await rejectWith(req, res, { [field]: wrong }, PAGE);
      return false;
    }
    await limiters.passwordCheck.reset(key);
    return true;
  }

  return {
    show(req: Request, res: Response) {
      return render(req, res);
    },

    async updateEmail(req: Request, res: Response) {
      const { email, password } = req.body as { email: string; password: string };
      if (!(await passwordConfirmed(req, res, 'password', password, WRONG_PASSWORD))) return;
      const outcome = await auth.changeEmail(req.user!, email);
      if (outcome === 'taken') return rejectWith(req, res, { email: EMAIL_TAKEN }, PAGE);
      await res.flash({ messages: { status: EMAIL_UPDATED } });
      res.redirect(PAGE);
    },

    async undoEmailChange(req: Request<{ token: string }>, res: Response) {
      const outcome = await auth.undoEmailChange(req.params.token, req.sessionID);
      if (outcome.status === 'invalid') throw new NotFoundError(UNDO_LINK_PROBLEMS.invalid);
      if (outcome.status !== 'undone') {
        throw new HttpError(
          outcome.status === 'taken' ? 409 : 410,
          UNDO_LINK_PROBLEMS[outcome.status],
        );
      }
      const message = EMAIL_CHANGE_UNDONE(outcome.email);
      if (req.user?.id === outcome.userId) {
        await res.flash({ messages: { success: message } });
        return res.redirect(PAGE);
      }
      await res.flash({ messages: { status: message } });
      res.redirect('/login');
    },

    async updatePassword(req: Request, res: Response) {
      const user = req.user!;
      const body = req.body as { old_password: string; new_password: string };
      const { old_password: current, new_password: next } = body;
      if (!(await passwordConfirmed(req, res, 'old_password', current, WRONG_CURRENT_PASSWORD)))
        return;
      const problem = passwordProblem(next);
      if (problem) return rejectWith(req, res, { new_password: problem }, PAGE);
      await auth.changePassword(
        user,
        body.new_password,
        req.sessionID,
        req.session.rememberSelector,
      );
      await res.flash({ messages: { status: PASSWORD_UPDATED } });
      res.redirect(PAGE);
    },

    /**
     * Creates a token and answers with the page itself (no redirect), the secret in this answer's
     * `page.flash`: it is written to no session or store, and the client keeps flash out of its
     * history, so a reload or Back shows the list without it (decision 014).
     */
    async createToken(req: Request, res: Response) {
      const { name, expires_in: expiry } = req.body as {
        name: string;
        expires_in: AccessTokenExpiry;
      };
      const outcome = await tokens.create(req.user!.id, { name, expiry });
      if (outcome.status === 'limit')
        return rejectWith(req, res, { name: ACCESS_TOKEN_LIMIT_REACHED }, PAGE);
      if (outcome.status === 'no-user') throw new NotFoundError();
      await render(req, res, {
        url: PAGE,
        flash: {
          [NEW_ACCESS_TOKEN_FLASH.secret]: outcome.secret,
          [NEW_ACCESS_TOKEN_FLASH.id]: String(outcome.id),
        },
      });
    },

    /** Revokes one of the viewer's own tokens; anyone else's id is a 404 and changes nothing. */
    async revokeToken(req: Request<{ id: string }>, res: Response) {
      const id = tokenIdParam(req.params.id);
      if (id === null) throw new NotFoundError();
      const outcome = await tokens.revoke(req.user!.id, id);
      if (outcome === 'not-found') throw new NotFoundError();
      await res.flash({ messages: { success: ACCESS_TOKEN_REVOKED } });
      res.redirect(PAGE);
    },

    /**
     * PUT /snippet-language: the code language a viewer last chose, shared as `snippetLang` on
     * the next page. Kept on the account when signed in, else in the session.
     */
    async chooseSnippetLanguage(req: Request, res: Response) {
      const { snippet_lang } = req.body as { snippet_lang: SnippetLanguage };
      if (req.user) await users.updateSnippetLanguage(req.user.id, snippet_lang);
      else req.session.snippetLang = snippet_lang;
      redirectBack(req, res);
    },

    /**
     * PUT /preview-color-scheme: the mode the component previews are shown in, shared as
     * `previewColorScheme` on the next page; kept like the code language.
     */
    async choosePreviewColorScheme(req: Request, res: Response) {
      const { preview_color_scheme } = req.body as { preview_color_scheme: PreviewColorScheme };
      if (req.user) await users.updatePreviewColorScheme(req.user.id, preview_color_scheme);
      else req.session.previewColorScheme = preview_color_scheme;
      redirectBack(req, res);
    },

    async logoutOther(req: Request, res: Response) {
      const { password } = req.body as { password: string };
      if (!(await passwordConfirmed(req, res, 'password', password, WRONG_PASSWORD))) return;
      await auth.endOtherSessions(req.user!.id, req.sessionID, req.session.rememberSelector);
      await res.flash({ messages: { status: OTHER_SESSIONS_LOGGED_OUT } });
      res.redirect(PAGE);
    },
  };
}

import type { Purchase } from '@tessera/pages';
import type { Request, Response } from 'express';
import type { Db } from '../../db/database.ts';
import {
  ConflictError,
  GoneError,
  NotFoundError,
  retryMessage,
  TooManyRequestsError,
  ValidationFailedError,
} from '../../http/errors.ts';
import type { Errors } from '../../http/inertia/page.ts';
import type { Limiters } from '../../http/rate-limit.ts';
import { redirectBack } from '../../http/redirect-back.ts';
import { pathId, type Input } from '../../http/validation.ts';
import {
  checkSecondFactor,
  PASSKEY_REFUSED,
  passwordProblem,
  usersRepository,
  WRONG_CURRENT_PASSWORD,
  WRONG_PASSWORD,
  type AuthService,
  type SignedIn,
} from '../auth/index.ts';
import { purchaseOperations } from '../payments/index.ts';
import { formatAmount } from '../shared/index.ts';
import {
  ACCOUNT_DELETED,
  OPERATOR_ACCOUNT_NOT_DELETED,
  ACCESS_TOKEN_LIMIT_REACHED,
  ACCESS_TOKEN_REVOKED,
  EMAIL_UPDATED,
  NEW_ACCESS_TOKEN_FLASH,
  OTHER_SESSIONS_LOGGED_OUT,
  PASSKEY_ADDED,
  PASSKEY_REMOVED,
  PASSKEY_RENAMED,
  PASSWORD_UPDATED,
  RECOVERY_CODES_FLASH,
  TOTP_DISABLED,
  TOTP_ENABLED,
} from '@tessera/pages/constants';
import type { InertiaRenderOptions } from '../../http/inertia/inertia.ts';
import type { AccessTokensService } from '../tokens/index.ts';
import { regenerateSession } from '../../http/session/session.ts';
import type { Logger } from '../../logger.ts';
import type { PersonalData } from './service.ts';
import type {
  ConfirmTotpBody,
  CreateTokenBody,
  DeleteAccountBody,
  DisableTotpBody,
  AddPasskeyBody,
  RecoveryCodesBody,
  RemovePasskeyBody,
  RenamePasskeyBody,
  LogoutOtherBody,
  PreviewColorSchemeBody,
  PreviewWidthBody,
  ColorSchemeBody,
  SnippetLanguageBody,
  UpdateEmailBody,
  UpdatePasswordBody,
} from './schemas.ts';

// What the account page says; the same words the pages show (@tessera/pages/constants).
export { EMAIL_UPDATED, OTHER_SESSIONS_LOGGED_OUT, PASSWORD_UPDATED, TOTP_DISABLED, TOTP_ENABLED };
export const WRONG_SETUP_CODE =
  'That code does not match. Check the time on your device and enter the current code.';
export const NO_TOTP_SETUP = 'Start setting up two-factor authentication first.';
export const NO_SUCH_PASSKEY = 'This passkey does not exist, or was already removed.';
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
  /** `downloads` also limits the data export: it is a download of its own. */
  limiters: Pick<Limiters, 'passwordCheck' | 'downloads' | 'secondFactor'>;
  /** Personal access tokens (decision 014). */
  tokens: AccessTokensService;
  /** The export and the deletion of the account (decision 060). */
  personalData: PersonalData;
  brandName: string;
  logger: Logger;
}

export function accountController({
  db,
  auth,
  limiters,
  tokens,
  personalData,
  brandName,
  logger,
}: AccountControllerDeps) {
  const users = usersRepository(db);

  function render(
    req: SignedIn,
    res: Response,
    extra: { errors?: Errors; status?: number } & Pick<InertiaRenderOptions, 'url' | 'flash'> = {},
  ) {
    const { user } = req;
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
        passkeys: () => auth.passkeys.list(user.id),
        twoFactor: async () => {
          const [status, anyFactor] = await Promise.all([
            auth.secondFactors.status(user.id),
            auth.secondFactors.required(user.id),
          ]);
          const sealed = status.totp ? undefined : req.session.totpEnrolment;
          const enrolment = sealed ? await auth.secondFactors.resumeTotp(user.email, sealed) : null;
          return {
            ...status,
            // An operator may look at the customer's page; only their own account asks this.
            // A passkey is a second factor too (decision 052).
            required: Boolean(user.is_admin) && !anyFactor && !req.impersonator,
            enrolment: enrolment ? { qrCode: enrolment.qrCode, secret: enrolment.secret } : null,
          };
        },
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
  async function confirmPassword(
    req: SignedIn,
    res: Response,
    field: string,
    password: string,
    wrong: string,
  ): Promise<void> {
    const key = String(req.user.id);
    const limit = await limiters.passwordCheck.consume(key);
    if (!limit.allowed) {
      const message = retryMessage('password attempts', limit.retryAfterSeconds);
      throw new TooManyRequestsError(limit.retryAfterSeconds, message, {
        fields: { [field]: message },
        form: { url: PAGE, render: (errors) => render(req, res, { errors, status: 429 }) },
      });
    }
    if (!(await auth.checkPassword(req.user, password))) {
      throw new ValidationFailedError({ [field]: wrong }, { back: PAGE });
    }
    await limiters.passwordCheck.reset(key);
  }

  return {
    show(req: SignedIn, res: Response) {
      return render(req, res);
    },

    /** A new TOTP secret to set up: kept encrypted in the session until a code confirms it. */
    async startTotp(req: SignedIn, res: Response) {
      const enrolment = await auth.secondFactors.beginTotp(req.user.email);
      req.session.totpEnrolment = enrolment.encrypted;
      res.redirect(PAGE);
    },

    /**
     * Turns TOTP on with a current code of the secret being set up, and answers with the page
     * itself, the ten recovery codes in this answer's `page.flash` only (shown once).
     */
    async confirmTotp(req: SignedIn<Input<ConfirmTotpBody>>, res: Response) {
      const sealed = req.session.totpEnrolment;
      if (!sealed) throw new ValidationFailedError({ code: NO_TOTP_SETUP }, { back: PAGE });
      // The same limiter as every second-factor code: a setup code is a guess at a secret too.
      const key = `user:${req.user.id}`;
      const limit = await limiters.secondFactor.consume(key);
      if (!limit.allowed) {
        const message = retryMessage('code attempts', limit.retryAfterSeconds);
        throw new TooManyRequestsError(limit.retryAfterSeconds, message, {
          fields: { code: message },
          form: { url: PAGE, render: (errors) => render(req, res, { errors, status: 429 }) },
        });
      }
      const codes = await auth.secondFactors.confirmTotp(
        req.user.id,
        sealed,
        req.body.code.trim(),
        req.ip,
      );
      if (!codes) throw new ValidationFailedError({ code: WRONG_SETUP_CODE }, { back: PAGE });
      await limiters.secondFactor.reset(key);
      delete req.session.totpEnrolment;
      req.session.secondFactorConfirmedAt = auth.now();
      await render(req, res, {
        url: PAGE,
        flash: { status: TOTP_ENABLED, [RECOVERY_CODES_FLASH]: codes.join('\n') },
      });
    },

    /** Turns TOTP off: the password and a current code (or a recovery code) first. */
    async disableTotp(req: SignedIn<Input<DisableTotpBody>>, res: Response) {
      await confirmPassword(req, res, 'password', req.body.password, WRONG_PASSWORD);
      await checkSecondFactor({
        auth,
        limiter: limiters.secondFactor,
        req,
        userId: req.user.id,
        proof: { code: req.body.code },
        field: 'code',
        form: { url: PAGE, render: (errors) => render(req, res, { errors, status: 429 }) },
      });
      await auth.secondFactors.disableTotp(req.user.id, req.ip);
      delete req.session.secondFactorConfirmedAt;
      await res.flash({ messages: { status: TOTP_DISABLED } });
      res.redirect(PAGE);
    },

    /** Ten new recovery codes in place of the old ones, after the password; shown once. */
    async regenerateRecoveryCodes(req: SignedIn<Input<RecoveryCodesBody>>, res: Response) {
      await confirmPassword(req, res, 'password', req.body.password, WRONG_PASSWORD);
      if (!(await auth.secondFactors.status(req.user.id)).totp)
        throw new ValidationFailedError({ password: NO_TOTP_SETUP }, { back: PAGE });
      const codes = await auth.secondFactors.regenerateRecoveryCodes(req.user.id, req.ip);
      await render(req, res, {
        url: PAGE,
        flash: { [RECOVERY_CODES_FLASH]: codes.join('\n') },
      });
    },

    /**
     * POST /account-settings/passkeys/registration-options: the options for
     * navigator.credentials.create() (decision 052); the challenge waits in the session and in
     * the database, for one use and PASSKEY_CHALLENGE_MINUTES.
     */
    async passkeyRegistrationOptions(req: SignedIn, res: Response) {
      const begun = await auth.passkeys.registrationOptions(req.user);
      req.session.passkeyChallenge = begun.held;
      res.set('Cache-Control', 'no-store');
      res.json(begun.options);
    },

    /** POST /account-settings/passkeys: the authenticator's answer checked, the passkey kept. */
    async addPasskey(req: SignedIn<Input<AddPasskeyBody>>, res: Response) {
      const held = req.session.passkeyChallenge;
      delete req.session.passkeyChallenge;
      const outcome = await auth.passkeys.register(
        req.user.id,
        held,
        req.body.response,
        req.body.name,
        req.ip,
      );
      if ('refused' in outcome) {
        throw new ValidationFailedError(
          { passkey: PASSKEY_REFUSED[outcome.refused] },
          { back: PAGE },
        );
      }
      req.session.secondFactorConfirmedAt = auth.now();
      await res.flash({ messages: { status: PASSKEY_ADDED } });
      res.redirect(PAGE);
    },

    /**
     * POST /account-settings/passkeys/authentication-options: a challenge for one of the
     * viewer's own passkeys (the back office's step-up before impersonating, decision 052).
     */
    async passkeyAuthenticationOptions(req: SignedIn, res: Response) {
      const begun = await auth.passkeys.authenticationOptions(req.user.id);
      if (!begun) return res.status(409).json({ message: NO_SUCH_PASSKEY });
      req.session.passkeyChallenge = begun.held;
      res.set('Cache-Control', 'no-store');
      res.json(begun.options);
    },

    async renamePasskey(req: SignedIn<Input<RenamePasskeyBody, { id: string }>>, res: Response) {
      const id = pathId(req.params.id);
      if (!(await auth.passkeys.rename(req.user.id, id, req.body.name, req.ip)))
        throw new NotFoundError(NO_SUCH_PASSKEY);
      await res.flash({ messages: { status: PASSKEY_RENAMED } });
      res.redirect(PAGE);
    },

    /** Removes a passkey: the password, or a current code of the account's second factor. */
    async removePasskey(req: SignedIn<Input<RemovePasskeyBody, { id: string }>>, res: Response) {
      const id = pathId(req.params.id);
      const { password, code } = req.body;
      if (password) await confirmPassword(req, res, 'password', password, WRONG_PASSWORD);
      else {
        await checkSecondFactor({
          auth,
          limiter: limiters.secondFactor,
          req,
          userId: req.user.id,
          proof: { code: code ?? '' },
          field: 'code',
          form: { url: PAGE, render: (errors) => render(req, res, { errors, status: 429 }) },
        });
      }
      if (!(await auth.passkeys.remove(req.user.id, id, req.ip)))
        throw new NotFoundError(NO_SUCH_PASSKEY);
      await res.flash({ messages: { status: PASSKEY_REMOVED } });
      res.redirect(PAGE);
    },

    async updateEmail(req: SignedIn<Input<UpdateEmailBody>>, res: Response) {
      const { email, password } = req.body;
      await confirmPassword(req, res, 'password', password, WRONG_PASSWORD);
      const outcome = await auth.changeEmail(req.user, email);
      if (outcome === 'taken')
        throw new ValidationFailedError({ email: EMAIL_TAKEN }, { back: PAGE });
      await res.flash({ messages: { status: EMAIL_UPDATED } });
      res.redirect(PAGE);
    },

    async undoEmailChange(req: Request<{ token: string }>, res: Response) {
      const outcome = await auth.undoEmailChange(req.params.token, req.sessionID);
      if (outcome.status === 'invalid') throw new NotFoundError(UNDO_LINK_PROBLEMS.invalid);
      if (outcome.status === 'taken') throw new ConflictError(UNDO_LINK_PROBLEMS.taken);
      if (outcome.status !== 'undone') throw new GoneError(UNDO_LINK_PROBLEMS[outcome.status]);
      const message = EMAIL_CHANGE_UNDONE(outcome.email);
      if (req.user?.id === outcome.userId) {
        await res.flash({ messages: { success: message } });
        return res.redirect(PAGE);
      }
      await res.flash({ messages: { status: message } });
      res.redirect('/login');
    },

    async updatePassword(req: SignedIn<Input<UpdatePasswordBody>>, res: Response) {
      const { old_password: current, new_password: next } = req.body;
      await confirmPassword(req, res, 'old_password', current, WRONG_CURRENT_PASSWORD);
      const problem = passwordProblem(next);
      if (problem) throw new ValidationFailedError({ new_password: problem }, { back: PAGE });
      await auth.changePassword(req.user, next, req.sessionID, req.session.rememberSelector);
      await res.flash({ messages: { status: PASSWORD_UPDATED } });
      res.redirect(PAGE);
    },

    /**
     * Creates a token and answers with the page itself (no redirect), the secret in this answer's
     * `page.flash`: it is written to no session or store, and the client keeps flash out of its
     * history, so a reload or Back shows the list without it (decision 014).
     */
    async createToken(req: SignedIn<Input<CreateTokenBody>>, res: Response) {
      const { name, expires_in: expiry } = req.body;
      const outcome = await tokens.create(req.user.id, { name, expiry });
      if (outcome.status === 'limit')
        throw new ValidationFailedError({ name: ACCESS_TOKEN_LIMIT_REACHED }, { back: PAGE });
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
    async revokeToken(req: SignedIn<Request<{ id: string }>>, res: Response) {
      const id = pathId(req.params.id);
      const outcome = await tokens.revoke(req.user.id, id);
      if (outcome === 'not-found') throw new NotFoundError();
      await res.flash({ messages: { success: ACCESS_TOKEN_REVOKED } });
      res.redirect(PAGE);
    },

    /**
     * PUT /snippet-language: the code language a viewer last chose, shared as `snippetLang` on
     * the next page. Kept on the account when signed in, else in the session.
     */
    async chooseSnippetLanguage(req: Input<SnippetLanguageBody>, res: Response) {
      const { snippet_lang } = req.body;
      if (req.user) await users.updateSnippetLanguage(req.user.id, snippet_lang);
      else req.session.snippetLang = snippet_lang;
      redirectBack(req, res);
    },

    /**
     * PUT /preview-color-scheme: the mode the component previews are shown in, shared as
     * `previewColorScheme` on the next page; kept like the code language.
     */
    async choosePreviewColorScheme(req: Input<PreviewColorSchemeBody>, res: Response) {
      const { preview_color_scheme } = req.body;
      if (req.user) await users.updatePreviewColorScheme(req.user.id, preview_color_scheme);
      else req.session.previewColorScheme = preview_color_scheme;
      redirectBack(req, res);
    },

    /**
     * PUT /preview-width: the preset width the preview frame opens at, shared as `previewWidth`
     * on the next page; kept like the code language.
     */
    async choosePreviewWidth(req: Input<PreviewWidthBody>, res: Response) {
      const { preview_width } = req.body;
      if (req.user) await users.updatePreviewWidth(req.user.id, preview_width);
      else req.session.previewWidth = preview_width;
      redirectBack(req, res);
    },

    /**
     * PUT /color-scheme: the store's own colour scheme, drawn on the next page's `<html>` and
     * shared as `colorScheme`; kept like the code language. A visitor's choice outlives signing
     * in (regenerateSession carries it) and holds until the account has a choice of its own.
     */
    async chooseColorScheme(req: Input<ColorSchemeBody>, res: Response) {
      const { color_scheme } = req.body;
      if (req.user) await users.updateColorScheme(req.user.id, color_scheme);
      else req.session.colorScheme = color_scheme;
      redirectBack(req, res);
    },

    /**
     * POST /account-settings/data: everything the store holds about the viewer, as a JSON file
     * the browser saves (a plain form post: no script needed). Limited like the bulk downloads.
     */
    async exportData(req: SignedIn, res: Response) {
      const limit = await limiters.downloads.consume(String(req.user.id));
      if (!limit.allowed) {
        throw new TooManyRequestsError(
          limit.retryAfterSeconds,
          retryMessage('data exports', limit.retryAfterSeconds),
        );
      }
      const data = await personalData.exportFor(req.user.id);
      if (!data) throw new NotFoundError();
      const slug = brandName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      const day = (data.exportedAt ?? '').slice(0, 10);
      res.set('Cache-Control', 'no-store');
      res.attachment(`${slug || 'store'}-your-data-${day}.json`);
      res.type('application/json');
      res.send(`${JSON.stringify({ store: brandName, ...data }, null, 2)}\n`);
    },

    /**
     * POST /account-settings/delete: with the password asked again, the account is deleted
     * (decision 060) and this browser signed out; the sign-in page says it was done.
     */
    async deleteAccount(req: SignedIn<Input<DeleteAccountBody>>, res: Response) {
      await confirmPassword(req, res, 'password', req.body.password, WRONG_PASSWORD);
      if (req.user.is_admin === 1) {
        throw new ValidationFailedError({ password: OPERATOR_ACCOUNT_NOT_DELETED }, { back: PAGE });
      }
      const done = await personalData.deleteAccount(req.user);
      // A second request for the same account (two tabs, a double click) finds it gone.
      if (!done) throw new GoneError(ACCOUNT_DELETED);
      logger.info({ userId: req.user.id, ...done }, 'account deleted at its owner’s request');
      await regenerateSession(req);
      await res.flash({ messages: { status: ACCOUNT_DELETED } });
      res.redirect('/login');
    },

    async logoutOther(req: SignedIn<Input<LogoutOtherBody>>, res: Response) {
      await confirmPassword(req, res, 'password', req.body.password, WRONG_PASSWORD);
      await auth.endOtherSessions(req.user.id, req.sessionID, req.session.rememberSelector);
      await res.flash({ messages: { status: OTHER_SESSIONS_LOGGED_OUT } });
      res.redirect(PAGE);
    },
  };
}

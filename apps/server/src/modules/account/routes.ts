import { Router } from 'express';
import { validateBody } from '../../http/validation.ts';
import { requireUser, signedIn } from '../auth/index.ts';
import { createTokenBody } from '../tokens/index.ts';
import { accountController, type AccountControllerDeps } from './controller.ts';
import { personalData, type PersonalDataDeps } from './service.ts';
import { ACCOUNT_DATA_PATH, ACCOUNT_DELETE_PATH } from '@tessera/pages/constants';
import {
  addPasskeyBody,
  colorSchemeBody,
  removePasskeyBody,
  renamePasskeyBody,
  deleteAccountBody,
  confirmTotpBody,
  disableTotpBody,
  logoutOtherBody,
  recoveryCodesBody,
  previewColorSchemeBody,
  previewWidthBody,
  snippetLanguageBody,
  updateEmailBody,
  updatePasswordBody,
} from './schemas.ts';

export type AccountRoutesDeps = Omit<AccountControllerDeps, 'personalData'> & PersonalDataDeps;

/**
 * Where a form is validated, `requireUser` comes first so a visitor is refused before their
 * input is judged; `signedIn` then hands the controller its typed user.
 */
export function accountRoutes(deps: AccountRoutesDeps): Router {
  const c = accountController({ ...deps, personalData: personalData(deps) });
  const router = Router();
  router.get('/account-settings', signedIn(c.show));
  // An operator acting as the customer may look, not change their credentials or sessions
  // (the back office's impersonation policy refuses those routes, decision 042).
  router.put(
    '/account-settings/email',
    requireUser,
    validateBody(updateEmailBody),
    signedIn(c.updateEmail),
  );
  // From the notice mailed to the old address: whoever holds that mailbox, signed in or not.
  router.get('/account-settings/email/undo/:token', c.undoEmailChange);
  router.put(
    '/account-settings/password',
    requireUser,
    validateBody(updatePasswordBody),
    signedIn(c.updatePassword),
  );
  router.post('/logout/other', requireUser, validateBody(logoutOtherBody), signedIn(c.logoutOther));
  // Two-factor authentication (decision 044): the customer's own, never an operator's to change
  // (refused to an impersonating session by the back office's table, decision 042).
  router.post('/account-settings/two-factor', requireUser, signedIn(c.startTotp));
  router.post(
    '/account-settings/two-factor/confirm',
    requireUser,
    validateBody(confirmTotpBody),
    signedIn(c.confirmTotp),
  );
  router.post(
    '/account-settings/two-factor/disable',
    requireUser,
    validateBody(disableTotpBody),
    signedIn(c.disableTotp),
  );
  router.post(
    '/account-settings/two-factor/recovery-codes',
    requireUser,
    validateBody(recoveryCodesBody),
    signedIn(c.regenerateRecoveryCodes),
  );
  // Passkeys (decision 052): the customer's own, like TOTP; refused to an impersonating session.
  router.post(
    '/account-settings/passkeys/registration-options',
    requireUser,
    signedIn(c.passkeyRegistrationOptions),
  );
  router.post(
    '/account-settings/passkeys',
    requireUser,
    validateBody(addPasskeyBody),
    signedIn(c.addPasskey),
  );
  router.post(
    '/account-settings/passkeys/authentication-options',
    requireUser,
    signedIn(c.passkeyAuthenticationOptions),
  );
  router.put(
    '/account-settings/passkeys/:id',
    requireUser,
    validateBody(renamePasskeyBody),
    signedIn(c.renamePasskey),
  );
  router.delete(
    '/account-settings/passkeys/:id',
    requireUser,
    validateBody(removePasskeyBody),
    signedIn(c.removePasskey),
  );
  // Personal access tokens (decision 014). An operator acting as the customer may see the list
  // but not make a credential that would outlive the impersonation, nor revoke one (042).
  router.post(
    '/account/tokens',
    requireUser,
    validateBody(createTokenBody),
    signedIn(c.createToken),
  );
  router.delete('/account/tokens/:id', signedIn(c.revokeToken));
  // Your data (decision 060): the export and the deletion are the customer's alone; an operator
  // acting as them may do neither (the impersonation policy refuses both).
  router.post(ACCOUNT_DATA_PATH, requireUser, signedIn(c.exportData));
  router.post(
    ACCOUNT_DELETE_PATH,
    requireUser,
    validateBody(deleteAccountBody),
    signedIn(c.deleteAccount),
  );
  // Display choices, for visitors too: on the account when signed in, else in the session.
  router.put('/snippet-language', validateBody(snippetLanguageBody), c.chooseSnippetLanguage);
  router.put(
    '/preview-color-scheme',
    validateBody(previewColorSchemeBody),
    c.choosePreviewColorScheme,
  );
  router.put('/preview-width', validateBody(previewWidthBody), c.choosePreviewWidth);
  router.put('/color-scheme', validateBody(colorSchemeBody), c.chooseColorScheme);
  return router;
}

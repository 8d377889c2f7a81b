import {
  COLOR_SCHEMES,
  PREVIEW_COLOR_SCHEMES,
  PREVIEW_WIDTHS,
  SNIPPET_LANGUAGES,
} from '@tessera/pages/constants';
import { z } from 'zod';
import {
  emailField,
  passkeyAttestation,
  passkeyName,
  passwordInput,
  secondFactorCode,
} from '../auth/index.ts';

/** The spec's form has one field; the password is asked again before the change (decision 003). */
export const updateEmailBody = z.object({ email: emailField, password: passwordInput() });

export const updatePasswordBody = z.object({
  old_password: passwordInput('current password'),
  new_password: passwordInput('new password'),
});

export const logoutOtherBody = z.object({ password: passwordInput() });

export const confirmTotpBody = z.object({ code: secondFactorCode() });
export const disableTotpBody = z.object({ password: passwordInput(), code: secondFactorCode() });
export const recoveryCodesBody = z.object({ password: passwordInput() });

/** Passkeys (decision 052): a new one with its name, a new name, and a removal. */
export const addPasskeyBody = z.object({ name: passkeyName, response: passkeyAttestation });
export const renamePasskeyBody = z.object({ name: passkeyName });
export const PASSWORD_OR_CODE = 'Enter your password, or a code from your authenticator app.';
export const removePasskeyBody = z
  .object({
    password: passwordInput().optional().catch(undefined),
    code: secondFactorCode().optional().catch(undefined),
  })
  .refine((body) => Boolean(body.password || body.code), {
    path: ['password'],
    message: PASSWORD_OR_CODE,
  });

export const snippetLanguageBody = z.object({
  snippet_lang: z.enum(SNIPPET_LANGUAGES, { error: 'Choose HTML, React or Vue.' }),
});

export const previewColorSchemeBody = z.object({
  preview_color_scheme: z.enum(PREVIEW_COLOR_SCHEMES, { error: 'Choose Light, Dark or System.' }),
});

export const previewWidthBody = z.object({
  preview_width: z.enum(PREVIEW_WIDTHS, { error: 'Choose Phone, sm, md, lg, xl or Full.' }),
});

export const colorSchemeBody = z.object({
  color_scheme: z.enum(COLOR_SCHEMES, { error: 'Choose System, Light or Dark.' }),
});

export type UpdateEmailBody = z.output<typeof updateEmailBody>;
export type UpdatePasswordBody = z.output<typeof updatePasswordBody>;
export type LogoutOtherBody = z.output<typeof logoutOtherBody>;
export type ConfirmTotpBody = z.output<typeof confirmTotpBody>;
export type DisableTotpBody = z.output<typeof disableTotpBody>;
export type RecoveryCodesBody = z.output<typeof recoveryCodesBody>;
export type AddPasskeyBody = z.output<typeof addPasskeyBody>;
export type RenamePasskeyBody = z.output<typeof renamePasskeyBody>;
export type RemovePasskeyBody = z.output<typeof removePasskeyBody>;
export type SnippetLanguageBody = z.output<typeof snippetLanguageBody>;
export type PreviewColorSchemeBody = z.output<typeof previewColorSchemeBody>;
export type PreviewWidthBody = z.output<typeof previewWidthBody>;
export type ColorSchemeBody = z.output<typeof colorSchemeBody>;
export type { CreateTokenBody } from '../tokens/index.ts';

/** Deleting the account asks for the password again (decision 060). */
export const deleteAccountBody = z.object({ password: passwordInput() });
export type DeleteAccountBody = z.output<typeof deleteAccountBody>;

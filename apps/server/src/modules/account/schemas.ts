import { PREVIEW_COLOR_SCHEMES, SNIPPET_LANGUAGES } from '@tessera/pages/constants';
import { z } from 'zod';
import { emailField, passwordInput, secondFactorCode } from '../auth/index.ts';

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

export const snippetLanguageBody = z.object({
  snippet_lang: z.enum(SNIPPET_LANGUAGES, { error: 'Choose HTML, React or Vue.' }),
});

export const previewColorSchemeBody = z.object({
  preview_color_scheme: z.enum(PREVIEW_COLOR_SCHEMES, { error: 'Choose Light, Dark or System.' }),
});

export type UpdateEmailBody = z.output<typeof updateEmailBody>;
export type UpdatePasswordBody = z.output<typeof updatePasswordBody>;
export type LogoutOtherBody = z.output<typeof logoutOtherBody>;
export type ConfirmTotpBody = z.output<typeof confirmTotpBody>;
export type DisableTotpBody = z.output<typeof disableTotpBody>;
export type RecoveryCodesBody = z.output<typeof recoveryCodesBody>;
export type SnippetLanguageBody = z.output<typeof snippetLanguageBody>;
export type PreviewColorSchemeBody = z.output<typeof previewColorSchemeBody>;
export type { CreateTokenBody } from '../tokens/index.ts';

/** Deleting the account asks for the password again (decision 060). */
export const deleteAccountBody = z.object({ password: passwordInput() });
export type DeleteAccountBody = z.output<typeof deleteAccountBody>;

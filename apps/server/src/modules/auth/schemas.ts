import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { PASSKEY_NAME_MAX } from '@tessera/pages/constants';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './service/passwords.ts';

/** `/password/reset/:token?email=…`: the e-mail pre-fills the form; anything odd is ignored. */
export const resetPasswordQuery = z.object({
  email: z.string().trim().max(254).optional().catch(undefined),
});

export const RESET_LINK_INVALID = 'This password reset link is invalid. Please request a new one.';

const requiredText = (field: string) =>
  z.string({ error: `The ${field} field is required.` }).min(1, `The ${field} field is required.`);

export const emailField = z
  .string({ error: 'The email field is required.' })
  .trim()
  .min(1, 'The email field is required.')
  .max(254, 'The email may not be longer than 254 characters.')
  .pipe(z.email({ error: 'The email must be a valid email address.' }));

/** A submitted password: bounded so a huge body is refused before any hashing. */
export const passwordInput = (field = 'password') =>
  requiredText(field).max(PASSWORD_MAX_LENGTH * 4, `The ${field} is too long.`);

export const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0', 'off'])])
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

export const loginBody = z.object({
  email: emailField,
  password: passwordInput(),
  // Remember is on unless the form turns it off.
  remember: formBoolean.default(true),
  intended_url: z.string().max(2048).optional(),
});

export const logoutBody = z.object({ redirect_url: z.string().max(2048).optional() });

export const forgotPasswordBody = z.object({ email: emailField });

export const resetPasswordBody = z.object({
  // Tokens are base64url (randomToken); anything else, a lone surrogate included, is not one.
  token: requiredText('token')
    .max(200, RESET_LINK_INVALID)
    .regex(/^[\w-]+$/, RESET_LINK_INVALID),
  email: emailField,
  password: passwordInput(),
});

/** A TOTP code or a recovery code, typed: bounded, spaces and dashes allowed. */
export const secondFactorCode = (field = 'code') =>
  requiredText(field).max(64, `The ${field} is too long.`);

export const secondStepBody = z.object({ code: secondFactorCode() });

export const PASSKEY_ANSWER_MISSING =
  'The passkey did not answer. Try again, or use a code from your authenticator app.';
/** A base64url field of a WebAuthn answer, bounded (an attestation object is the largest). */
const base64url = (max = 16_384) =>
  z
    .string({ error: PASSKEY_ANSWER_MISSING })
    .max(max, PASSKEY_ANSWER_MISSING)
    .regex(/^[A-Za-z0-9_-]*$/, PASSKEY_ANSWER_MISSING);
const credentialFields = {
  id: base64url(1400).min(1, PASSKEY_ANSWER_MISSING),
  rawId: base64url(1400).min(1, PASSKEY_ANSWER_MISSING),
  type: z.literal('public-key', { error: PASSKEY_ANSWER_MISSING }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional().catch(undefined),
};

/** A passkey's assertion (navigator.credentials.get() as @simplewebauthn/browser sends it). */
export const passkeyAssertion = z
  .object(
    {
      ...credentialFields,
      response: z.object(
        {
          clientDataJSON: base64url(),
          authenticatorData: base64url(),
          signature: base64url(),
          userHandle: base64url(1400).optional(),
        },
        { error: PASSKEY_ANSWER_MISSING },
      ),
    },
    { error: PASSKEY_ANSWER_MISSING },
  )
  .transform((value) => value as AuthenticationResponseJSON);
export type PasskeyAssertion = z.output<typeof passkeyAssertion>;

/** A new passkey's attestation (navigator.credentials.create()). */
export const passkeyAttestation = z
  .object(
    {
      ...credentialFields,
      response: z.object(
        {
          clientDataJSON: base64url(),
          attestationObject: base64url(65_536),
          authenticatorData: base64url().optional(),
          publicKey: base64url().optional(),
          publicKeyAlgorithm: z.number().int().optional(),
          transports: z.array(z.string().max(32)).max(10).optional().catch(undefined),
        },
        { error: PASSKEY_ANSWER_MISSING },
      ),
    },
    { error: PASSKEY_ANSWER_MISSING },
  )
  .transform((value) => value as RegistrationResponseJSON);

/** A passkey's name, as its owner types it. */
export const passkeyName = z
  .string({ error: 'The name field is required.' })
  .trim()
  .min(1, 'The name field is required.')
  .max(PASSKEY_NAME_MAX, `The name may not be longer than ${PASSKEY_NAME_MAX} characters.`);

export const secondStepPasskeyBody = z.object({ response: passkeyAssertion });
export type SecondStepPasskeyBody = z.output<typeof secondStepPasskeyBody>;

export type SecondStepBody = z.output<typeof secondStepBody>;
export type LoginBody = z.output<typeof loginBody>;
export type LogoutBody = z.output<typeof logoutBody>;
export type ForgotPasswordBody = z.output<typeof forgotPasswordBody>;
export type ResetPasswordBody = z.output<typeof resetPasswordBody>;

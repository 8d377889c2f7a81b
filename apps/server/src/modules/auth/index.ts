// Accounts and sign-in: users, passwords, sign-in and sign-out, remember-me, password resets
// and e-mail change undos; the guards that say who the request is.
export { WRONG_CURRENT_PASSWORD, WRONG_PASSWORD } from './controller.ts';
export {
  IMPERSONATION_REFUSED,
  loadUser,
  requireUser,
  safeRedirectPath,
  signedIn,
  signIn,
  type CookieSettings,
  type SignedIn,
} from './middleware.ts';
export { passwordResets } from './repository/password-resets.ts';
export { normalizeEmail, usersRepository } from './repository/users.ts';
export { authRoutes } from './routes.ts';
export { checkSecondFactor, PASSKEY_REFUSED, WRONG_CODE } from './second-step.ts';
export {
  passkeyService,
  relyingParty,
  type PasskeyService,
  type PasskeySummary,
} from './service/passkeys.ts';
export type { SecurityEvent } from './repository/second-factors.ts';
export {
  normalizeRecoveryCode,
  secondFactorService,
  type SecondFactorService,
  type TotpEnrolment,
} from './service/second-factor.ts';
export {
  emailField,
  formBoolean,
  passkeyAssertion,
  passkeyAttestation,
  passkeyName,
  passwordInput,
  secondFactorCode,
} from './schemas.ts';
export { authService, type AuthService, type Newcomer } from './service/auth.ts';
export { hashPassword, passwordProblem } from './service/passwords.ts';
export { sha256 } from './service/tokens.ts';
export { DELETED_PASSWORD_HASH, deletedAccountEmail, eraseAccount } from './service/erasure.ts';

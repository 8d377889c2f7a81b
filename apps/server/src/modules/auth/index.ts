// Accounts and sign-in: users, passwords, sessions' sign-in state, remember-me, password
// resets and e-mail change undos.
export { authRoutes } from './routes.ts';
export { authService, type AuthService, type Newcomer } from './auth-service.ts';
export {
  loadUser,
  requireUser,
  safeRedirectPath,
  signIn,
  type CookieSettings,
} from './middleware.ts';
export { hashPassword, passwordProblem } from './passwords.ts';
export { normalizeEmail, usersRepository } from './repository.ts';
export { emailField, formBoolean, passwordInput } from './schemas.ts';
export { randomToken, sameHash, sha256 } from './tokens.ts';
export { EMAIL_CHANGE_UNDO_TTL_MS } from './email-change-undos.ts';
export { RESET_TOKEN_TTL_MS, passwordResets } from './password-resets.ts';

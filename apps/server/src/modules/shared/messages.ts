// Words the server sends that pages also show. Node runs the server without a JSX step, so
// these are copies of @tessera/pages' constants; apps/storefront/src/server-messages.test.ts
// keeps the two in step.
export const EMAIL_UPDATED = 'Email updated successfully.';
export const PASSWORD_UPDATED = 'Password updated successfully.';
export const OTHER_SESSIONS_LOGGED_OUT = 'Other sessions successfully logged out.';
export const RESET_LINK_SENT_MESSAGE =
  'We have e-mailed your password reset link if an account exists for that address.';
export const PASSWORD_RESET_STATUS = 'Your password has been reset.';

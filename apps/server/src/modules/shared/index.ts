// Small pure helpers every module may use. This module imports no other module, so nothing
// here can ever sit in an import cycle.
export { formatAmount } from './money.ts';
export { isLicenseKeyShape, newLicenseKey } from './license-keys.ts';
export { isInviteTokenShape, newInviteToken, sameInviteToken } from './invite-tokens.ts';

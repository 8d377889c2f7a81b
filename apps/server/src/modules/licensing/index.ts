// Licensing: licences, teams and memberships, and the access policy built from them. The only
// writer of `licenses`, `teams` and `team_members`; other modules act on them through this
// face (payments issues and deactivates, the back office moves and reactivates, pricing reads
// what a customer holds and asks whether an upgrade is allowed).
export { accessPolicy } from './middleware.ts';
export { licenseApiRoutes, licensingRoutes, type LicensingRoutesDeps } from './routes.ts';
export { secretGuesses, type SecretGuesses } from './controller/secret-guesses.ts';
export { licenseUrl } from './presenter.ts';
export { policyFor, holdingsOf, type AccessPolicy, type TeamMembership } from './service/policy.ts';
export {
  entitlementsFrom,
  NO_ENTITLEMENTS,
  ALL_ACCESS,
  type Entitlements,
} from './service/entitlements.ts';
export {
  holdingsFrom,
  mayUpgrade,
  supersedes,
  type CustomerHoldings,
  type Holding,
  type ProductType,
  type UpgradeTarget,
} from './service/holdings.ts';
export { isTeamKind, LICENSE_KIND_LABELS, licenseKindOf, seatsFor } from './service/kinds.ts';
export { licenseOperations, type OnRedeemed } from './service/licenses.ts';
export { licenseMail } from './service/mail.ts';
export { MembershipRefusal, teamOperations } from './service/teams.ts';
export type { License, StoreMode } from './repository/licenses.ts';
export { holdingsExport, releaseHoldings, type HoldingsReleased } from './service/erasure.ts';

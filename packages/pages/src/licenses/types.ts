import type { DeactivationReason, LicenseKind, SnippetLanguage, TeamRole } from '../constants';

/**
 * The licence, team and member records pages receive. The server's licensing module sends
 * exactly these; the pages in this folder and in ../teams read them. Field names are
 * camel-case only (`inviteUrl`, `isFull`), never a snake-case twin.
 */
export type LicenseRecord = {
  key: string;
  /** `/licenses/{key}` */
  url: string;
  kind: LicenseKind;
  isActive: boolean;
  /** Active, and connected to no account or team yet. */
  isRedeemable: boolean;
  isTeamLicense: boolean;
  deactivationReason: DeactivationReason | null;
  package: { name: string };
  /** Set once a team licence has made its team. */
  team: { id: number; name: string } | null;
  /** Set once a personal licence is connected to an account. */
  user: { email: string } | null;
};

export type TeamMemberRecord = {
  id: number;
  email: string;
  role: TeamRole;
  /** The viewer may change this member's role or remove them (owner, and not the last owner). */
  updatable: boolean;
};

export type TeamPurchaseRecord = {
  id: number;
  date: string;
  packageName: string;
  amount: string;
  refunded: boolean;
  url: string;
};

export type TeamRecord = {
  id: number;
  name: string;
  kind: LicenseKind;
  /** Absolute invite link; shown to every member, reset by owners. */
  inviteUrl: string;
  seats: number;
  /** Members, the owner included: the owner takes a seat. */
  seatsUsed: number;
  isFull: boolean;
  /** The viewer is an owner: rename, roles, removal, invite reset, billing. */
  updatable: boolean;
  members: TeamMemberRecord[];
  /** The team's purchases, for owners only (empty for members). */
  purchases: TeamPurchaseRecord[];
};

/** A team as the licence page lists it. */
export type TeamSummary = { id: number; name: string; role: TeamRole; url: string };

/** Page props (the server sends these; shared page data and `errors` come on top). */
/** A package the viewer owns, as bulk downloads: one zip per language (decision 016). */
export type PackageDownloads = {
  package: string;
  archives: { language: SnippetLanguage; label: string; url: string }[];
};
/**
 * Digital goods the viewer holds that are not components (the bundle's design ebook): each
 * file's signed-in download address and its size in bytes (null: not available right now).
 */
export type DigitalGoodsDownloads = {
  name: string;
  files: { name: string; label: string; url: string; size: number | null }[];
};
export type LicensePageProps = {
  licenses: LicenseRecord[];
  teams: TeamSummary[];
  supportEmail: string;
  /** The packages the viewer owns (own licences and teams'); none: no downloads section. */
  downloads?: PackageDownloads[];
  /** The digital goods the viewer holds (own licences and teams'); none: no such section. */
  digitalGoods?: DigitalGoodsDownloads[];
};
export type RedeemLicensePageProps = {
  license: LicenseRecord;
  /**
   * The viewer holds it: connected to their account, or to a team they belong to (a buyer's
   * own licence right after paying). Such a licence reads as theirs, never as taken.
   */
  heldByViewer: boolean;
  /** `/login?intended_url=/licenses/{key}` */
  signInUrl: string;
  supportEmail: string;
};
export type TeamSettingsPageProps = { team: TeamRecord; supportEmail: string };
export type JoinTeamPageProps = {
  team: { id: number; name: string; seats: number; seatsUsed: number; isFull: boolean };
  inviteToken: string;
  /** `/login?intended_url=/teams/{id}/members?invite_token=…` */
  signInUrl: string;
  supportEmail: string;
};

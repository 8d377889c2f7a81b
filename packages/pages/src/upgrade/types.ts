import type { AllAccessPricing } from '../shared/shared-page-data';

/**
 * An upgrade option: a licence the customer may upgrade, named by the user's e-mail (their
 * own licences) or the team's name (a team licence they own), with its checkout.
 */
export type UpgradeOption = {
  user: { email: string } | null;
  team: { name: string } | null;
  /**
   * What the licence covers today, e.g. ['Marketing', 'Ecommerce'] or ['All-access (restricted)'].
   */
  packages: string[];
  /** What it becomes: personal or team all-access. */
  target: 'personal' | 'team';
  /** The upgrade's price for this customer: `amount` against the list price `advertised`. */
  price: AllAccessPricing;
  /** Its checkout, e.g. `/checkout/all-access?upgrade=12`. */
  url: string;
};

/** /upgrade when the customer owns every package (shared page data comes on top). */
export type AlreadyOnPackagePageProps = {
  /** A personal all-access owner may move to the team licence at a reduced price. */
  teamUpgrade: { url: string; price: AllAccessPricing } | null;
};

/** /upgrade (target personal) and /upgrade-team (target team). */
export type ChooseUpgradePageProps = {
  target: 'personal' | 'team';
  options: UpgradeOption[];
};

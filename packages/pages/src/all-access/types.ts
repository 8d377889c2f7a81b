import type { BlackFridayOffer, TemplateSummary } from '../catalog/types';
import type { ProductOffer } from '../pricing-section/product-offers';
import type { AllAccessPricing } from '../shared/shared-page-data';

/** One all-access licence (personal or team) as this customer may buy it. */
export type AllAccessOffer = {
  /** What this customer pays (`amount`) and the list price (`advertised`). */
  price: AllAccessPricing;
  /** Its checkout (`checkoutUrl` in @tessera/pages/constants). */
  checkoutUrl: string;
  /** False when the customer already owns it. */
  purchaseable: boolean;
};

export type PersonalAllAccessOffer = AllAccessOffer & {
  /**
   * The customer's packages may be upgraded to the standard licence: the button leads to /upgrade.
   */
  upgradableToStandardLicense: boolean;
};

export type AllAccessOffers = { personal: PersonalAllAccessOffer; team: AllAccessOffer };

/** A component package all-access includes, with the catalogue's own count. */
export type IncludedProduct = {
  name: string;
  description: string;
  /** Current (not archived) components in the package. */
  componentCount: number;
  /** The package's section of the catalogue. */
  url: string;
};

/** The AllAccess page's props (shared page data comes on top). */
export type AllAccessPageProps = {
  offers: AllAccessOffers;
  /**
   * Everything else on sale, each with its price and checkout: all-access with the Restricted
   * and Classroom licences, and each component package on its own.
   */
  otherOffers: ProductOffer[];
  /** The Black Friday bundle while it runs and the customer may buy it; else null. */
  blackFriday: BlackFridayOffer | null;
  includedProducts: IncludedProduct[];
  templates: TemplateSummary[];
  /** Current components in the whole catalogue, for the features line. */
  componentCount: number;
};

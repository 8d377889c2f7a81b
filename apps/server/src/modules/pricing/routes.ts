import type {
  AllAccessPageProps,
  AlreadyOnPackagePageProps,
  ChooseUpgradePageProps,
  IncludedProduct,
} from '@tessera/pages';
import { PRICING_URL, UPGRADE_TEAM_URL, UPGRADE_URL } from '@tessera/pages/constants';
import { Router } from 'express';
import { requireUser } from '../auth/index.ts';
import type { Catalogue } from '../catalog/index.ts';
import { currentComponentCount, presentTemplateSummary } from '../catalog/index.ts';
import { describePage } from '../catalog/index.ts';
import type { Pricing } from './service/pricing.ts';

export interface PricingRoutesOptions {
  pricing: Pricing;
  catalogue: () => Catalogue;
}

/** What all-access includes: each component package with the catalogue's own count. */
export function includedProducts(catalogue: Catalogue): IncludedProduct[] {
  return catalogue.products.map((product) => ({
    name: product.name,
    description: product.description,
    componentCount: product.categories
      .flatMap((category) => category.subcategories)
      .reduce(
        (sum, subcategory) =>
          sum + subcategory.components.filter((component) => !component.archived).length,
        0,
      ),
    url: product.url,
  }));
}

/** /all-access (the all-access offer), /upgrade and /upgrade-team (what an owner pays to upgrade). */
export function pricingRoutes({ pricing, catalogue }: PricingRoutesOptions): Router {
  const router = Router();

  router.get('/all-access', async (req, res) => {
    describePage(
      req,
      'Every component, template and UI kit, for one person or a team: a one-time payment with lifetime access and free updates.',
    );
    const customer = pricing.forRequest(req);
    const [offers, blackFriday, reduced, packages] = await Promise.all([
      customer.allAccessOffers(),
      customer.blackFriday(),
      customer.reducedLicenceOffers(),
      customer.packageOffers(),
    ]);
    const props = {
      offers,
      otherOffers: [...reduced, ...packages],
      blackFriday,
      includedProducts: includedProducts(catalogue()),
      templates: catalogue().templates.map(presentTemplateSummary),
      componentCount: currentComponentCount(catalogue()),
    } satisfies AllAccessPageProps;
    return res.inertia('AllAccess', props);
  });

  router.get(UPGRADE_URL, requireUser, async (req, res) => {
    const customer = pricing.forRequest(req);
    if (await customer.ownsStandardAllAccess()) {
      const [team] = await customer.teamUpgradeOptions();
      const props = {
        teamUpgrade: team ? { url: UPGRADE_TEAM_URL, price: team.price } : null,
      } satisfies AlreadyOnPackagePageProps;
      return res.inertia('AlreadyOnPackage', props);
    }
    const options = await customer.upgradeOptions();
    // Nothing to upgrade: buying is the way to all-access.
    if (options.length === 0) return res.redirect(PRICING_URL);
    const props = { target: 'personal', options } satisfies ChooseUpgradePageProps;
    return res.inertia('ChooseUpgrade', props);
  });

  router.get(UPGRADE_TEAM_URL, requireUser, async (req, res) => {
    const customer = pricing.forRequest(req);
    const options = await customer.teamUpgradeOptions();
    if (options.length > 0) {
      const props = { target: 'team', options } satisfies ChooseUpgradePageProps;
      return res.inertia('ChooseUpgrade', props);
    }
    if (await customer.ownsStandardAllAccess()) {
      const props = { teamUpgrade: null } satisfies AlreadyOnPackagePageProps;
      return res.inertia('AlreadyOnPackage', props);
    }
    // No personal all-access to move to a team: /upgrade says what there is to upgrade.
    return res.redirect(UPGRADE_URL);
  });

  return router;
}

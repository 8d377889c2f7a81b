import type { Request, Response } from 'express';
import { homeCatalogue, type Catalogue } from '../catalog/index.ts';
import type { Pricing } from '../pricing/index.ts';

export interface HomeDeps {
  catalogue: () => Catalogue;
  pricing: Pricing;
}

/** GET /: featured packages and templates from the catalogue, offers priced for this viewer. */
export function homeController({ catalogue, pricing }: HomeDeps) {
  const parts = homeCatalogue(catalogue);
  return {
    async show(req: Request, res: Response): Promise<void> {
      const customer = pricing.forRequest(req);
      const [catalogueParts, offers, blackFriday] = await Promise.all([
        parts(req),
        customer.allAccessOffers(),
        customer.blackFriday(),
      ]);
      return res.inertia('Home', {
        ...catalogueParts,
        teamPricing: offers.team.price,
        blackFriday,
      });
    },
  };
}

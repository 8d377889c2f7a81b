import { BLACK_FRIDAY_SLUG, BLACK_FRIDAY_WINDOW } from '@tessera/pages/constants';
import { offerWindow, type OfferWindow } from '../../../config.ts';

export { offerWindow, type OfferWindow };

export interface ActiveOffer extends OfferWindow {
  /** The bundle's product slug: its checkout is `checkoutUrl(productSlug)`. */
  productSlug: string;
}

/** The default Black Friday window (BLACK_FRIDAY_WINDOW in @tessera/pages/constants). */
export const DEFAULT_BLACK_FRIDAY_WINDOW: OfferWindow = offerWindow(
  BLACK_FRIDAY_WINDOW.startsAt,
  BLACK_FRIDAY_WINDOW.endsAt,
);

/**
 * The Black Friday offer if it is on at `now`, else null. Pure: the clock is an argument, so
 * tests pin it and every page, the checkout and the quote agree within one request.
 */
export function activeOffer(
  now: Date | number,
  window: OfferWindow = DEFAULT_BLACK_FRIDAY_WINDOW,
): ActiveOffer | null {
  const time = typeof now === 'number' ? now : now.getTime();
  if (!(time >= window.startsAt && time < window.endsAt)) return null;
  return { ...window, productSlug: BLACK_FRIDAY_SLUG };
}

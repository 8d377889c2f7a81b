import { BLACK_FRIDAY_SLUG, BLACK_FRIDAY_WINDOW } from '@tessera/pages/constants';

/** A dated offer: on from `startsAt` (inclusive) to `endsAt` (exclusive), epoch milliseconds. */
export interface OfferWindow {
  startsAt: number;
  endsAt: number;
  /** The offer's last day as its copy names it ('until November 27th'): 'YYYY-MM-DD'. */
  lastDay: string;
}

export interface ActiveOffer extends OfferWindow {
  /** The bundle's product slug: its checkout is `checkoutUrl(productSlug)`. */
  productSlug: string;
}

/** ISO 8601 with a date, a time and an explicit offset: the only instants an offer accepts. */
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** The UTC offset an ISO instant is written in, in minutes (Z is 0). */
function offsetMinutes(instant: string): number {
  const match = INSTANT.exec(instant);
  if (!match) throw new Error(`"${instant}" is not an ISO 8601 instant with an offset`);
  if (match[7] === 'Z') return 0;
  const sign = match[7]!.startsWith('-') ? -1 : 1;
  return sign * (Number(match[8]) * 60 + Number(match[9]));
}

function parseInstant(instant: string): number {
  offsetMinutes(instant);
  const time = Date.parse(instant);
  if (Number.isNaN(time)) throw new Error(`"${instant}" is not a valid date and time`);
  return time;
}

/**
 * Reads an offer's window from two ISO instants. The last day is the calendar day of the last
 * millisecond of the offer in the offset `endsAt` is written in: '2026-11-28T00:00:00-12:00'
 * ends on November 27th.
 */
export function offerWindow(startsAt: string, endsAt: string): OfferWindow {
  const start = parseInstant(startsAt);
  const end = parseInstant(endsAt);
  if (end <= start) throw new Error(`the offer must end (${endsAt}) after it starts (${startsAt})`);
  const local = new Date(end - 1 + offsetMinutes(endsAt) * 60_000);
  return { startsAt: start, endsAt: end, lastDay: local.toISOString().slice(0, 10) };
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

import { formatPrice, Link, Price } from '@tessera/ui';
import type { BlackFridayOffer } from '../catalog/types';
import { BLACK_FRIDAY_MIN_DISCOUNT_PERCENT, BLACK_FRIDAY_WINDOW, DESIGN_EBOOK } from '../constants';

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** The ebook as the offer describes it: '218 pages, three videos, worth $149 USD'. */
export function designEbookDescription(): string {
  const videos = NUMBER_WORDS[DESIGN_EBOOK.videos] ?? String(DESIGN_EBOOK.videos);
  const worth = formatPrice(DESIGN_EBOOK.retailAmount, 'USD', { locale: 'en-US' });
  return `${DESIGN_EBOOK.pages} pages, ${videos} videos, worth ${worth} USD`;
}

function ordinal(day: number): string {
  const suffix =
    day % 100 >= 11 && day % 100 <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/**
 * The offer's last day when none can be read: the day before the default window ends, in the
 * offset the end is written in ('2026-11-28T00:00:00-12:00' → 2026-11-27).
 */
function defaultLastDay(): Date {
  const end = new Date(`${BLACK_FRIDAY_WINDOW.endsAt.slice(0, 10)}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 1);
  return end;
}

/** '2025-11-27' → 'November 27th'; the default window's last day when the value is not a date. */
export function formatOfferEnd(endsOn: string): string {
  const read = new Date(`${endsOn.slice(0, 10)}T00:00:00Z`);
  const date = Number.isNaN(read.getTime()) ? defaultLastDay() : read;
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(date);
  return `${month} ${ordinal(date.getUTCDate())}`;
}

export type BlackFridayBannerProps = {
  offer: BlackFridayOffer;
  locale?: string;
};

/**
 * On Home and All-access while the offer runs: the Black Friday bundle, linking to its checkout.
 */
export function BlackFridayBanner({ offer, locale }: BlackFridayBannerProps) {
  return (
    <aside
      aria-label="Black Friday offer"
      data-slot="black-friday-banner"
      className="relative isolate overflow-hidden bg-gray-950"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_12rem_at_20%_-20%,var(--color-brand-600),transparent)] opacity-60"
      />
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-6 py-4 text-sm/6 text-gray-200 sm:flex-row sm:items-center sm:justify-between lg:px-8">
        <p className="text-pretty">
          <strong className="font-semibold text-white">Black Friday:</strong> all-access plus our
          design ebook ({designEbookDescription()}) for{' '}
          <Price
            amount={offer.price}
            currency={offer.currency}
            locale={locale}
            className="font-semibold text-white"
          />{' '}
          <Price
            amount={offer.retail}
            currency={offer.currency}
            locale={locale}
            struck
            struckLabel="Regular price:"
            className="text-gray-400"
          />
          {' — '}over {BLACK_FRIDAY_MIN_DISCOUNT_PERCENT}% off until {formatOfferEnd(offer.endsOn)}.
        </p>
        <Link
          href={offer.checkoutUrl}
          className="inline-flex flex-none items-center gap-x-1 self-start rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-gray-900 shadow-xs hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:self-auto"
        >
          Get the bundle <span aria-hidden="true">&rarr;</span>
        </Link>
      </div>
    </aside>
  );
}

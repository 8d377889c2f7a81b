import { buttonVariants, cn, Link, Price } from '@tessera/ui';
import { useId } from 'react';
import type { AllAccessPricing } from '../shared/shared-page-data';

/** One product with one licence kind, as this customer may buy it. */
export type ProductOffer = {
  /** `{product}:{kind}`, unique in a list. */
  id: string;
  name: string;
  /** Who it is for: the licence's rule, or what the package holds. */
  description: string;
  /** What this customer pays (`amount`) and the list price (`advertised`). */
  price: AllAccessPricing;
  /** Its checkout (`checkoutUrl` in @tessera/pages/constants). */
  checkoutUrl: string;
};

export type ProductOffersProps = {
  /** The list's heading. */
  title: string;
  /** One line under the heading. */
  intro: string;
  offers: ProductOffer[];
  locale?: string;
  /** The section's anchor. */
  id: string;
  className?: string;
};

/**
 * A price list beside the all-access cards: the licences and packages on sale to this customer
 * that are not all-access for one person or a team, each with its price and a way to its
 * checkout. What they already hold is not offered; with nothing left, the list is not shown.
 */
export function ProductOffers({ title, intro, offers, locale, id, className }: ProductOffersProps) {
  const headingId = useId();
  if (offers.length === 0) return null;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-slot="product-offers"
      className={cn('bg-white', className)}
    >
      <div className="mx-auto max-w-4xl px-6 py-16 sm:py-20 lg:px-8">
        <h2 id={headingId} className="text-2xl font-semibold tracking-tight text-gray-900">
          {title}
        </h2>
        <p className="mt-2 text-base/7 text-pretty text-gray-600">{intro}</p>
        <ul role="list" className="mt-8 divide-y divide-gray-900/10 border-y border-gray-900/10">
          {offers.map((offer) => (
            <OfferRow key={offer.id} offer={offer} locale={locale} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function OfferRow({ offer, locale }: { offer: ProductOffer; locale?: string | undefined }) {
  const nameId = useId();
  const discounted = offer.price.advertised !== offer.price.amount;
  return (
    <li
      aria-labelledby={nameId}
      className="flex flex-col gap-4 py-6 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 flex-1">
        <h3 id={nameId} className="text-base/7 font-semibold text-gray-900">
          {offer.name}
        </h3>
        <p className="mt-1 text-sm/6 text-pretty text-gray-600">{offer.description}</p>
      </div>
      <div className="flex flex-none items-center gap-x-6">
        <p className="flex items-baseline gap-x-2">
          <Price
            amount={offer.price.amount}
            currency={offer.price.currency}
            locale={locale}
            className="text-2xl font-semibold tracking-tight text-gray-900"
          />
          {discounted ? (
            <Price
              amount={offer.price.advertised}
              currency={offer.price.currency}
              locale={locale}
              struck
              className="text-sm font-medium text-gray-500"
            />
          ) : null}
        </p>
        <Link
          href={offer.checkoutUrl}
          className={buttonVariants({ variant: 'secondary' })}
          aria-describedby={nameId}
        >
          Buy
        </Link>
      </div>
    </li>
  );
}

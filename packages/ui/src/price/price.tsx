import type * as React from 'react';
import { cn } from '../lib/cn';

/**
 * Thrown when a price cannot be formatted: a bad locale, a bad currency or a non-integer amount.
 */
export class PriceFormatError extends Error {
  override name = 'PriceFormatError';
  readonly amountMinor: number;
  readonly currency: string;
  readonly locale: string;

  constructor(
    message: string,
    details: { amountMinor: number; currency: string; locale: string },
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.amountMinor = details.amountMinor;
    this.currency = details.currency;
    this.locale = details.locale;
  }
}

export type FormatPriceOptions = {
  /** BCP 47 locale. Defaults to en-US, not the runtime's, so server and browser render alike. */
  locale?: string;
  /** Show `.00` on whole amounts. Off by default: $149, but $149.50. */
  trailingZeros?: boolean;
};

export const DEFAULT_PRICE_LOCALE = 'en-US';

function currencyFormatter(locale: string, currency: string, amountMinor: number) {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch (error) {
    let badLocale = false;
    try {
      Intl.getCanonicalLocales(locale);
    } catch {
      badLocale = true;
    }
    const message = badLocale
      ? `Cannot format price: "${locale}" is not a valid locale.`
      : `Cannot format price: "${currency}" is not a valid ISO 4217 currency code.`;
    throw new PriceFormatError(message, { amountMinor, currency, locale }, { cause: error });
  }
}

/**
 * Formats an amount in minor units (cents) as a currency string, e.g. `formatPrice(14950, 'USD')`
 * is "$149.50" and `formatPrice(14900, 'USD')` is "$149": no trailing zeros by default.
 */
export function formatPrice(
  amountMinor: number,
  currency: string,
  { locale = DEFAULT_PRICE_LOCALE, trailingZeros = false }: FormatPriceOptions = {},
): string {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new PriceFormatError(
      `Cannot format price: amount ${String(amountMinor)} is not an integer number of minor units.`,
      { amountMinor, currency, locale },
    );
  }
  const formatter = currencyFormatter(locale, currency, amountMinor);
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  const amount = amountMinor / 10 ** digits;
  if (trailingZeros || amountMinor % 10 ** digits !== 0) return formatter.format(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
}

export type PriceProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  /** Integer minor units (cents). */
  amount: number;
  currency: string;
  locale?: string;
  trailingZeros?: boolean;
  /** Strikes the price through (a previous or refunded amount). */
  struck?: boolean;
  /** What screen readers hear before a struck price; strikethrough itself is not announced. */
  struckLabel?: string;
};

export function Price({
  amount,
  currency,
  locale,
  trailingZeros,
  struck = false,
  struckLabel = 'Original price:',
  className,
  ...props
}: PriceProps) {
  const text = formatPrice(amount, currency, { locale, trailingZeros });
  return (
    <span data-slot="price" className={cn('tabular-nums', className)} {...props}>
      {struck ? (
        <s>
          <span className="sr-only">{struckLabel} </span>
          {text}
        </s>
      ) : (
        text
      )}
    </span>
  );
}

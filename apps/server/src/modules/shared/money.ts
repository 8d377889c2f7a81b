/** An amount in minor units as a price label: no trailing zeros for whole amounts ($149, not $149.00). */
export function formatAmount(amount: number, currency: string, locale: string): string {
  const digits = amount % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 100);
}

/**
 * The sandbox's tax table: the standard VAT or sales-tax rate of a few countries, in basis
 * points (1 % = 100), applied to the price (prices are shown "plus local taxes"). Good enough to
 * exercise the checkout's tax line; Paddle computes real tax in production.
 * Rates: the standard rates published by each country's tax authority, as of 2025.
 */
const RATES = [
  { code: 'US', name: 'United States', basisPoints: 0 },
  { code: 'GB', name: 'United Kingdom', basisPoints: 2000 },
  { code: 'DE', name: 'Germany', basisPoints: 1900 },
  { code: 'FR', name: 'France', basisPoints: 2000 },
  { code: 'NL', name: 'Netherlands', basisPoints: 2100 },
  { code: 'ES', name: 'Spain', basisPoints: 2100 },
  { code: 'IT', name: 'Italy', basisPoints: 2200 },
  { code: 'IE', name: 'Ireland', basisPoints: 2300 },
  { code: 'PL', name: 'Poland', basisPoints: 2300 },
  { code: 'SE', name: 'Sweden', basisPoints: 2500 },
  { code: 'CH', name: 'Switzerland', basisPoints: 810 },
  { code: 'NO', name: 'Norway', basisPoints: 2500 },
  { code: 'CA', name: 'Canada', basisPoints: 500 },
  { code: 'AU', name: 'Australia', basisPoints: 1000 },
  { code: 'JP', name: 'Japan', basisPoints: 1000 },
  { code: 'IN', name: 'India', basisPoints: 1800 },
] as const;

export type CountryCode = (typeof RATES)[number]['code'];

/** What the sandbox frame lists: rate as a percent number (8.1 for Switzerland). */
export const SANDBOX_COUNTRIES = RATES.map(({ code, name, basisPoints }) => ({
  code,
  name,
  rate: basisPoints / 100,
}));

export function isSandboxCountry(code: string): code is CountryCode {
  return RATES.some((rate) => rate.code === code);
}

/** Tax on `subtotal` minor units, rounded half up to a whole minor unit. */
export function sandboxTax(subtotal: number, country: CountryCode): number {
  const rate = RATES.find((entry) => entry.code === country)!;
  return Math.floor((subtotal * rate.basisPoints + 5000) / 10_000);
}

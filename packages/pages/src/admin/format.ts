import { DEFAULT_PRICE_LOCALE } from '@tessera/ui';

/**
 * A moment for the operator: date and time in UTC, said so, so every operator reads the same
 * time whatever their machine's zone ("Jun 15, 2025, 12:00 PM UTC").
 */
export function formatDateTime(iso: string, locale = DEFAULT_PRICE_LOCALE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
  } catch {
    format = new Intl.DateTimeFormat(DEFAULT_PRICE_LOCALE, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
  }
  return `${format.format(date)} UTC`;
}

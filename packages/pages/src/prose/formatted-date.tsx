import { DEFAULT_PRICE_LOCALE } from '@tessera/ui';
import type * as React from 'react';

export type DateStyle = 'medium' | 'long';

export type FormatDateOptions = {
  /** BCP 47 locale. Defaults to en-US, like prices, so the server and the browser render alike. */
  locale?: string;
  /** 'medium' is "Mar 14, 2024", 'long' is "March 14, 2024" (in en-US). */
  dateStyle?: DateStyle;
};

function dateFormatter(locale: string, dateStyle: DateStyle) {
  // Always UTC: dates are UTC at the edges, and a 'YYYY-MM-DD' date must not move a day
  // for a reader west of Greenwich.
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle, timeZone: 'UTC' });
  } catch {
    // A bad preferred language must not take the page down: fall back to the default.
    return new Intl.DateTimeFormat(DEFAULT_PRICE_LOCALE, { dateStyle, timeZone: 'UTC' });
  }
}

/**
 * Formats an ISO date ('2021-11-02') or date-time ('2024-03-14T16:42:07Z') for reading. A value
 * that is not a date is returned unchanged rather than shown as "Invalid Date".
 */
export function formatDate(
  iso: string,
  { locale = DEFAULT_PRICE_LOCALE, dateStyle = 'long' }: FormatDateOptions = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormatter(locale, dateStyle).format(date);
}

export type FormattedDateProps = Omit<React.ComponentProps<'time'>, 'children' | 'dateTime'> &
  FormatDateOptions & {
    /** An ISO date or date-time; also the machine-readable `dateTime`. */
    value: string;
  };

/** A `<time>` element with the date formatted for the reader's locale. */
export function FormattedDate({ value, locale, dateStyle, ...props }: FormattedDateProps) {
  return (
    <time dateTime={value} {...props}>
      {formatDate(value, { locale, dateStyle })}
    </time>
  );
}

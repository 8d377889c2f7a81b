import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormattedDate, formatDate } from './formatted-date';

describe('formatDate', () => {
  it('formats a calendar date without moving it across time zones', () => {
    expect(formatDate('2021-11-02')).toBe('November 2, 2021');
    expect(formatDate('2021-11-02', { locale: 'en-GB' })).toBe('2 November 2021');
  });

  it('reads date-times in UTC', () => {
    expect(formatDate('2024-03-14T23:30:00Z', { dateStyle: 'medium' })).toBe('Mar 14, 2024');
    expect(formatDate('2024-03-14T23:30:00-05:00', { dateStyle: 'medium' })).toBe('Mar 15, 2024');
  });

  it('falls back to the default locale when the locale is not valid', () => {
    expect(formatDate('2021-11-02', { locale: 'not a locale!' })).toBe('November 2, 2021');
  });

  it('returns a value that is not a date unchanged', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('FormattedDate', () => {
  it('renders a <time> with the machine-readable date', () => {
    render(<FormattedDate value="2021-11-02" locale="de-DE" />);
    const time = screen.getByText('2. November 2021');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2021-11-02');
  });
});

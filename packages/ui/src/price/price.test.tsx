import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPrice, Price, PriceFormatError } from './price';

describe('formatPrice', () => {
  it('drops trailing zeros on whole amounts by default', () => {
    expect(formatPrice(14900, 'USD')).toBe('$149');
    expect(formatPrice(29900, 'USD')).toBe('$299');
  });

  it('keeps both fraction digits when the amount has cents', () => {
    expect(formatPrice(14950, 'USD')).toBe('$149.50');
    expect(formatPrice(14905, 'USD')).toBe('$149.05');
  });

  it('shows trailing zeros when asked', () => {
    expect(formatPrice(14900, 'USD', { trailingZeros: true })).toBe('$149.00');
  });

  it('reads minor units by the currency’s own number of decimals', () => {
    expect(formatPrice(14900, 'JPY')).toBe('¥14,900');
    expect(formatPrice(1500, 'KWD', { trailingZeros: true })).toBe('KWD\u00a01.500');
  });

  it('formats in the given locale', () => {
    expect(formatPrice(14950, 'EUR', { locale: 'de-DE' })).toBe('149,50\u00a0€');
    expect(formatPrice(100000, 'EUR', { locale: 'de-DE' })).toBe('1.000\u00a0€');
  });

  it('formats zero and negative amounts', () => {
    expect(formatPrice(0, 'USD')).toBe('$0');
    expect(formatPrice(-14900, 'USD')).toBe('-$149');
  });

  it('throws PriceFormatError naming a locale that cannot be used', () => {
    expect(() => formatPrice(100, 'USD', { locale: 'not a locale!' })).toThrow(PriceFormatError);
    expect(() => formatPrice(100, 'USD', { locale: 'not a locale!' })).toThrow(
      '"not a locale!" is not a valid locale',
    );
  });

  it('throws PriceFormatError naming a currency that cannot be used', () => {
    const error = (() => {
      try {
        formatPrice(100, 'dollars');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(PriceFormatError);
    expect(error).toMatchObject({
      name: 'PriceFormatError',
      currency: 'dollars',
      locale: 'en-US',
      message: expect.stringContaining('"dollars" is not a valid ISO 4217 currency code'),
    });
  });

  it('rejects amounts that are not integer minor units', () => {
    expect(() => formatPrice(149.5, 'USD')).toThrow(PriceFormatError);
    expect(() => formatPrice(Number.NaN, 'USD')).toThrow('is not an integer number of minor units');
  });
});

describe('Price', () => {
  it('renders the formatted amount', () => {
    render(<Price amount={14900} currency="USD" />);
    expect(screen.getByText('$149')).toBeInTheDocument();
  });

  it('strikes the amount through and says so to screen readers', () => {
    const { container } = render(<Price amount={29900} currency="USD" struck />);
    const struck = container.querySelector('s');
    expect(struck).toHaveTextContent('Original price: $299');
    expect(screen.getByText('Original price:')).toHaveClass('sr-only');
  });
});

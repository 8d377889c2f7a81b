import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fixturePurchases,
  fullPurchaseHistory,
  purchaseHistory,
  purchaseHistoryWithGumroad,
  purchaseHistoryWithRefund,
} from '../fixtures/account';
import {
  GUMROAD_RECEIPT_HELP_TEXT,
  PurchaseHistory,
  RECEIPT_HELP_TEXT,
  type Purchase,
} from './purchase-history';

function rowFor(packageName: string) {
  const cell = screen.getByText(packageName, { selector: 'span' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row for ${packageName}`);
  return within(row);
}

describe('PurchaseHistory', () => {
  it('has the Date, Package, Price and Receipt columns and a row per purchase', () => {
    render(<PurchaseHistory purchases={fullPurchaseHistory} />);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Date', 'Package', 'Price', 'Receipt']);
    expect(screen.getAllByRole('row')).toHaveLength(fullPurchaseHistory.length + 1);
  });

  it('hides the Price column on small screens and shows the amount under the package name', () => {
    render(<PurchaseHistory purchases={purchaseHistory} />);
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveClass(
      'hidden',
      'sm:table-cell',
    );
    const row = rowFor('All-Access');
    const amounts = row.getAllByText('$299');
    expect(amounts).toHaveLength(2);
    expect(amounts[0]?.closest('div')).toHaveClass('sm:hidden');
  });

  it('formats the date in UTC for the given locale', () => {
    const lateEvening: Purchase = {
      ...fixturePurchases.allAccess,
      date: '2024-03-14T23:30:00Z',
    };
    render(<PurchaseHistory purchases={[lateEvening]} locale="de-DE" />);
    const time = screen.getByText('14.03.2024');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2024-03-14T23:30:00Z');
  });

  it('labels a refunded purchase and strikes its amount through with a spoken cue', () => {
    render(<PurchaseHistory purchases={purchaseHistoryWithRefund} />);
    const refunded = rowFor('Application UI');
    expect(refunded.getByText('Refunded')).toHaveAttribute('data-variant', 'danger');
    const struck = refunded.getAllByText((_, element) => element?.tagName === 'S');
    expect(struck).toHaveLength(2);
    for (const amount of struck) expect(amount).toHaveTextContent('Refunded: $149');

    const kept = rowFor('All-Access');
    expect(kept.queryByText('Refunded')).not.toBeInTheDocument();
    expect(kept.queryAllByText((_, element) => element?.tagName === 'S')).toHaveLength(0);
  });

  it('opens each receipt in a new tab, safely, and says so', () => {
    render(<PurchaseHistory purchases={purchaseHistory} />);
    const link = screen.getByRole('link', {
      name: 'View Receipt for All-Access, Mar 14, 2024 (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', fixturePurchases.allAccess.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('explains invoices, and the marketplace receipts only when there is such a purchase', () => {
    const { rerender } = render(<PurchaseHistory purchases={purchaseHistory} />);
    expect(screen.getByText(RECEIPT_HELP_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(GUMROAD_RECEIPT_HELP_TEXT)).not.toBeInTheDocument();

    rerender(<PurchaseHistory purchases={purchaseHistoryWithGumroad} />);
    expect(screen.getByText(RECEIPT_HELP_TEXT)).toBeInTheDocument();
    expect(screen.getByText(GUMROAD_RECEIPT_HELP_TEXT)).toBeInTheDocument();
  });
});

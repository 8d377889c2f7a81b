import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  fixturePurchases,
  fullPurchaseHistory,
  purchaseHistory,
  purchaseHistoryWithGumroad,
  purchaseHistoryWithRefund,
} from '../fixtures/account';
import { customerSharedData } from '../fixtures/shared-page-data';
import { GUMROAD_RECEIPT_HELP_TEXT, PurchaseHistory, RECEIPT_HELP_TEXT } from './purchase-history';

const meta = {
  title: 'Pages/Account/PurchaseHistory',
  component: PurchaseHistory,
  parameters: {
    layout: 'padded',
    viewport: {
      options: {
        mobile375: {
          name: 'Mobile (375px)',
          type: 'mobile',
          styles: { width: '375px', height: '667px' },
        },
      },
    },
  },
  // The page gutter the table sits in (px-6), so the narrow story shows the real width.
  decorators: [
    (Story) => (
      <div className="p-6">
        <Story />
      </div>
    ),
  ],
  args: { purchases: purchaseHistory, locale: customerSharedData.preferredLanguage },
} satisfies Meta<typeof PurchaseHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('row')).toHaveLength(purchaseHistory.length + 1);
    await expect(canvas.getByRole('columnheader', { name: 'Price' })).toBeVisible();
    const receipt = canvas.getByRole('link', {
      name: 'View Receipt for All-Access, Mar 14, 2024 (opens in a new tab)',
    });
    await expect(receipt).toHaveAttribute('href', fixturePurchases.allAccess.url);
    await expect(receipt).toHaveAttribute('target', '_blank');
    await expect(receipt).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(canvas.getByText(RECEIPT_HELP_TEXT)).toBeVisible();
    await expect(canvas.queryByText(GUMROAD_RECEIPT_HELP_TEXT)).not.toBeInTheDocument();
    await expect(canvas.queryByText('Refunded')).not.toBeInTheDocument();
  },
} satisfies Story;

export const WithRefund = {
  args: { ...Default.args, purchases: purchaseHistoryWithRefund },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const badge = canvas.getByText('Refunded');
    await expect(badge).toBeVisible();
    const row = within(badge.closest('tr') as HTMLElement);
    await expect(row.getByText('Application UI')).toBeVisible();
    // The visible price cell is struck through and tells screen readers why.
    const struck = row.getByRole('cell', { name: 'Refunded: $149' });
    await expect(struck.querySelector('s')).toBeVisible();
  },
} satisfies Story;

export const WithMarketplacePurchase = {
  args: { ...Default.args, purchases: purchaseHistoryWithGumroad },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(RECEIPT_HELP_TEXT)).toBeVisible();
    await expect(canvas.getByText(GUMROAD_RECEIPT_HELP_TEXT)).toBeVisible();
    await expect(
      canvas.getByRole('link', {
        name: 'View Receipt for Marketing, Jun 21, 2021 (opens in a new tab)',
      }),
    ).toHaveAttribute('href', fixturePurchases.marketingGumroad.url);
  },
} satisfies Story;

/** On small screens the Price column goes and the amount sits under the package. */
export const Mobile = {
  args: { ...Default.args, purchases: fullPurchaseHistory },
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Price', { selector: 'th' })).not.toBeVisible();
    const row = within(canvas.getByText('Application UI').closest('tr') as HTMLElement);
    const amounts = row.getAllByText('$149');
    const visible = amounts.filter((amount) => amount.checkVisibility());
    await expect(visible).toHaveLength(1);
    await expect(visible[0]?.closest('td')).toHaveTextContent(/^Application UIRefunded/);
    await expect(canvas.getByText(GUMROAD_RECEIPT_HELP_TEXT)).toBeVisible();
  },
} satisfies Story;

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { supportContact } from '../fixtures/content';
import { customerSharedData } from '../fixtures/shared-page-data';
import { withLayout } from '../stories-support/with-layout';
import { SupportPage } from './support-page';

const meta = {
  title: 'Pages/Account/Support',
  component: SupportPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: customerSharedData },
  args: { ...supportContact, hasCommunity: true },
} satisfies Meta<typeof SupportPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveTextContent('Support');
    // Support is for account and licensing; technical help is in the community chat.
    await expect(main.getByText(/can’t offer technical support/)).toBeVisible();
    const emails = main.getAllByRole('link', { name: supportContact.supportEmail });
    await expect(emails).toHaveLength(2);
    for (const email of emails) {
      await expect(email).toHaveAttribute('href', `mailto:${supportContact.supportEmail}`);
    }
    await expect(main.getByRole('link', { name: /Open the issue tracker/ })).toHaveAttribute(
      'href',
      supportContact.issueTrackerUrl,
    );
    await expect(main.getByRole('link', { name: /Join the community chat/ })).toHaveAttribute(
      'href',
      '/discord',
    );
    const refunds = within(main.getByRole('region', { name: 'Refunds' }));
    await expect(refunds.getByText(/in full within 30 days/)).toBeVisible();
  },
} satisfies Story;

/** No community chat configured: technical help goes to the support address, not round /discord. */
export const WithoutCommunity = {
  args: { hasCommunity: false },
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(main.queryByRole('link', { name: /community chat/ })).not.toBeInTheDocument();
    await expect(main.getByText(/community chat is not open yet/)).toBeVisible();
    await expect(main.getAllByRole('link', { name: supportContact.supportEmail })).toHaveLength(3);
  },
} satisfies Story;

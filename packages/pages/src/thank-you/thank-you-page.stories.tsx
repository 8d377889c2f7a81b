import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { thankYouPageProps } from '../fixtures/checkout';
import { withLayout } from '../stories-support/with-layout';
import { GAVE_UP_MESSAGE, GAVE_UP_TITLE, ThankYouPage } from './thank-you-page';

const meta = {
  title: 'Pages/Commerce/ThankYou',
  component: ThankYouPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen' },
  args: {
    isUpgrade: false,
    status: 'polling',
    supportEmail: thankYouPageProps.supportEmail,
  },
} satisfies Meta<typeof ThankYouPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Polling the purchase while the webhook is fulfilled. */
export const Polling = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Thanks for your purchase!' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('We’re setting up your licence.');
  },
} satisfies Story;

export const PollingUpgrade = {
  args: { isUpgrade: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Thanks for upgrading!' }),
    ).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('We’re upgrading your account.');
  },
} satisfies Story;

/** The purchase is ready: the container is moving on to the licence page. */
export const SuccessRedirect = {
  args: { status: 'ready' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Your licence is ready. Taking you to it…',
    );
  },
} satisfies Story;

/** An upgrade goes back to the store's home page. */
export const SuccessRedirectUpgrade = {
  args: { status: 'ready', isUpgrade: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Your upgrade is done. Taking you back to the store…',
    );
  },
} satisfies Story;

/**
 * After 30 tries without a purchase: the page knows of no payment (the checkout may be unpaid),
 * so it claims neither one nor a sent e-mail.
 */
export const GaveUp = {
  args: { status: 'gave-up' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent(GAVE_UP_MESSAGE);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(GAVE_UP_TITLE);
    await expect(status).not.toHaveTextContent(/payment went through|We’ve e-mailed/);
    await expect(
      within(status).getByRole('link', { name: 'support@tessera-ui.test' }),
    ).toHaveAttribute('href', 'mailto:support@tessera-ui.test');
  },
} satisfies Story;

export const GaveUpUpgrade = {
  args: { status: 'gave-up', isUpgrade: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'activation link for your upgraded licence',
    );
  },
} satisfies Story;

/** Done, but the key is no longer this page's to show: sign in, or the e-mail. */
export const KeyWithheld = {
  args: { status: 'withheld' },
  play: async ({ canvasElement }) => {
    const status = within(within(canvasElement).getByRole('status'));
    await expect(status.getByText(/no longer shows it/)).toBeVisible();
    await expect(status.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/login');
  },
} satisfies Story;

/** Without a configured address, the support page. */
export const GaveUpWithoutSupportEmail = {
  args: { status: 'gave-up', supportEmail: undefined },
  play: async ({ canvasElement }) => {
    const status = within(within(canvasElement).getByRole('status'));
    await expect(status.getByRole('link', { name: 'support' })).toHaveAttribute('href', '/support');
  },
} satisfies Story;

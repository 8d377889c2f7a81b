import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { filledChangelogSubscribeValues } from '../fixtures/content';
import { customerSharedData, visitorSharedData } from '../fixtures/shared-page-data';
import { withLayout } from '../stories-support/with-layout';
import { NewsletterThankYouPage } from './newsletter-thank-you-page';

const meta = {
  title: 'Pages/Content/NewsletterThankYou',
  component: NewsletterThankYouPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: visitorSharedData },
  args: {},
} satisfies Meta<typeof NewsletterThankYouPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveTextContent('You’re subscribed');
    await expect(main.getByRole('link', { name: /Back to the changelog/ })).toHaveAttribute(
      'href',
      '/changelog',
    );
  },
} satisfies Story;

export const WithEmail = {
  args: { email: filledChangelogSubscribeValues.email_address },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    await expect(
      within(within(canvasElement).getByRole('main')).getByText(
        filledChangelogSubscribeValues.email_address,
      ),
    ).toBeVisible();
  },
} satisfies Story;

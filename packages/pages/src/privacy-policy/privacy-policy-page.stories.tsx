import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { privacyPolicyHtml, privacyPolicyLastUpdated } from '../fixtures/content';
import { visitorSharedData } from '../fixtures/shared-page-data';
import { withLayout } from '../stories-support/with-layout';
import { PrivacyPolicyPage } from './privacy-policy-page';

const meta = {
  title: 'Pages/Content/PrivacyPolicy',
  component: PrivacyPolicyPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: visitorSharedData },
  args: {
    lastUpdated: privacyPolicyLastUpdated,
    html: privacyPolicyHtml,
    locale: visitorSharedData.preferredLanguage,
  },
} satisfies Meta<typeof PrivacyPolicyPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy policy');
    const date = main.getByText('November 2, 2021');
    await expect(date).toHaveAttribute('datetime', '2021-11-02');
    await expect(date.parentElement).toHaveTextContent('Last updated November 2, 2021');
    await expect(main.getByRole('heading', { level: 2, name: 'Cookies' })).toBeVisible();
  },
} satisfies Story;

/** The date follows the reader's preferred language. */
export const BritishEnglish = {
  args: { ...Default.args, locale: 'en-GB' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('2 November 2021')).toHaveAttribute(
      'datetime',
      '2021-11-02',
    );
  },
} satisfies Story;

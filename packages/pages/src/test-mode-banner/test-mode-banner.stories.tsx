import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TestModeBanner } from './test-mode-banner';

const meta = {
  title: 'Pages/Chrome/TestModeBanner',
  component: TestModeBanner,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof TestModeBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('region', { name: 'Test mode' });
    await expect(banner).toHaveTextContent(/^Test mode\. This store takes test payments only/);
    await expect(banner).toHaveTextContent('a live store does not accept');
  },
} satisfies Story;

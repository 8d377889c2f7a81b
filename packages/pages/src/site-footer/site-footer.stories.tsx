import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { visitorSharedData } from '../fixtures';
import { SiteFooter } from './site-footer';

const meta = {
  title: 'Pages/Chrome/SiteFooter',
  component: SiteFooter,
  parameters: { layout: 'fullscreen' },
  args: {
    signedIn: false,
    copyrightYear: visitorSharedData.copyrightYear,
    brandName: visitorSharedData.brandName,
  },
} satisfies Meta<typeof SiteFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Ecommerce' })).toBeInTheDocument();
    await expect(
      canvas.getByRole('link', { name: 'Browse all Templates and UI Kits' }),
    ).toHaveAttribute('href', '/templates');
  },
} satisfies Story;

export const SignedIn = {
  args: { ...SignedOut.args, signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Privacy policy' })).toBeInTheDocument();
  },
} satisfies Story;

export const DefaultYear = {
  args: { ...SignedIn.args, copyrightYear: undefined },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('© 2024 Tessera UI. All rights reserved.'),
    ).toBeInTheDocument();
  },
} satisfies Story;

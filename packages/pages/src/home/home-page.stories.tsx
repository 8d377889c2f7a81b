import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ownerSharedData, visitorSharedData } from '../fixtures';
import { withLayout } from '../stories-support/with-layout';
import { HomePage } from './home-page';

const meta = {
  title: 'Pages/Home',
  component: HomePage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: visitorSharedData },
  args: {
    canPurchaseAllAccess: visitorSharedData.can.purchaseAllAccess,
    tailwindVersion: visitorSharedData.tailwindVersion,
  },
} satisfies Meta<typeof HomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(main.getByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(main.getByRole('link', { name: 'Get all-access' })).toHaveAttribute(
      'href',
      '/all-access',
    );
    await expect(main.getByRole('link', { name: 'Browse components' })).toHaveAttribute(
      'href',
      '/components',
    );
  },
} satisfies Story;

export const SignedInOwner = {
  args: { ...Visitor.args, canPurchaseAllAccess: ownerSharedData.can.purchaseAllAccess },
  parameters: { shared: ownerSharedData },
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveTextContent(
      'What are you building today?',
    );
    await expect(main.queryByRole('link', { name: 'Get all-access' })).not.toBeInTheDocument();
  },
} satisfies Story;

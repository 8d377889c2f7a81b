import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Price } from './price';

const meta = {
  title: 'UI/Price',
  component: Price,
  args: { amount: 29900, currency: 'USD', className: 'text-2xl font-semibold text-gray-900' },
} satisfies Meta<typeof Price>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WholeAmount = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('$299')).toBeInTheDocument();
  },
} satisfies Story;

export const WithCents = {
  args: { amount: 14950 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('$149.50')).toBeInTheDocument();
  },
} satisfies Story;

export const TrailingZeros = {
  args: { trailingZeros: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('$299.00')).toBeInTheDocument();
  },
} satisfies Story;

export const OtherLocale = {
  args: { amount: 27900, currency: 'EUR', locale: 'de-DE' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('279 €', { normalizer: (text) => text.replace(/\s/g, ' ') }),
    ).toBeInTheDocument();
  },
} satisfies Story;

export const Struck = {
  args: { struck: true, className: 'text-lg text-gray-500' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Original price:')).toHaveClass('sr-only');
  },
} satisfies Story;

export const Discounted = {
  render: (args) => (
    <p className="flex items-baseline gap-x-3">
      <Price {...args} amount={24900} />
      <Price {...args} amount={29900} struck className="text-lg font-normal text-gray-500" />
    </p>
  ),
} satisfies Story;

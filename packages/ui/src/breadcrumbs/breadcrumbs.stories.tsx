import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Breadcrumbs } from './breadcrumbs';

const meta = {
  title: 'UI/Breadcrumbs',
  component: Breadcrumbs,
  args: {
    items: [
      { label: 'Application UI', href: '/components#product-application-ui' },
      { label: 'Forms', href: '/components#application-ui-forms' },
      { label: 'Select Menus', href: '/components/application-ui/forms/select-menus' },
    ],
  },
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(nav).getAllByRole('link');
    await expect(links).toHaveLength(3);
    await expect(links[2]).toHaveAttribute('aria-current', 'page');
    await expect(links[0]).not.toHaveAttribute('aria-current');
  },
} satisfies Story;

export const CurrentWithoutLink = {
  args: {
    items: [
      { label: 'Ecommerce', href: '/components#product-ecommerce' },
      { label: 'Shopping Carts' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
    await expect(canvas.getByText('Shopping Carts')).toHaveAttribute('aria-current', 'page');
  },
} satisfies Story;

export const CheckoutSteps = {
  args: {
    items: [
      { label: 'Packages', href: '/all-access' },
      { label: 'Your details', current: true },
      { label: 'Payment' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your details')).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText('Payment')).not.toHaveAttribute('aria-current');
  },
} satisfies Story;

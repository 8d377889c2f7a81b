import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  adminCustomersEmpty,
  adminCustomersNone,
  adminCustomersResults,
} from '../../fixtures/admin';
import { operatorSharedData } from '../../fixtures/shared-page-data';
import { withLayout } from '../../stories-support/with-layout';
import { AdminCustomersPage } from './admin-customers-page';

const meta = {
  title: 'Pages/BackOffice/Customers',
  component: AdminCustomersPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: operatorSharedData },
  args: { ...adminCustomersEmpty, onSearch: fn() },
} satisfies Meta<typeof AdminCustomersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SearchEmpty = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Customers' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByText(/Type the first letters of an address/)).toBeVisible();
    const main = within(canvas.getByRole('main'));
    await userEvent.type(main.getByLabelText('E-mail address starts with'), 'jordan');
    await userEvent.click(main.getByRole('button', { name: 'Search' }));
    await expect(args.onSearch).toHaveBeenCalledWith('jordan');
  },
} satisfies Story;

export const SearchResults = {
  args: adminCustomersResults,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('E-mail address starts with')).toHaveValue('jordan');
    const rows = canvas.getAllByRole('row');
    await expect(rows).toHaveLength(4);
    await expect(canvas.getByRole('link', { name: 'jordan.lee@example.com' })).toHaveAttribute(
      'href',
      '/admin/users/41',
    );
    await expect(within(rows[3]!).getByText('Admin')).toBeVisible();
    await expect(canvas.getByText('Page 1 of 2 · 28 customers')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/admin?email=jordan&page=2',
    );
    await expect(canvas.queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
  },
} satisfies Story;

export const SearchNone = {
  args: adminCustomersNone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/No customer’s address starts with/)).toHaveTextContent(
      'No customer’s address starts with nobody@.',
    );
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
} satisfies Story;

export const SearchRefused = {
  args: {
    ...adminCustomersEmpty,
    errors: { email: 'An e-mail address is at most 254 characters.' },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('E-mail address starts with')).toBeInvalid();
  },
} satisfies Story;

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  fixtureCommandPaletteItems,
  flashError,
  flashSuccess,
  impersonatingSharedData,
  ownerSharedData,
  visitorSharedData,
} from '../fixtures';
import { PagePlaceholder } from '../stories-support/page-placeholder';
import { AppLayout } from './app-layout';

const meta = {
  title: 'Pages/Chrome/AppLayout',
  component: AppLayout,
  parameters: { layout: 'fullscreen' },
  args: {
    shared: visitorSharedData,
    onSignOut: fn(),
    onStopImpersonating: fn(),
    onSearchSelect: fn(),
    onColorSchemeChange: fn(),
    commandPaletteItems: fixtureCommandPaletteItems,
    children: <PagePlaceholder />,
  },
} satisfies Meta<typeof AppLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const skip = canvas.getByRole('link', { name: 'Skip to content' });
    await expect(canvas.getAllByRole('link')[0]).toBe(skip);
    await expect(skip).toHaveAttribute('href', '#main');
    await expect(canvas.getByRole('main')).toHaveAttribute('id', 'main');
    await expect(canvas.getByRole('navigation', { name: 'Marketing' })).toBeInTheDocument();
    // A live store shows no test-mode banner.
    await expect(canvas.queryByRole('region', { name: 'Test mode' })).not.toBeInTheDocument();
  },
} satisfies Story;

/** A store taking test payments (decision 040): the banner above everything on every page. */
export const TestMode = {
  args: { shared: { ...visitorSharedData, testMode: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('region', { name: 'Test mode' });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveTextContent('This store takes test payments only');
    // Before the header: the first thing a visitor sees.
    await expect(
      banner.compareDocumentPosition(canvas.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  },
} satisfies Story;

export const SkipLinkFocused = {
  args: {},
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(
      within(canvasElement).getByRole('link', { name: 'Skip to content' }),
    ).toHaveFocus();
  },
} satisfies Story;

export const SignedIn = {
  args: { shared: ownerSharedData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Account' })).toBeInTheDocument();
    await expect(canvas.queryByRole('navigation', { name: 'Marketing' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
  },
} satisfies Story;

export const Impersonating = {
  args: { shared: impersonatingSharedData },
  play: async ({ args, canvasElement }) => {
    const banner = within(within(canvasElement).getByRole('region', { name: 'Impersonation' }));
    await expect(banner.getByText(/You are impersonating/)).toHaveTextContent(
      'You are impersonating jordan.lee@example.com.',
    );
    await userEvent.click(banner.getByRole('button', { name: 'Stop Impersonating' }));
    await expect(args.onStopImpersonating).toHaveBeenCalledOnce();
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const WithFlashSuccess = {
  args: { shared: ownerSharedData, flash: flashSuccess },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Email updated successfully.',
    );
  },
} satisfies Story;

export const WithFlashError = {
  args: { shared: ownerSharedData, flash: flashError },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'That licence has already been redeemed.',
    );
  },
} satisfies Story;

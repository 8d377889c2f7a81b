import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { Link } from '../link/link';
import { SlideOver, type SlideOverProps } from './slide-over';

const navigation = [
  { label: 'Components', href: '/components' },
  { label: 'Templates', href: '/templates' },
  { label: 'UI Kit', href: '/templates/catalyst' },
  { label: 'Docs', href: '/docs' },
];

/** The header's mobile navigation: a menu button opens the panel. */
function MobileNavigationExample(args: SlideOverProps) {
  const [open, setOpen] = useState(args.open);
  function change(next: boolean) {
    setOpen(next);
    args.onOpenChange(next);
  }
  return (
    <>
      <Button variant="ghost" size="icon" className="[&_svg]:size-6" onClick={() => change(true)}>
        <span className="sr-only">Open menu</span>
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          aria-hidden="true"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5"
          />
        </svg>
      </Button>
      <SlideOver {...args} open={open} onOpenChange={change} />
    </>
  );
}

const meta = {
  title: 'UI/SlideOver',
  component: SlideOver,
  args: {
    open: false,
    onOpenChange: fn(),
    title: 'Tessera UI',
    children: (
      <nav aria-label="Mobile" className="-mx-3 divide-y divide-gray-100">
        <div className="space-y-1 py-4">
          {navigation.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className="block rounded-control px-3 py-2 text-base/7 font-semibold text-gray-900 hover:bg-gray-50"
            >
              {item.label}
            </Link>
          ))}
        </div>
        <div className="space-y-1 py-4">
          <Link
            href="/login"
            className="block rounded-control px-3 py-2.5 text-base/7 font-semibold text-gray-900 hover:bg-gray-50"
          >
            Sign in
          </Link>
          <Link
            href="/all-access"
            className="block rounded-control px-3 py-2.5 text-base/7 font-semibold text-brand-700 hover:bg-gray-50"
          >
            Get all-access
          </Link>
        </div>
      </nav>
    ),
  },
  render: (args) => <MobileNavigationExample {...args} />,
} satisfies Meta<typeof SlideOver>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openPanel(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open menu' }));
  const panel = await screen.findByRole('dialog', { name: 'Tessera UI' });
  await waitFor(() => expect(panel).toBeVisible());
  return panel;
}

export const Open = {
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    await expect(panel).toHaveAttribute('aria-modal', 'true');
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Close menu' })).toHaveFocus(),
    );
    await expect(within(panel).getByRole('link', { name: 'UI Kit' })).toHaveAttribute(
      'href',
      '/templates/catalyst',
    );
    const { right } = panel.getBoundingClientRect();
    await expect(Math.round(right)).toBe(window.innerWidth);
  },
} satisfies Story;

export const FromTheLeft = {
  args: { side: 'left' },
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    await expect(panel.getBoundingClientRect().left).toBe(0);
  },
} satisfies Story;

export const CloseButtonCloses = {
  play: async ({ args, canvasElement }) => {
    const panel = await openPanel(canvasElement);
    await userEvent.click(within(panel).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() =>
      expect(within(canvasElement).getByRole('button', { name: 'Open menu' })).toHaveFocus(),
    );
  },
} satisfies Story;

export const EscapeCloses = {
  play: async ({ args, canvasElement }) => {
    await openPanel(canvasElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() =>
      expect(within(canvasElement).getByRole('button', { name: 'Open menu' })).toHaveFocus(),
    );
  },
} satisfies Story;

export const ClickOutsideCloses = {
  play: async ({ args, canvasElement }) => {
    const panel = await openPanel(canvasElement);
    await userEvent.click(panel.closest<HTMLElement>('[data-slot="slide-over-overlay"]')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
} satisfies Story;

export const PageBehindIsInert = {
  play: async ({ canvasElement }) => {
    await openPanel(canvasElement);
    await waitFor(() => expect(canvasElement.closest('[inert]')).not.toBeNull());
  },
} satisfies Story;

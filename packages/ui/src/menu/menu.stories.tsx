import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { LinkProvider, type LinkComponentProps } from '../link/link';
import { TYPEAHEAD_RESET_MS } from '../lib/typeahead';
import { Menu, MenuGroupLabel, MenuItem, MenuSeparator } from './menu';

// Stories must not navigate away from the test page when a link item is chosen.
function StayLink({ onClick, ...props }: LinkComponentProps) {
  return (
    <a
      {...props}
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
      }}
    />
  );
}

const signOut = fn();

const meta = {
  title: 'UI/Menu',
  component: Menu,
  decorators: [
    (Story) => (
      <LinkProvider component={StayLink}>
        <Story />
      </LinkProvider>
    ),
  ],
  args: {
    label: 'Account',
    children: (
      <>
        <MenuGroupLabel>
          Signed in as <span className="font-semibold text-gray-900">tom@example.com</span>
        </MenuGroupLabel>
        <MenuSeparator />
        <MenuItem href="/changelog">Changelog</MenuItem>
        <MenuItem href="/support">Support</MenuItem>
        <MenuItem href="/license">Licence</MenuItem>
        <MenuItem href="/account-settings">Account settings</MenuItem>
        <MenuSeparator />
        <MenuItem href="/upgrade-team">Upgrade to team licence</MenuItem>
        <MenuItem href="/teams/1">My Team</MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={signOut}>Sign out</MenuItem>
      </>
    ),
  },
  beforeEach: () => {
    signOut.mockClear();
  },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openWithClick(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Account' }));
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(menu).toBeVisible());
  return menu;
}

export const Closed = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Account' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  },
} satisfies Story;

export const Open = {
  play: async ({ canvasElement }) => {
    const menu = await openWithClick(canvasElement);
    await expect(menu).toHaveAccessibleName('Account');
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Changelog',
      'Support',
      'Licence',
      'Account settings',
      'Upgrade to team licence',
      'My Team',
      'Sign out',
    ]);
    await expect(within(menu).getByRole('menuitem', { name: 'Licence' })).toHaveAttribute(
      'href',
      '/license',
    );
    await expect(within(canvasElement).getByRole('button', { name: 'Account' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
} satisfies Story;

export const KeyboardNavigation = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Account' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Changelog' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Support' })).toHaveFocus());
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Changelog' })).toHaveFocus());
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus());
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Changelog' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
} satisfies Story;

export const OpensWithSpaceAndArrowDown = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Account' });
    trigger.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Changelog' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Changelog' })).toHaveFocus());
  },
} satisfies Story;

export const ArrowUpOpensAtLastItem = {
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Account' }).focus();
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus());
  },
} satisfies Story;

export const TypeAhead = {
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Account' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Changelog' })).toHaveFocus());
    // Letters typed within the buffer form one search string. `delay: null` sends both keys at
    // once, so a busy test machine cannot stretch the gap past the buffer.
    await userEvent.setup({ delay: null }).keyboard('ac');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Account settings' })).toHaveFocus(),
    );
    // After the buffer resets, a letter starts a new search from the current item.
    await new Promise((resolve) => setTimeout(resolve, TYPEAHEAD_RESET_MS + 100));
    await userEvent.keyboard('s');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus());
  },
} satisfies Story;

export const ChoosingAnActionCloses = {
  play: async ({ canvasElement }) => {
    const menu = await openWithClick(canvasElement);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await expect(signOut).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(canvasElement).getByRole('button', { name: 'Account' })).toHaveFocus(),
    );
  },
} satisfies Story;

export const ChoosingALinkWithTheKeyboardCloses = {
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Account' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Changelog' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowDown} ');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await expect(signOut).not.toHaveBeenCalled();
  },
} satisfies Story;

export const ClickOutsideCloses = {
  play: async ({ canvasElement }) => {
    await openWithClick(canvasElement);
    await userEvent.click(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
} satisfies Story;

export const AlignedToTheEnd = {
  args: { align: 'end' },
  decorators: [
    (Story) => (
      <div className="flex justify-end pr-24">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const menu = await openWithClick(canvasElement);
    const trigger = within(canvasElement).getByRole('button', { name: 'Account' });
    await waitFor(() =>
      expect(Math.round(menu.getBoundingClientRect().right)).toBe(
        Math.round(trigger.getBoundingClientRect().right),
      ),
    );
  },
} satisfies Story;

export const WithDisabledItem = {
  args: {
    children: (
      <>
        <MenuItem href="/license">Licence</MenuItem>
        <MenuItem href="/upgrade-team" disabled>
          Upgrade to team licence
        </MenuItem>
        <MenuItem onSelect={signOut}>Sign out</MenuItem>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Account' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Licence' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus());
    await expect(screen.getByRole('menuitem', { name: 'Upgrade to team licence' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
} satisfies Story;

export const IconTrigger = {
  args: {
    label: (
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className="text-gray-500">
        <path
          fillRule="evenodd"
          d="M18.685 19.097A9.723 9.723 0 0 0 21.75 12c0-5.385-4.365-9.75-9.75-9.75S2.25 6.615 2.25 12a9.723 9.723 0 0 0 3.065 7.097A9.716 9.716 0 0 0 12 21.75a9.716 9.716 0 0 0 6.685-2.653Zm-12.54-1.285A7.486 7.486 0 0 1 12 15a7.486 7.486 0 0 1 5.855 2.812A8.224 8.224 0 0 1 12 20.25a8.224 8.224 0 0 1-5.855-2.438ZM15.75 9a3.75 3.75 0 1 1-7.5 0 3.75 3.75 0 0 1 7.5 0Z"
          clipRule="evenodd"
        />
      </svg>
    ),
    'aria-label': 'Account',
    triggerClassName: 'px-2 [&_svg:first-child]:size-7',
  },
  play: async ({ canvasElement }) => {
    await openWithClick(canvasElement);
  },
} satisfies Story;

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { CommandPalette } from './command-palette';
import { commandPaletteItems } from './fixtures';
import { RECENT_STORAGE_KEY } from './recent';

const meta = {
  title: 'UI/CommandPalette',
  component: CommandPalette,
  args: { items: commandPaletteItems, onSelect: fn() },
  // Each story starts with no palette history in this browser.
  beforeEach: () => localStorage.removeItem(RECENT_STORAGE_KEY),
} satisfies Meta<typeof CommandPalette>;

export default meta;
type Story = StoryObj<typeof meta>;

function trigger(canvasElement: HTMLElement) {
  return within(canvasElement).getByRole('button', { name: 'Search' });
}

async function openPalette(canvasElement: HTMLElement) {
  await userEvent.click(trigger(canvasElement));
  return findPalette();
}

async function findPalette() {
  const dialog = await screen.findByRole('dialog', { name: 'Search' });
  const input = within(dialog).getByRole('combobox', { name: 'Search' });
  await waitFor(() => expect(input).toHaveFocus());
  return { dialog, input };
}

async function expectClosed() {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

export const Closed = {
  play: async ({ canvasElement }) => {
    const button = trigger(canvasElement);
    await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K /');
    await expect(button).toHaveTextContent('Ctrl K');
  },
} satisfies Story;

export const MacShortcutHint = {
  args: { shortcutHint: '⌘K' },
  play: async ({ canvasElement }) => {
    await expect(trigger(canvasElement)).toHaveTextContent('⌘K');
  },
} satisfies Story;

const SUGGESTED = ['Hero Sections', 'Tables', 'Product Overviews', 'Catalyst', 'Getting set up'];

function optionNames(group: HTMLElement) {
  return within(group)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

/** An empty query lists suggestions: the first item of each category, in the items' order. */
export const Open = {
  play: async ({ canvasElement }) => {
    const { dialog, input } = await openPalette(canvasElement);
    await expect(input).toHaveAttribute('placeholder', 'Search components, templates and docs…');
    const listbox = within(dialog).getByRole('listbox');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(input).toHaveAttribute('aria-controls', listbox.id);
    const groups = within(listbox).getAllByRole('group');
    await expect(groups).toHaveLength(1);
    await expect(groups[0]).toHaveAccessibleName('Suggested');
    await expect(optionNames(groups[0]!)).toEqual(SUGGESTED);
    // Nothing is chosen until the visitor moves: Enter alone does nothing.
    await expect(input).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{Enter}');
    await expect(dialog).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute(
      'aria-activedescendant',
      within(listbox).getByRole('option', { name: 'Hero Sections' }).id,
    );
    await expect(within(dialog).queryByRole('status')).toBeEmptyDOMElement();
  },
} satisfies Story;

async function chooseBySearch(canvasElement: HTMLElement, query: string) {
  await openPalette(canvasElement);
  await userEvent.keyboard(`${query}{Enter}`);
  await expectClosed();
}

/**
 * What was opened from the palette comes back as Recent on an empty query, newest first and
 * once each, above the suggestions (which leave out what Recent shows); the keyboard reaches it.
 */
export const RecentAndSuggested = {
  play: async ({ args, canvasElement }) => {
    await chooseBySearch(canvasElement, 'dialgs');
    await chooseBySearch(canvasElement, 'catalyst');
    await chooseBySearch(canvasElement, 'dialogs');
    const { dialog, input } = await openPalette(canvasElement);
    const [recent, suggested] = within(dialog).getAllByRole('group');
    await expect(recent).toHaveAccessibleName('Recent');
    await expect(optionNames(recent!)).toEqual(['Dialogs', 'Catalyst']);
    await expect(suggested).toHaveAccessibleName('Suggested');
    await expect(optionNames(suggested!)).toEqual([
      'Hero Sections',
      'Tables',
      'Product Overviews',
      'Spotlight',
      'Getting set up',
    ]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(input).toHaveAttribute(
      'aria-activedescendant',
      within(recent!).getByRole('option', { name: 'Catalyst' }).id,
    );
    args.onSelect.mockClear();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Catalyst', url: '/templates/catalyst' }),
    );
    await expect(JSON.parse(localStorage.getItem(RECENT_STORAGE_KEY)!)).toEqual([
      { name: 'Catalyst', url: '/templates/catalyst' },
      { name: 'Dialogs', url: expect.any(String) },
    ]);
  },
} satisfies Story;

/** History this palette cannot read (a hand edit, another version's shape): suggestions only. */
export const CorruptHistory = {
  beforeEach: () => {
    localStorage.setItem(RECENT_STORAGE_KEY, '[{"name":"Gone","url":"/gone"},{"url":4');
  },
  play: async ({ canvasElement }) => {
    const { dialog } = await openPalette(canvasElement);
    const groups = within(dialog).getAllByRole('group');
    await expect(groups).toHaveLength(1);
    await expect(groups[0]).toHaveAccessibleName('Suggested');
    await expect(optionNames(groups[0]!)).toEqual(SUGGESTED);
  },
} satisfies Story;

export const WithResults = {
  play: async ({ canvasElement }) => {
    const { dialog, input } = await openPalette(canvasElement);
    await userEvent.keyboard('product');
    const listbox = within(dialog).getByRole('listbox');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(input).toHaveAttribute('aria-controls', listbox.id);
    const options = within(listbox).getAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual([
      'Product Lists',
      'Product Features',
      'Product Overviews',
      'Product Quickviews',
      'Primer',
    ]);
    await expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
  },
} satisfies Story;

export const GroupedByCategory = {
  play: async ({ canvasElement }) => {
    const { dialog } = await openPalette(canvasElement);
    await userEvent.keyboard('sections');
    const groups = within(dialog).getAllByRole('group');
    // Results keep the rank order; a category label heads each run of neighbours, so
    // Promo Sections (Ecommerce) stays between the Marketing matches that rank around it.
    await expect(groups).toHaveLength(3);
    await expect(groups[0]).toHaveAccessibleName('Marketing');
    await expect(groups[1]).toHaveAccessibleName('Ecommerce');
    await expect(groups[2]).toHaveAccessibleName('Marketing');
    await expect(
      within(dialog)
        .getAllByRole('option')
        .slice(0, 4)
        .map((option) => option.textContent),
    ).toEqual(['Hero Sections', 'Team Sections', 'Promo Sections', 'Header Sections']);
    await expect(
      within(groups[1]!)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Promo Sections']);
  },
} satisfies Story;

export const KeyboardNavigation = {
  play: async ({ args, canvasElement }) => {
    const { dialog, input } = await openPalette(canvasElement);
    await userEvent.keyboard('order');
    const option = (name: string) => within(dialog).getByRole('option', { name });
    await expect(input).toHaveAttribute('aria-activedescendant', option('Order History').id);
    await userEvent.keyboard('{ArrowDown}');
    await expect(option('Order Summaries')).toHaveAttribute('aria-selected', 'true');
    await expect(option('Order History')).toHaveAttribute('aria-selected', 'false');
    await expect(input).toHaveAttribute('aria-activedescendant', option('Order Summaries').id);
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-activedescendant', option('Order History').id);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await expect(args.onSelect).toHaveBeenCalledOnce();
    await expect(args.onSelect).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Order Summaries',
        url: '/components/ecommerce/components/order-summaries',
      }),
    );
    await expectClosed();
    await waitFor(() => expect(trigger(canvasElement)).toHaveFocus());
  },
} satisfies Story;

export const ChoosingWithTheMouse = {
  play: async ({ args, canvasElement }) => {
    const { dialog } = await openPalette(canvasElement);
    await userEvent.keyboard('cat');
    await userEvent.click(within(dialog).getByRole('option', { name: 'Catalyst' }));
    await expect(args.onSelect).toHaveBeenCalledOnce();
    await expect(args.onSelect).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Catalyst', url: '/templates/catalyst' }),
    );
    await expectClosed();
  },
} satisfies Story;

export const ToleratesTypos = {
  play: async ({ canvasElement }) => {
    const { dialog } = await openPalette(canvasElement);
    await userEvent.keyboard('dialgs');
    const [first] = within(dialog).getAllByRole('option');
    await expect(first).toHaveTextContent('Dialogs');
    await expect(first).toHaveAttribute('aria-selected', 'true');
  },
} satisfies Story;

export const NoResults = {
  play: async ({ args, canvasElement }) => {
    const { dialog, input } = await openPalette(canvasElement);
    await userEvent.keyboard('qwerty');
    await expect(within(dialog).getByRole('status')).toHaveTextContent(
      'No results foundWe can’t find anything with that term at the moment, try searching something else.',
    );
    await expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument();
    await expect(input).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).not.toHaveBeenCalled();
    await expect(dialog).toBeInTheDocument();
  },
} satisfies Story;

export const LongResultsScroll = {
  play: async ({ canvasElement }) => {
    const { dialog } = await openPalette(canvasElement);
    await userEvent.keyboard('e');
    const listbox = within(dialog).getByRole('listbox');
    // The results list is about 18rem high and scrolls, so the palette never outgrows a laptop
    // screen.
    await expect(listbox.clientHeight).toBeLessThanOrEqual(288);
    await expect(listbox.scrollHeight).toBeGreaterThan(listbox.clientHeight);
    await userEvent.keyboard('{ArrowUp}');
    const options = within(listbox).getAllByRole('option');
    const last = options[options.length - 1]!;
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(last.getBoundingClientRect().bottom).toBeLessThanOrEqual(
        listbox.getBoundingClientRect().bottom + 1,
      ),
    );
  },
} satisfies Story;

export const EscapeCloses = {
  play: async ({ canvasElement }) => {
    await openPalette(canvasElement);
    await userEvent.keyboard('pro{Escape}');
    await expectClosed();
    await waitFor(() => expect(trigger(canvasElement)).toHaveFocus());
    // A new search starts empty.
    const { input } = await openPalette(canvasElement);
    await expect(input).toHaveValue('');
  },
} satisfies Story;

export const OpensWithControlK = {
  play: async () => {
    await userEvent.keyboard('{Control>}k{/Control}');
    await findPalette();
    await userEvent.keyboard('{Control>}k{/Control}');
    await expectClosed();
  },
} satisfies Story;

export const OpensWithCommandK = {
  play: async () => {
    await userEvent.keyboard('{Meta>}k{/Meta}');
    await findPalette();
  },
} satisfies Story;

export const OpensWithSlash = {
  play: async () => {
    await userEvent.keyboard('/');
    const { input } = await findPalette();
    // The key that opened the palette is not typed into it.
    await expect(input).toHaveValue('');
  },
} satisfies Story;

export const SlashIsIgnoredWhileTyping = {
  decorators: [
    (Story) => (
      <div className="grid max-w-sm gap-4">
        <Story />
        <label className="grid gap-1 text-sm text-gray-900">
          Coupon code
          <input className="rounded-control px-3 py-2 ring-1 ring-gray-300" />
        </label>
        <label className="grid gap-1 text-sm text-gray-900">
          Message
          <textarea className="rounded-control px-3 py-2 ring-1 ring-gray-300" />
        </label>
        <div
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-label="Notes"
          className="rounded-control px-3 py-2 text-sm ring-1 ring-gray-300"
        >
          Notes
        </div>
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const coupon = canvas.getByRole('textbox', { name: 'Coupon code' });
    await userEvent.type(coupon, 'A/B');
    await expect(coupon).toHaveValue('A/B');
    const message = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(message, 'and/or');
    await expect(message).toHaveValue('and/or');
    await userEvent.click(canvas.getByRole('textbox', { name: 'Notes' }));
    await userEvent.keyboard('/');
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Ctrl+K still opens the palette from a text field.
    coupon.focus();
    await userEvent.keyboard('{Control>}k{/Control}');
    await findPalette();
    await userEvent.keyboard('{Escape}');
    await expectClosed();
    await expect(coupon).toHaveValue('A/B');
  },
} satisfies Story;

export const Controlled = {
  args: { open: true, onOpenChange: fn() },
  play: async ({ args }) => {
    await findPalette();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    // The owner of `open` decides: it has not closed the palette, so it stays open.
    await expect(screen.getByRole('dialog', { name: 'Search' })).toBeInTheDocument();
  },
} satisfies Story;

/** The storefront's way: the items are fetched on the first open (or intent), once. */
export const LoadsItemsOnFirstOpen = {
  args: { items: fn(() => Promise.resolve(commandPaletteItems)) },
  play: async ({ args, canvasElement }) => {
    const load = args.items as unknown as ReturnType<typeof fn>;
    await expect(load).not.toHaveBeenCalled();
    const { dialog } = await openPalette(canvasElement);
    await expect(load).toHaveBeenCalledOnce();
    await expect(trigger(canvasElement)).toHaveAttribute('aria-expanded', 'true');
    await expect(trigger(canvasElement)).toHaveAttribute('aria-controls', dialog.id);
    await userEvent.keyboard('dialgs');
    await expect(within(dialog).getAllByRole('option')[0]).toHaveTextContent('Dialogs');
    await userEvent.keyboard('{Escape}');
    await expectClosed();
    await waitFor(() => expect(trigger(canvasElement)).toHaveFocus());
    await userEvent.keyboard('{Control>}k{/Control}');
    await findPalette();
    await expect(load).toHaveBeenCalledOnce();
  },
} satisfies Story;

/** Items that cannot be fetched: the palette closes, and the next open asks again. */
export const ItemsFailToLoad = {
  args: { items: fn(() => Promise.reject(new Error('offline'))) },
  play: async ({ args, canvasElement }) => {
    const load = args.items as unknown as ReturnType<typeof fn>;
    await userEvent.click(trigger(canvasElement));
    await waitFor(() => expect(trigger(canvasElement)).toHaveAttribute('aria-expanded', 'false'));
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const tries = load.mock.calls.length;
    await userEvent.click(trigger(canvasElement));
    await waitFor(() => expect(load.mock.calls.length).toBeGreaterThan(tries));
  },
} satisfies Story;

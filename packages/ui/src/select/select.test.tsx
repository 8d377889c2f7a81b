import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPEAHEAD_RESET_MS } from '../lib/typeahead';
import { Select } from './select';

const options = [
  { value: 'ecommerce', label: 'Ecommerce' },
  { value: 'email', label: 'Email' },
  { value: 'marketing', label: 'Marketing' },
];

// The code-language select's server HTML as the select rendered it when it imported Floating UI.
const SERVER_HTML_BEFORE =
  '<div data-slot="select" class="grid gap-2 w-28"><label id="_R_0_-label" for="_R_0_-trigger" class="text-sm/6 font-medium text-gray-900 sr-only">Code language</label><button id="_R_0_-trigger" type="button" aria-labelledby="_R_0_-label" class="grid w-full cursor-default grid-cols-1 rounded-control bg-white py-2 pr-2 pl-3 text-left text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 sm:text-sm/6 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500 aria-invalid:outline-red-300 aria-invalid:focus-visible:outline-red-600" aria-expanded="false" aria-haspopup="listbox" role="combobox" aria-autocomplete="none"><span class="col-start-1 row-start-1 truncate pr-6">React</span><svg viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" class="col-start-1 row-start-1 size-4 self-center justify-self-end text-gray-500"><path fill-rule="evenodd" d="M5.22 10.22a.75.75 0 0 1 1.06 0L8 11.94l1.72-1.72a.75.75 0 1 1 1.06 1.06l-2.25 2.25a.75.75 0 0 1-1.06 0l-2.25-2.25a.75.75 0 0 1 0-1.06ZM10.78 5.78a.75.75 0 0 1-1.06 0L8 4.06 6.28 5.78a.75.75 0 0 1-1.06-1.06l2.25-2.25a.75.75 0 0 1 1.06 0l2.25 2.25a.75.75 0 0 1 0 1.06Z" clip-rule="evenodd"></path></svg></button></div>';

describe('Select before Floating UI has loaded', () => {
  it('renders the same server HTML as when it imported Floating UI', () => {
    const languages = [
      { value: 'html', label: 'HTML' },
      { value: 'react', label: 'React' },
    ];
    expect(
      renderToString(
        <Select
          label="Code language"
          labelHidden
          className="w-28"
          options={languages}
          value="react"
          onChange={() => {}}
        />,
      ),
    ).toBe(SERVER_HTML_BEFORE);
  });

  it('opens by a key pressed before the load, and by keyboard after it, on the same trigger', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Select label="Category" options={options} value="marketing" onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Category' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    act(() => trigger.focus());
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const listbox = await screen.findByRole('listbox');
    expect(trigger).toHaveAttribute('aria-controls', listbox.id);
    await vi.waitFor(() => expect(screen.getByRole('option', { name: 'Marketing' })).toHaveFocus());
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenCalledWith('email');
    await vi.waitFor(() => expect(trigger).toHaveFocus());
    expect(screen.getByRole('combobox', { name: 'Category' })).toBe(trigger);
    await user.keyboard('{ArrowUp}');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
    expect(trigger).toHaveFocus();
  });

  // Reached by Tab, one opening key opens the list with the chosen option focused: pressed before
  // the listbox's chunk is there (the key is remembered) or after (Floating UI's handlers get it).
  it.each([
    ['ArrowDown', '{ArrowDown}'],
    ['Enter', '{Enter}'],
    ['Space', ' '],
  ])('opens by %s pressed once, before and after the load', async (_name, key) => {
    const user = userEvent.setup();
    render(
      <>
        <Select label="Category" options={options} value="marketing" onChange={() => {}} />
        <Select label="Second" options={options} value="email" onChange={() => {}} />
      </>,
    );
    const first = screen.getByRole('combobox', { name: 'Category' });
    await user.tab();
    expect(first).toHaveFocus();
    await user.keyboard(key);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await vi.waitFor(() => expect(screen.getByRole('option', { name: 'Marketing' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(first).toHaveFocus());

    // The chunk is loaded by now: the second select's first key goes to Floating UI.
    const second = screen.getByRole('combobox', { name: 'Second' });
    await user.tab();
    expect(second).toHaveFocus();
    await user.keyboard(key);
    await vi.waitFor(() => expect(second).toHaveAttribute('aria-expanded', 'true'));
    await vi.waitFor(() => expect(screen.getByRole('option', { name: 'Email' })).toHaveFocus());
    expect(screen.getAllByRole('listbox')).toHaveLength(1);
  });

  it('a press begun before the load stays open when the listbox arrives before its click', async () => {
    render(<Select label="Country" options={options} value="marketing" onChange={() => {}} />);
    const trigger = screen.getByRole('combobox', { name: 'Country' });
    fireEvent.pointerEnter(trigger);
    fireEvent.mouseDown(trigger, { button: 0 });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // The listbox's code lands between the press's mouse down and its click.
    await screen.findByRole('listbox');
    fireEvent.mouseUp(trigger, { button: 0 });
    fireEvent.click(trigger, { button: 0 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: 'Email' })).toBeVisible();
  });

  it('picks by first letter while closed before the load', () => {
    const onChange = vi.fn();
    render(<Select label="Category" options={options} value="marketing" onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Category' });
    fireEvent.keyDown(trigger, { key: 'e' });
    expect(onChange).toHaveBeenCalledWith('ecommerce');
  });
});

describe('Select type-ahead', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function openSelect() {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Select label="Category" options={options} value="marketing" onChange={() => {}} />);
    screen.getByRole('combobox', { name: 'Category' }).focus();
    await user.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(screen.getByRole('option', { name: 'Marketing' })).toHaveFocus());
    return user;
  }

  it('joins letters typed within the 350 ms buffer into one search', async () => {
    const user = await openSelect();
    await user.keyboard('e');
    act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS - 50));
    await user.keyboard('m');
    expect(screen.getByRole('option', { name: 'Email' })).toHaveFocus();
  });

  it('starts a new search once the buffer has expired', async () => {
    const user = await openSelect();
    await user.keyboard('e');
    expect(screen.getByRole('option', { name: 'Ecommerce' })).toHaveFocus();
    act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS + 50));
    await user.keyboard('m');
    expect(screen.getByRole('option', { name: 'Marketing' })).toHaveFocus();
  });
});

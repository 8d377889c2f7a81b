import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPEAHEAD_RESET_MS } from '../lib/typeahead';
import { InteractiveSelect } from './interactive-select';
import { Select } from './select';

const options = [
  { value: 'ecommerce', label: 'Ecommerce' },
  { value: 'email', label: 'Email' },
  { value: 'marketing', label: 'Marketing' },
];

describe('Select before Floating UI has loaded', () => {
  it('draws what the Floating UI select draws: the server HTML does not change when it loads', () => {
    for (const props of [
      { label: 'Code language', labelHidden: true, className: 'w-28', value: 'marketing' },
      {
        label: 'Country',
        name: 'country',
        error: 'Choose one',
        hint: 'Where you pay tax',
        value: '',
      },
      { label: 'Category', disabled: true, value: 'email' },
    ]) {
      const both = { options, onChange: () => {}, ...props };
      expect(renderToString(<Select {...both} />)).toBe(
        renderToString(<InteractiveSelect {...both} />),
      );
    }
  });

  it('opens by keyboard when a key is pressed before the load, and by keyboard after it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Select label="Category" options={options} value="marketing" onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Category' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Focus asks for the chunk; the key reaches the trigger drawn before it is there.
    act(() => trigger.focus());
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(screen.getByRole('combobox', { name: 'Category' })).toBe(trigger);
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeVisible();
    await vi.waitFor(() => expect(screen.getByRole('option', { name: 'Marketing' })).toHaveFocus());
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenCalledWith('email');
    // Loaded: the trigger is the Floating UI one, keeps the focus and opens on the key.
    await vi.waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Category' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowUp}');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('keeps the focus on the trigger when the chunk arrives after focus alone', async () => {
    render(<Select label="Category" options={options} value="marketing" onChange={() => {}} />);
    const before = screen.getByRole('combobox', { name: 'Category' });
    before.focus();
    await vi.waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Category' })).not.toBe(before),
    );
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).toBeNull();
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

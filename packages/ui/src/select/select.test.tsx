import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPEAHEAD_RESET_MS } from '../lib/typeahead';
import { Select } from './select';

const options = [
  { value: 'ecommerce', label: 'Ecommerce' },
  { value: 'email', label: 'Email' },
  { value: 'marketing', label: 'Marketing' },
];

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

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPEAHEAD_RESET_MS } from '../lib/typeahead';
import { Menu, MenuItem } from './menu';

describe('Menu type-ahead', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function openMenu() {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <Menu label="Account">
        <MenuItem onSelect={() => {}}>Cards</MenuItem>
        <MenuItem onSelect={() => {}}>Charts</MenuItem>
        <MenuItem onSelect={() => {}}>Help</MenuItem>
      </Menu>,
    );
    screen.getByRole('button', { name: 'Account' }).focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('menuitem', { name: 'Cards' })).toHaveFocus());
    return user;
  }

  it('joins letters typed within the buffer into one search', async () => {
    const user = await openMenu();
    await user.keyboard('c');
    act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS - 50));
    await user.keyboard('h');
    expect(screen.getByRole('menuitem', { name: 'Charts' })).toHaveFocus();
  });

  it('starts a new search once the buffer has expired', async () => {
    const user = await openMenu();
    await user.keyboard('c');
    act(() => vi.advanceTimersByTime(TYPEAHEAD_RESET_MS + 50));
    await user.keyboard('h');
    expect(screen.getByRole('menuitem', { name: 'Help' })).toHaveFocus();
  });
});

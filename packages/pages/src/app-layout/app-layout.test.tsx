import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fixtureSharedData, impersonatingSharedData, ownerSharedData } from '../fixtures';
import type { FlashMessages, SharedPageData } from '../shared/shared-page-data';
import { AppLayout } from './app-layout';

function renderLayout(shared: SharedPageData, flash?: FlashMessages) {
  return render(
    <AppLayout
      shared={shared}
      flash={flash}
      onSignOut={vi.fn()}
      onStopImpersonating={vi.fn()}
      onSearchSelect={vi.fn()}
      commandPaletteItems={[]}
    >
      <h1>Account settings</h1>
    </AppLayout>,
  );
}

describe('AppLayout', () => {
  it('puts the skip link first and points it at the main landmark', () => {
    renderLayout(ownerSharedData);
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveAccessibleName('Skip to content');
    expect(links[0]).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Account settings' }),
    );
  });

  it('shows the impersonation banner only to an impersonating, signed-in session', () => {
    const { unmount } = renderLayout(impersonatingSharedData);
    expect(screen.getByRole('region', { name: 'Impersonation' })).toBeInTheDocument();
    unmount();
    renderLayout(fixtureSharedData({ isImpersonating: true, auth: null }));
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
  });

  it('shows flashed success and error messages', () => {
    renderLayout(ownerSharedData, {
      success: 'Password updated successfully.',
      error: 'Something went wrong.',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Password updated successfully.');
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
  });

  it("leaves a form's own confirmation (`status`) to the page that shows it", () => {
    renderLayout(ownerSharedData, { status: 'Password updated successfully.' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Password updated successfully.')).not.toBeInTheDocument();
  });

  it('uses the configured brand and copyright year in the footer', () => {
    renderLayout(fixtureSharedData({ brandName: 'Mosaic Kit', copyrightYear: 2026 }));
    expect(screen.getByText('© 2026 Mosaic Kit. All rights reserved.')).toBeInTheDocument();
  });
});

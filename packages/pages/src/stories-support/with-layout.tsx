import type { Decorator } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AppLayout } from '../app-layout/app-layout';
import { fixtureCommandPaletteItems, visitorSharedData } from '../fixtures';
import type { SharedPageData } from '../shared/shared-page-data';

const layoutCallbacks = {
  onSignOut: fn().mockName('onSignOut'),
  onStopImpersonating: fn().mockName('onStopImpersonating'),
  onSearchSelect: fn().mockName('onSearchSelect'),
};

/**
 * Renders a page story inside the site chrome, so reviewers see the assembled screen. A story
 * picks the visitor with `parameters: { shared }`; the signed-out visitor is the default.
 */
export const withLayout: Decorator = (Story, context) => {
  const shared = (context.parameters.shared as SharedPageData | undefined) ?? visitorSharedData;
  return (
    <AppLayout
      shared={shared}
      commandPaletteItems={fixtureCommandPaletteItems}
      {...layoutCallbacks}
    >
      <Story />
    </AppLayout>
  );
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { YOUR_UPDATES_ALL_CURRENT, YOUR_UPDATES_NOTHING_TAKEN } from '../constants';
import { componentUpdates } from '../fixtures/catalog';
import { customerSharedData } from '../fixtures/shared-page-data';
import { withLayout } from '../stories-support/with-layout';
import { YourUpdatesPage } from './your-updates-page';

const meta = {
  title: 'Pages/Account/YourUpdates',
  component: YourUpdatesPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: customerSharedData },
  args: {
    updates: componentUpdates,
    takenCount: 5,
    locale: customerSharedData.preferredLanguage,
  },
} satisfies Meta<typeof YourUpdatesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two components changed since they were copied or installed, each with the reasons since. */
export const Default = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Your updates');
    await expect(
      canvas.getByRole('heading', { level: 2, name: '2 components changed' }),
    ).toBeInTheDocument();
    const hero = canvas.getByRole('listitem', { name: 'Simple centered' });
    await expect(within(hero).getByRole('link', { name: 'Simple centered' })).toHaveAttribute(
      'href',
      '/components/marketing/sections/heroes#component-simple-centered',
    );
    await expect(hero).toHaveTextContent(
      'Copied version 1 on Nov 22, 2026 · now version 3, Nov 24, 2026',
    );
    await expect(within(hero).getAllByRole('listitem')).toHaveLength(2);
    const list = canvas.getByRole('listitem', { name: 'Stacked list with avatars' });
    await expect(list).toHaveTextContent('Installed version 2 on Nov 20, 2026');
    await expect(list).toHaveTextContent('Application UI · Stacked Lists');
  },
} satisfies Story;

/** Everything taken is current. */
export const AllUpToDate = {
  args: { updates: [], takenCount: 3 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(YOUR_UPDATES_ALL_CURRENT)).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Browse components' })).toBeNull();
  },
} satisfies Story;

/** Nothing copied or installed yet: where to start. */
export const NothingTakenYet = {
  args: { updates: [], takenCount: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(YOUR_UPDATES_NOTHING_TAKEN)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Browse components' })).toHaveAttribute(
      'href',
      '/components',
    );
  },
} satisfies Story;

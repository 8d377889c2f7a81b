import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ownerSharedData, teamUpgradeOptions, upgradableSharedData } from '../fixtures';
import { withLayout } from '../stories-support/with-layout';
import { AlreadyOnPackagePage } from './already-on-package-page';

const meta = {
  title: 'Pages/Upgrade/AlreadyOnPackage',
  component: AlreadyOnPackagePage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: ownerSharedData },
  args: { teamUpgrade: null, locale: 'en-US' },
} satisfies Meta<typeof AlreadyOnPackagePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Owns team all-access: nothing left. */
export const WithoutTeamNote = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveTextContent(
      'You’ve got everything!',
    );
    await expect(main.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
    await expect(main.queryByRole('complementary', { name: 'Team upgrade' })).toBeNull();
  },
} satisfies Story;

/** Owns personal all-access: the team upgrade at a reduced price. */
export const WithTeamNote = {
  args: { teamUpgrade: { url: '/upgrade-team', price: teamUpgradeOptions[0]!.price } },
  parameters: { shared: upgradableSharedData },
  play: async ({ canvasElement }) => {
    const note = within(within(canvasElement).getByRole('complementary', { name: 'Team upgrade' }));
    await expect(note.getByText('$680')).toBeVisible();
    await expect(note.getByRole('link', { name: /Upgrade to the team licence/ })).toHaveAttribute(
      'href',
      '/upgrade-team',
    );
  },
} satisfies Story;

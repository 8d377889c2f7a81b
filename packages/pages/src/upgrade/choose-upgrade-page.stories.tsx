import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  customerSharedData,
  teamUpgradeOptions,
  upgradableSharedData,
  upgradeOptions,
} from '../fixtures';
import { withLayout } from '../stories-support/with-layout';
import { ChooseUpgradePage } from './choose-upgrade-page';

const meta = {
  title: 'Pages/Upgrade/ChooseUpgrade',
  component: ChooseUpgradePage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: customerSharedData },
  args: { target: 'personal', options: upgradeOptions, locale: 'en-US' },
} satisfies Meta<typeof ChooseUpgradePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** /upgrade: the customer's own packages by e-mail, a Classroom team by its name. */
export const CompletePackage = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Upgrade to the complete package',
    );
    await expect(
      main.getByRole('link', { name: `Upgrade ${upgradeOptions[0]!.user!.email}` }),
    ).toHaveAttribute('href', upgradeOptions[0]!.url);
    await expect(
      main.getByRole('link', { name: `Upgrade ${upgradeOptions[1]!.team!.name}` }),
    ).toHaveAttribute('href', upgradeOptions[1]!.url);
  },
} satisfies Story;

/** /upgrade-team: a personal all-access licence becomes a team licence. */
export const TeamLicense = {
  args: { target: 'team', options: teamUpgradeOptions },
  parameters: { shared: upgradableSharedData },
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(main.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Upgrade to the team licence',
    );
    await expect(main.getByText('$680')).toBeVisible();
  },
} satisfies Story;

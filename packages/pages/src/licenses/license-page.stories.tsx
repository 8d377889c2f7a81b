import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, mocked, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { COPIED_INDICATOR_MS } from '@tessera/ui';
import {
  emptyLicensePageProps,
  fixtureLicenses,
  fixtureDigitalGoods,
  fixturePackageDownloads,
  fixtureTeamSummaries,
  licensePageProps,
  licenseSupportEmail,
} from '../fixtures/licenses';
import {
  customerSharedData,
  ownerWithTeamsSharedData,
  upgradableSharedData,
} from '../fixtures/shared-page-data';
import { withLayout } from '../stories-support/with-layout';
import { LicensePage } from './license-page';

const meta = {
  title: 'Pages/Licenses/License',
  component: LicensePage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: ownerWithTeamsSharedData },
  args: { ...licensePageProps },
  beforeEach() {
    // Headless Chromium denies clipboard access without a permission prompt.
    spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  },
} satisfies Meta<typeof LicensePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A licence's card, found by its heading (package and kind). */
function licenceItem(canvasElement: HTMLElement, name: RegExp) {
  const heading = within(canvasElement).getByRole('heading', { level: 3, name });
  return within(heading.closest('li') as HTMLElement);
}

/** Several licences in different states and two teams, with what to do next for each. */
export const Default = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Licences' })).toBeVisible();
    const licences = within(canvas.getByRole('region', { name: 'Your licences' }));
    await expect(licences.getAllByRole('listitem')).toHaveLength(licensePageProps.licenses.length);

    const team = licenceItem(canvasElement, /^All-Access\s*, Team licence$/);
    await expect(team.getByText(fixtureLicenses.team.key)).toBeVisible();
    await expect(team.getByText('Active')).toBeVisible();
    await expect(
      team.getByRole('link', { name: `Team settings for ${fixtureLicenses.team.team?.name}` }),
    ).toHaveAttribute('href', `/teams/${fixtureLicenses.team.team?.id}`);

    const refunded = licenceItem(canvasElement, /^Ecommerce/);
    await expect(refunded.getByText('Inactive')).toBeVisible();
    await expect(refunded.getByText(/was refunded/)).toBeVisible();
    await expect(refunded.getByRole('link', { name: licenseSupportEmail })).toHaveAttribute(
      'href',
      `mailto:${licenseSupportEmail}`,
    );
    await expect(
      licenceItem(canvasElement, /^Marketing/).getByText(/used to upgrade/),
    ).toBeVisible();

    const teams = within(canvas.getByRole('region', { name: 'Your teams' }));
    await expect(teams.getAllByRole('listitem')).toHaveLength(2);
    await expect(
      teams.getByRole('link', { name: 'Team settings for Acme Design Systems' }),
    ).toHaveAttribute('href', '/teams/31');
    await expect(canvas.queryByRole('link', { name: /^Upgrade to/ })).not.toBeInTheDocument();
  },
} satisfies Story;

/** An all-access team owner's bulk downloads: each package, one zip per language. */
export const WithDownloads = {
  args: {
    ...Default.args,
    licenses: [fixtureLicenses.team],
    teams: [fixtureTeamSummaries.northwindOwner],
    downloads: fixturePackageDownloads,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const downloads = within(canvas.getByRole('region', { name: 'Downloads' }));
    await expect(downloads.getAllByRole('listitem')).toHaveLength(3);
    const react = downloads.getByRole('link', { name: 'React zip of Marketing' });
    await expect(react).toHaveAttribute('href', '/downloads/marketing/react.zip');
    await expect(react).toHaveAttribute('download');
    await expect(
      downloads.getByRole('link', { name: 'Vue zip of Application UI' }),
    ).toHaveAttribute('href', '/downloads/application-ui/vue.zip');
  },
} satisfies Story;

/**
 * The Black Friday bundle's buyer: the design ebook's files with their sizes, each a download;
 * a file the operator has not put in place says so and names support instead of a dead link.
 */
export const WithDigitalGoods = {
  args: {
    ...Default.args,
    licenses: [fixtureLicenses.personal],
    teams: [],
    digitalGoods: fixtureDigitalGoods,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const files = within(canvas.getByRole('region', { name: 'Your files' }));
    await expect(files.getByRole('heading', { level: 3, name: 'Design ebook' })).toBeVisible();
    const pdf = files.getByRole('link', { name: /^Download The ebook \(PDF/ });
    await expect(pdf).toHaveAttribute('href', '/digital-goods/design-ebook/design-ebook.pdf');
    await expect(pdf).toHaveAttribute('download');
    await expect(files.getByText(/design-ebook\.pdf · 48 MB/)).toBeVisible();
    await expect(files.getAllByRole('link', { name: /^Download/ })).toHaveLength(1);
    await expect(files.getByText(/Not available right now/)).toBeVisible();
  },
} satisfies Story;

/** A team licence not redeemed yet: its next step is the redemption page. */
export const WithUnredeemedLicence = {
  args: {
    ...Default.args,
    licenses: [fixtureLicenses.teamRedeemable, fixtureLicenses.personalRedeemable],
    teams: [],
  },
  play: async ({ canvasElement }) => {
    const team = licenceItem(canvasElement, /^All-Access\s*, Team licence$/);
    await expect(
      team.getByRole('link', {
        name: `Redeem and create the team ${fixtureLicenses.teamRedeemable.key}`,
      }),
    ).toHaveAttribute('href', fixtureLicenses.teamRedeemable.url);
    await expect(
      licenceItem(canvasElement, /^Application UI/).getByRole('link', { name: /^Redeem licence/ }),
    ).toHaveAttribute('href', fixtureLicenses.personalRedeemable.url);
    await expect(within(canvasElement).getByText(/You’re not on a team/)).toBeVisible();
  },
} satisfies Story;

/** 'Copied!' for 1500 ms after copying a key, then the button is back. */
export const KeyCopied = {
  args: { ...Default.args },
  play: async ({ canvasElement }) => {
    const timers = spyOn(window, 'setTimeout');
    const personal = licenceItem(canvasElement, /^All-Access\s*, Personal licence$/);
    const copy = personal.getByRole('button', { name: 'Copy key' });
    await expect(copy).toHaveAccessibleDescription(/^All-Access\s*, Personal licence$/);
    await userEvent.click(copy);
    await expect(mocked(navigator.clipboard.writeText)).toHaveBeenCalledWith(
      fixtureLicenses.personal.key,
    );
    await expect(personal.getByRole('button', { name: 'Copied!' })).toBeVisible();
    // Only the copied key's button confirms.
    await expect(within(canvasElement).getAllByRole('button', { name: 'Copied!' })).toHaveLength(1);
    await expect(timers).toHaveBeenCalledWith(expect.any(Function), COPIED_INDICATOR_MS);
    await waitFor(() => expect(personal.getByRole('button', { name: 'Copy key' })).toBeVisible(), {
      timeout: COPIED_INDICATOR_MS * 3,
    });
    copy.blur();
  },
} satisfies Story;

/** Flags on the user: the upgrade links their `can` allows come with the licences. */
export const WithUpgradeLinks = {
  args: {
    ...Default.args,
    licenses: [fixtureLicenses.personal],
    teams: [],
    can: upgradableSharedData.auth?.user.can,
  },
  parameters: { shared: upgradableSharedData },
  play: async ({ canvasElement }) => {
    const licences = within(within(canvasElement).getByRole('region', { name: 'Your licences' }));
    await expect(
      licences.getByRole('link', { name: 'Upgrade to standard licence' }),
    ).toHaveAttribute('href', '/upgrade');
    await expect(licences.getByRole('link', { name: 'Upgrade to team licence' })).toHaveAttribute(
      'href',
      '/upgrade-team',
    );
  },
} satisfies Story;

/** No licence and no team: the way to buy one, and where a gifted key is. */
export const Empty = {
  args: { ...emptyLicensePageProps },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('You don’t have a licence yet.')).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Downloads' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Get all-access' })).toHaveAttribute(
      'href',
      '/all-access',
    );
    await expect(
      within(canvas.getByRole('region', { name: 'Your licences' })).queryByRole('listitem'),
    ).not.toBeInTheDocument();
  },
} satisfies Story;

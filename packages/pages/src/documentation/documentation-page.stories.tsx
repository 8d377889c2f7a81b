import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { documentationToc, gettingSetUpDoc, installationDoc } from '../fixtures/content';
import { customerSharedData, fixtureSharedData, fixtureUser } from '../fixtures/shared-page-data';
import { withLayout } from '../stories-support/with-layout';
import { DocumentationPage } from './documentation-page';

const mobileViewport = {
  options: {
    mobile375: {
      name: 'Mobile (375px)',
      type: 'mobile',
      styles: { width: '375px', height: '812px' },
    },
  },
};

const meta = {
  title: 'Pages/Content/Documentation',
  component: DocumentationPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: customerSharedData, viewport: mobileViewport },
  args: { ...installationDoc, toc: documentationToc, versionPrefix: '' },
} satisfies Meta<typeof DocumentationPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = within(canvas.getByRole('navigation', { name: 'Documentation' }));
    const current = nav.getByRole('link', { name: 'Installation' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(current).toHaveAttribute('href', '/documentation/installation');
    await expect(nav.getByRole('link', { name: 'Getting set up' })).not.toHaveAttribute(
      'aria-current',
    );
    await expect(nav.getByRole('link', { name: 'Figma assets' })).toHaveAttribute(
      'href',
      '/documentation/figma-assets',
    );
    // On a wide screen the contents are always shown; the disclosure button is for phones.
    await expect(canvas.getByText('Contents', { selector: 'button' })).not.toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Installation');
    await expect(canvas.getByText('Getting set up', { selector: 'p' })).toBeVisible();
    await expect(canvas.getByText(installationDoc.description ?? '')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Add Tailwind CSS' })).toBeVisible();
  },
} satisfies Story;

/** A top-level entry: no section name above the title. */
export const SectionPage = {
  args: { ...Default.args, ...gettingSetUpDoc },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      within(canvas.getByRole('navigation', { name: 'Documentation' })).getByRole('link', {
        name: 'Getting set up',
      }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Getting set up');
    await expect(canvas.queryByText('Getting set up', { selector: 'p' })).not.toBeInTheDocument();
  },
} satisfies Story;

/** The legacy version lives under /v1, beside the current one. */
export const LegacyVersion = {
  args: { ...Default.args, versionPrefix: '/v1' },
  parameters: {
    shared: fixtureSharedData({
      ...customerSharedData,
      versionPrefix: '/v1',
      auth: {
        user: fixtureUser({
          can: {
            accessV1: true,
            canUpgradeToStandardAllAccess: false,
            upgradeToTeamLicense: false,
          },
        }),
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Documentation' }));
    await expect(nav.getByRole('link', { name: 'Installation' })).toHaveAttribute(
      'href',
      '/v1/documentation/installation',
    );
  },
} satisfies Story;

/** Small screens: the contents collapse behind a button. */
export const Mobile = {
  args: { ...Default.args },
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Contents' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('link', { name: 'Installation' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Installation');
  },
} satisfies Story;

export const MobileContentsOpen = {
  args: { ...Default.args },
  globals: { viewport: { value: 'mobile375', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Contents' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const current = canvas.getByRole('link', { name: 'Installation' });
    await expect(current).toBeVisible();
    await expect(current).toHaveAttribute('aria-current', 'page');
    toggle.blur();
  },
} satisfies Story;

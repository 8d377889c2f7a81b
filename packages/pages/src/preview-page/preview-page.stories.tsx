import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { ownerSharedData } from '../fixtures';
import { playgroundComponents } from '../fixtures/catalog';
import { withLayout } from '../stories-support/with-layout';
import { PreviewPage } from './preview-page';

const meta = {
  title: 'Pages/Catalogue/Preview',
  component: PreviewPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: ownerSharedData },
  args: { components: playgroundComponents, signedIn: true },
} satisfies Meta<typeof PreviewPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every live preview has reported its height, so the page's height is final. */
async function framesSized(canvasElement: HTMLElement) {
  const frames = canvasElement.querySelectorAll('iframe');
  await waitFor(
    () => {
      for (const frame of frames) expect(frame).toHaveAttribute('data-height-source', 'document');
    },
    { timeout: 5000 },
  );
}

export const Default = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(main.getByRole('heading', { level: 1, name: 'Preview' })).toBeVisible();
    const trail = within(
      main.getByRole('navigation', { name: 'Where Simple centered is in the catalogue' }),
    );
    await expect(trail.getByRole('link', { name: 'Heroes' })).toHaveAttribute(
      'href',
      '/components/marketing/sections/heroes',
    );
    await expect(trail.getByRole('link', { name: 'Page Sections' })).toBeInTheDocument();
    await expect(trail.getByRole('link', { name: 'Marketing' })).toBeInTheDocument();
    await expect(main.queryByRole('tab', { name: 'Code' })).not.toBeInTheDocument();
    await framesSized(canvasElement);
  },
} satisfies Story;

export const Empty = {
  args: { components: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('There is nothing to preview yet.')).toBeVisible();
  },
} satisfies Story;

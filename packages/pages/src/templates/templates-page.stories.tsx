import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { visitorSharedData } from '../fixtures';
import { templateSummaries } from '../fixtures/catalog';
import { withLayout } from '../stories-support/with-layout';
import { TemplatesPage } from './templates-page';

const meta = {
  title: 'Pages/Templates/Templates',
  component: TemplatesPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: visitorSharedData },
  args: { templates: templateSummaries },
} satisfies Meta<typeof TemplatesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    await expect(main.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
    await expect(main.getAllByRole('article')).toHaveLength(11);
    await expect(main.getByRole('link', { name: 'Catalyst' })).toHaveAttribute(
      'href',
      '/templates/catalyst',
    );
    await expect(canvasElement.querySelector('#spotlight')).toContainElement(
      main.getByRole('link', { name: 'Spotlight' }),
    );
  },
} satisfies Story;

/** The first template's image is missing from the build: a placeholder naming it, never a broken image. */
export const MissingImage = {
  args: {
    templates: templateSummaries.map((template, index) =>
      index === 0 ? { ...template, imageUrl: '/catalog/templates/missing/image.png' } : template,
    ),
  },
  play: async ({ canvasElement }) => {
    const main = within(within(canvasElement).getByRole('main'));
    const first = templateSummaries[0];
    if (!first) throw new Error('fixture missing');
    const image = () => main.getByRole('img', { name: `Screenshot of ${first.name}` });
    await waitFor(() => expect(image().tagName).toBe('DIV'));
    await expect(image()).toHaveTextContent(first.name);
  },
} satisfies Story;

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
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

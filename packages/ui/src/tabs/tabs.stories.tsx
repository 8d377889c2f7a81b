import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  args: { defaultValue: 'application-ui', className: 'max-w-2xl' },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="Products">
        <TabsTrigger value="marketing">Marketing</TabsTrigger>
        <TabsTrigger value="application-ui">Application UI</TabsTrigger>
        <TabsTrigger value="ecommerce">Ecommerce</TabsTrigger>
      </TabsList>
      <TabsContent value="marketing" className="text-sm text-gray-600">
        Heroes, feature sections, pricing, testimonials and more.
      </TabsContent>
      <TabsContent value="application-ui" className="text-sm text-gray-600">
        Tables, forms, navigation, overlays and elements for web applications.
      </TabsContent>
      <TabsContent value="ecommerce" className="text-sm text-gray-600">
        Product overviews, shopping carts, checkout forms and order history.
      </TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Underline = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Application UI' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Tables, forms');
  },
} satisfies Story;

export const SwitchingWithTheMouse = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Ecommerce' }));
    await expect(canvas.getByRole('tab', { name: 'Ecommerce' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tabpanel', { name: 'Ecommerce' })).toHaveTextContent(
      'shopping carts',
    );
  },
} satisfies Story;

export const SwitchingWithArrowKeys = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Application UI' }));
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Marketing' })).toHaveFocus());
    await expect(canvas.getByRole('tabpanel', { name: 'Marketing' })).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Ecommerce' })).toHaveFocus());
  },
} satisfies Story;

export const Pills = {
  args: { defaultValue: 'preview' },
  render: (args) => (
    <Tabs {...args}>
      <TabsList variant="pills" aria-label="View">
        <TabsTrigger value="preview">Preview</TabsTrigger>
        <TabsTrigger value="code">Code</TabsTrigger>
      </TabsList>
      <TabsContent
        value="preview"
        className="rounded-card p-8 text-sm text-gray-600 ring-1 ring-gray-900/10"
      >
        The live preview renders here.
      </TabsContent>
      <TabsContent
        value="code"
        className="rounded-card bg-gray-900 p-8 font-mono text-sm text-gray-100"
      >
        {'<button class="rounded-md bg-indigo-600 px-3 py-2">Save</button>'}
      </TabsContent>
    </Tabs>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Code' }));
    await expect(canvas.getByRole('tabpanel', { name: 'Code' })).toHaveTextContent('<button');
    await userEvent.click(canvas.getByRole('tab', { name: 'Preview' }));
  },
} satisfies Story;

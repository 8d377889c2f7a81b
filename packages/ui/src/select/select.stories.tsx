import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { TYPEAHEAD_RESET_MS } from '../lib/typeahead';
import { Select, type SelectOption } from './select';

const codeLanguages: SelectOption[] = [
  { value: 'html', label: 'HTML' },
  { value: 'react', label: 'React' },
  { value: 'vue', label: 'Vue' },
];

const categories: SelectOption[] = [
  { value: 'application-ui', label: 'Application UI' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'ecommerce', label: 'Ecommerce' },
  { value: 'email', label: 'Email' },
  { value: 'templates', label: 'Templates' },
];

const meta = {
  title: 'UI/Select',
  component: Select,
  args: { label: 'Code language', options: codeLanguages, value: 'react', onChange: fn() },
  // The select is controlled: the story keeps the value the way a page would.
  render: function ControlledSelect(args) {
    const [value, setValue] = useState(args.value);
    return (
      <div className="max-w-xs">
        <Select
          {...args}
          value={value}
          onChange={(next) => {
            setValue(next);
            args.onChange(next);
          }}
        />
      </div>
    );
  },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

async function open(canvasElement: HTMLElement, name = 'Code language') {
  await userEvent.click(within(canvasElement).getByRole('combobox', { name }));
  // The first open of the page also fetches Floating UI's chunk (decision 057): allow for it.
  const listbox = await screen.findByRole('listbox', undefined, { timeout: 10_000 });
  await waitFor(() => expect(listbox).toBeVisible());
  // Keys typed before the initial focus lands in the list would go to the trigger: wait for it.
  await waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
  return listbox;
}

export const Default = {
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Code language' });
    await expect(select).toHaveTextContent('React');
    await expect(select).toHaveAttribute('aria-haspopup', 'listbox');
    await expect(select).toHaveAttribute('aria-expanded', 'false');
  },
} satisfies Story;

export const Open = {
  play: async ({ canvasElement }) => {
    const listbox = await open(canvasElement);
    await expect(listbox).toHaveAccessibleName('Code language');
    const options = within(listbox).getAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual(['HTML', 'React', 'Vue']);
    const react = within(listbox).getByRole('option', { name: 'React' });
    await expect(react).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(react).toHaveFocus());
  },
} satisfies Story;

export const ChoosingWithTheMouse = {
  play: async ({ args, canvasElement }) => {
    const listbox = await open(canvasElement);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Vue' }));
    await expect(args.onChange).toHaveBeenCalledWith('vue');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    const select = within(canvasElement).getByRole('combobox', { name: 'Code language' });
    await expect(select).toHaveTextContent('Vue');
    await waitFor(() => expect(select).toHaveFocus());
  },
} satisfies Story;

export const KeyboardNavigation = {
  play: async ({ args, canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Code language' });
    select.focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('option', { name: 'React' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Vue' })).toHaveFocus());
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(screen.getByRole('option', { name: 'HTML' })).toHaveFocus());
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Vue' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('vue');
    await waitFor(() => expect(select).toHaveFocus());
    await expect(select).toHaveTextContent('Vue');

    await userEvent.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Vue' })).toHaveFocus());
    await userEvent.keyboard('{ArrowUp} ');
    await expect(args.onChange).toHaveBeenLastCalledWith('react');
    await waitFor(() => expect(select).toHaveFocus());
  },
} satisfies Story;

export const EscapeCloses = {
  play: async ({ args, canvasElement }) => {
    await open(canvasElement);
    await userEvent.keyboard('{ArrowDown}{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    const select = within(canvasElement).getByRole('combobox', { name: 'Code language' });
    await waitFor(() => expect(select).toHaveFocus());
    await expect(select).toHaveTextContent('React');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
} satisfies Story;

export const TypeAhead = {
  args: { label: 'Category', options: categories, value: 'application-ui' },
  play: async ({ canvasElement }) => {
    await open(canvasElement, 'Category');
    // Letters typed within the buffer form one search string: 'em' is Email, not Ecommerce.
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Application UI' })).toHaveFocus(),
    );
    await userEvent.setup({ delay: null }).keyboard('em');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Email' })).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, TYPEAHEAD_RESET_MS + 100));
    await userEvent.keyboard('m');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Marketing' })).toHaveFocus());
  },
} satisfies Story;

export const TypeAheadWhileClosed = {
  play: async ({ args, canvasElement }) => {
    within(canvasElement).getByRole('combobox', { name: 'Code language' }).focus();
    await userEvent.keyboard('h');
    await expect(args.onChange).toHaveBeenCalledWith('html');
    await expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  },
} satisfies Story;

export const WithHint = {
  args: { hint: 'Snippets and downloads use this language.' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('combobox', { name: 'Code language' }),
    ).toHaveAccessibleDescription('Snippets and downloads use this language.');
  },
} satisfies Story;

export const WithError = {
  args: { label: 'Category', options: categories, value: '', error: 'Choose a category.' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Category' });
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription('Choose a category.');
    await expect(select).toHaveTextContent('Select…');
  },
} satisfies Story;

export const Disabled = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Code language' });
    await expect(select).toBeDisabled();
    await userEvent.click(select, { pointerEventsCheck: 0 });
    await expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
} satisfies Story;

export const WithDisabledOption = {
  args: {
    options: [codeLanguages[0]!, { ...codeLanguages[1]!, disabled: true }, codeLanguages[2]!],
    value: 'html',
  },
  play: async ({ args, canvasElement }) => {
    const listbox = await open(canvasElement);
    await waitFor(() => expect(screen.getByRole('option', { name: 'HTML' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Vue' })).toHaveFocus());
    const react = within(listbox).getByRole('option', { name: 'React' });
    await expect(react).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(react);
    await expect(args.onChange).not.toHaveBeenCalled();
  },
} satisfies Story;

export const LabelHidden = {
  args: { labelHidden: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('combobox', { name: 'Code language' }),
    ).toBeVisible();
    await expect(within(canvasElement).getByText('Code language')).toHaveClass('sr-only');
  },
} satisfies Story;

export const InAForm = {
  args: { name: 'language' },
  decorators: [
    (Story) => (
      <form aria-label="Preferences">
        <Story />
      </form>
    ),
  ],
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByRole('form', { name: 'Preferences' });
    await expect(new FormData(form as HTMLFormElement).get('language')).toBe('react');
    const listbox = await open(canvasElement);
    await userEvent.click(within(listbox).getByRole('option', { name: 'HTML' }));
    await expect(new FormData(form as HTMLFormElement).get('language')).toBe('html');
  },
} satisfies Story;

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  changelogEntries,
  changelogEntriesWithComponents,
  changelogSubscribeErrorMessages,
  emptyChangelogSubscribeValues,
  filledChangelogSubscribeValues,
} from '../fixtures/content';
import { fixtureForm } from '../fixtures/form';
import { customerSharedData, visitorSharedData } from '../fixtures/shared-page-data';
import { useInteractiveForm } from '../stories-support/interactive-form';
import { withLayout } from '../stories-support/with-layout';
import { ChangelogPage, type ChangelogPageProps } from './changelog-page';

function InteractiveChangelogPage(props: ChangelogPageProps) {
  return <ChangelogPage {...props} subscribeForm={useInteractiveForm(props.subscribeForm)} />;
}

const meta = {
  title: 'Pages/Content/Changelog',
  component: ChangelogPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: customerSharedData },
  render: (args) => <InteractiveChangelogPage {...args} />,
  args: {
    entries: changelogEntries,
    subscribeForm: fixtureForm(emptyChangelogSubscribeValues, { onChange: fn(), onSubmit: fn() }),
    locale: customerSharedData.preferredLanguage,
  },
} satisfies Meta<typeof ChangelogPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default = {
  args: {},
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Changelog');
    const newest = canvas.getByRole('article', { name: 'Dark mode for the Catalyst UI kit' });
    await expect(newest).toHaveAttribute('id', '2025-03-18-catalyst-dark-mode');
    await expect(within(newest).getByText('March 18, 2025')).toHaveAttribute(
      'datetime',
      '2025-03-18',
    );
    await expect(
      within(newest).getByRole('link', { name: 'Permalink to Dark mode for the Catalyst UI kit' }),
    ).toHaveAttribute('href', '#2025-03-18-catalyst-dark-mode');
    await expect(within(newest).getByRole('link', { name: 'Catalyst page' })).toHaveAttribute(
      'href',
      '/templates/catalyst',
    );
    await expect(canvas.getAllByRole('article')).toHaveLength(changelogEntries.length);

    const subscribe = within(canvas.getByRole('region', { name: 'Get updates by e-mail' }));
    const email = subscribe.getByRole('textbox', { name: 'Email address' });
    const button = subscribe.getByRole('button', { name: 'Subscribe' });
    // The subscribe e-mail is required and checked by the browser.
    await userEvent.click(button);
    await expect(args.subscribeForm.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(email, 'ada@example.com');
    await expect(args.subscribeForm.onChange).toHaveBeenLastCalledWith(
      'email_address',
      'ada@example.com',
    );
    await userEvent.click(button);
    await expect(args.subscribeForm.onSubmit).toHaveBeenCalledOnce();
    await userEvent.clear(email);
    email.blur();
  },
} satisfies Story;

export const SignedOut = {
  args: { ...Default.args },
  parameters: { shared: visitorSharedData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'Get updates by e-mail' })).toBeInTheDocument();
  },
} satisfies Story;

export const Subscribing = {
  args: {
    ...Default.args,
    subscribeForm: fixtureForm(filledChangelogSubscribeValues, { processing: true }),
  },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Subscribe' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
} satisfies Story;

export const SubscribeError = {
  args: {
    ...Default.args,
    subscribeForm: fixtureForm(filledChangelogSubscribeValues, {
      errors: { email_address: changelogSubscribeErrorMessages.alreadySubscribed },
    }),
  },
  play: async ({ canvasElement }) => {
    const email = within(canvasElement).getByRole('textbox', { name: 'Email address' });
    await expect(email).toBeInvalid();
    await expect(email).toHaveAccessibleDescription(
      changelogSubscribeErrorMessages.alreadySubscribed,
    );
  },
} satisfies Story;

export const Empty = {
  args: { ...Default.args, entries: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('article')).not.toBeInTheDocument();
    await expect(canvas.getByText(/Nothing here yet/)).toBeVisible();
  },
} satisfies Story;

/** A release links what it added and what it changed (with why) to the components themselves. */
export const WithComponents = {
  args: { ...Default.args, entries: changelogEntriesWithComponents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const added = canvas.getByRole('region', {
      name: 'Components added in Bento grids and page headings',
    });
    await expect(within(added).getByRole('link', { name: 'Three column bento' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/components\/marketing\/sections\/bento-grids#component-/),
    );
    const changed = canvas.getByRole('region', {
      name: 'Components changed in Bento grids and page headings',
    });
    await expect(changed).toHaveTextContent(
      'Simple centered (Heroes): The headline is larger and balanced over two lines on phones',
    );
  },
} satisfies Story;

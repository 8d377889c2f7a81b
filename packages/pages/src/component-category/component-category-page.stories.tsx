import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { customerSharedData, ownerSharedData, visitorSharedData } from '../fixtures';
import {
  ownerHeroesSubcategory,
  ownerHeroesWithArchived,
  ownerHeroesWithoutArchive,
  visitorHeroesSubcategory,
} from '../fixtures/catalog';
import type { SnippetLanguage } from '../shared/shared-page-data';
import { withLayout } from '../stories-support/with-layout';
import { ComponentCategoryPage, type ComponentCategoryPageProps } from './component-category-page';

/** Keeps the chosen language, as the shared `snippetLang` does after PUT /snippet-language. */
function InteractiveComponentCategoryPage(props: ComponentCategoryPageProps) {
  const [language, setLanguage] = useState<SnippetLanguage>(props.snippetLang);
  return (
    <ComponentCategoryPage
      {...props}
      snippetLang={language}
      onLanguageChange={(next) => {
        setLanguage(next);
        props.onLanguageChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Pages/Catalogue/ComponentCategory',
  component: ComponentCategoryPage,
  decorators: [withLayout],
  parameters: { layout: 'fullscreen', shared: visitorSharedData },
  render: (args) => <InteractiveComponentCategoryPage {...args} />,
  args: {
    subcategory: visitorHeroesSubcategory,
    signedIn: false,
    snippetLang: visitorSharedData.snippetLang,
    onLanguageChange: fn(),
  },
} satisfies Meta<typeof ComponentCategoryPage>;

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

function page(canvasElement: HTMLElement) {
  return within(within(canvasElement).getByRole('main'));
}

export const SignedOut = {
  args: {},
  play: async ({ canvasElement }) => {
    const main = page(canvasElement);
    await expect(main.getByRole('heading', { level: 1 })).toHaveTextContent('Tailwind CSS Heroes');
    await expect(main.getByText(/The hero is the first thing visitors see/)).toBeVisible();
    const breadcrumb = within(main.getByRole('navigation', { name: 'Breadcrumb' }));
    await expect(breadcrumb.getByRole('link', { name: 'Marketing' })).toHaveAttribute(
      'href',
      '/components#product-marketing',
    );
    await expect(breadcrumb.getByRole('link', { name: 'Page Sections' })).toBeInTheDocument();
    await expect(main.getAllByRole('link', { name: 'Get the code' })).toHaveLength(3);
    await expect(main.getByText('PNG Preview')).toBeInTheDocument();
    await expect(main.getByRole('link', { name: /Show archived examples/ })).toHaveAttribute(
      'href',
      '/components/marketing/sections/heroes?include=archived',
    );
    await framesSized(canvasElement);
  },
} satisfies Story;

export const SignedInWithoutPackage = {
  args: { signedIn: true },
  parameters: { shared: customerSharedData },
  play: async ({ canvasElement }) => {
    const main = page(canvasElement);
    await expect(main.getByRole('heading', { level: 1 })).toHaveTextContent(/^Heroes$/);
    await expect(
      main.queryByText(/The hero is the first thing visitors see/),
    ).not.toBeInTheDocument();
    await expect(
      main.getAllByRole('link', { name: 'Upgrade to get these components' }),
    ).toHaveLength(3);
    await framesSized(canvasElement);
  },
} satisfies Story;

export const Owner = {
  args: { subcategory: ownerHeroesSubcategory, signedIn: true, snippetLang: 'react' },
  parameters: { shared: ownerSharedData },
  play: async ({ args, canvasElement }) => {
    const main = page(canvasElement);
    await expect(main.getByText('3 components')).toBeVisible();
    await expect(
      main.queryByRole('link', { name: /Get the code|Upgrade/ }),
    ).not.toBeInTheDocument();
    const first = within(main.getByRole('region', { name: 'Simple centered' }));
    await userEvent.click(first.getByRole('tab', { name: 'Code' }));
    await expect(
      first.getByRole('region', { name: 'Simple centered, React code' }),
    ).toBeInTheDocument();
    await userEvent.click(first.getByRole('combobox', { name: 'Code language' }));
    await userEvent.click(await first.findByRole('option', { name: 'Vue' }));
    await expect(args.onLanguageChange).toHaveBeenCalledWith('vue');
    // The language is shared: every component on the page follows it.
    const second = within(main.getByRole('region', { name: 'Split with screenshot' }));
    await expect(second.getByRole('combobox', { name: 'Code language' })).toHaveTextContent('Vue');
    await userEvent.click(first.getByRole('tab', { name: 'Preview' }));
    await framesSized(canvasElement);
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const ShowingArchived = {
  args: { subcategory: ownerHeroesWithArchived, signedIn: true },
  parameters: { shared: ownerSharedData },
  play: async ({ canvasElement }) => {
    const main = page(canvasElement);
    await expect(main.getByText('Archived')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Hide archived examples' })).toHaveAttribute(
      'href',
      '/components/marketing/sections/heroes',
    );
    await expect(
      main.queryByRole('link', { name: /Show archived examples/ }),
    ).not.toBeInTheDocument();
    await expect(main.getByTitle('Simple centered (2021) preview')).toBeInTheDocument();
    await framesSized(canvasElement);
  },
} satisfies Story;

export const WithoutArchive = {
  args: { subcategory: ownerHeroesWithoutArchive, signedIn: true },
  parameters: { shared: ownerSharedData },
  play: async ({ canvasElement }) => {
    const main = page(canvasElement);
    await expect(main.queryByRole('link', { name: /archived examples/ })).not.toBeInTheDocument();
    await framesSized(canvasElement);
  },
} satisfies Story;

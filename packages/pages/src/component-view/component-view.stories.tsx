import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import {
  copiedBeforeChangesComponent,
  copiedUpToDateComponent,
  fixtureComponentWithHistory,
  fixtureHighlight,
  installedBeforeChangeComponent,
  ownerAddedOnlyComponent,
  ownerHeroComponents,
  visitorHeroComponents,
} from '../fixtures/catalog';
import type { PreviewColorScheme, PreviewWidth, SnippetLanguage } from '../shared/shared-page-data';
import { ComponentView, type ComponentViewProps } from './component-view';
import { PREVIEW_MIN_WIDTH } from '../constants';

/**
 * Keeps the chosen language, colour scheme and preset width in state, as the container does
 * after PUT /snippet-language, PUT /preview-color-scheme and PUT /preview-width.
 */
function InteractiveComponentView(props: ComponentViewProps) {
  const [language, setLanguage] = useState<SnippetLanguage>(props.snippetLang ?? 'html');
  const [scheme, setScheme] = useState<PreviewColorScheme>(props.colorScheme ?? 'light');
  const [width, setWidth] = useState<PreviewWidth>(props.previewWidth ?? 'full');
  return (
    <ComponentView
      {...props}
      snippetLang={language}
      onLanguageChange={(next) => {
        setLanguage(next);
        props.onLanguageChange?.(next);
      }}
      colorScheme={scheme}
      onColorSchemeChange={(next) => {
        setScheme(next);
        props.onColorSchemeChange?.(next);
      }}
      previewWidth={width}
      onPreviewWidthChange={(next) => {
        setWidth(next);
        props.onPreviewWidthChange?.(next);
      }}
    />
  );
}

const meta = {
  title: 'Pages/Catalogue/ComponentView',
  component: ComponentView,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-7xl p-8">
        <Story />
      </div>
    ),
  ],
  render: (args) => <InteractiveComponentView {...args} />,
  args: {
    component: ownerHeroComponents.simpleCentered,
    signedIn: true,
    snippetLang: 'html',
    onLanguageChange: fn(),
    colorScheme: 'light',
    onColorSchemeChange: fn(),
    previewWidth: 'full',
    onPreviewWidthChange: fn(),
  },
  beforeEach() {
    // Headless Chromium denies clipboard access without a user permission prompt.
    spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  },
} satisfies Meta<typeof ComponentView>;

export default meta;
type Story = StoryObj<typeof meta>;

async function frameSizedByDocument(canvasElement: HTMLElement, name: string) {
  const frame = within(canvasElement).getByTitle(`${name} preview`);
  await waitFor(() => expect(frame).toHaveAttribute('data-height-source', 'document'));
  return frame;
}

export const Downloadable = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Preview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tab', { name: 'Code' })).toBeInTheDocument();
    const frame = await frameSizedByDocument(canvasElement, 'Simple centered');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    await expect(
      canvas.getByRole('separator', { name: 'Resize the Simple centered preview' }),
    ).toHaveAttribute('aria-valuemin', String(PREVIEW_MIN_WIDTH));
    await expect(canvas.queryByRole('link', { name: /get the code/i })).not.toBeInTheDocument();
  },
} satisfies Story;

export const CodeTab = {
  args: { defaultTab: 'code' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const code = canvas.getByRole('region', { name: 'Simple centered, HTML code' });
    await expect(code).toHaveTextContent('Invoices your clients actually pay on time');
    const expand = canvas.getByRole('button', { name: 'Expand code' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(expand);
    await expect(canvas.getByRole('button', { name: 'Collapse code' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Collapse code' }));

    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    const html = args.component.snippets.find((snippet) => snippet.language === 'html');
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(html?.snippet);
    await expect(canvas.getByRole('status')).toHaveTextContent('Copied!');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy' })).toBeVisible(), {
      timeout: 4000,
    });
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/**
 * The catalogue is highlighted with a light theme: the frame, the fold's fade and the button row
 * are that theme's background too (no dark band under light code).
 */
export const CodeTabLightTheme = {
  args: {
    defaultTab: 'code',
    component: {
      ...ownerHeroComponents.simpleCentered,
      snippets: ownerHeroComponents.simpleCentered.snippets.map((snippet) => ({
        ...snippet,
        highlight: fixtureHighlight(snippet.snippet, 'github-light'),
      })),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const code = canvas.getByRole('region', { name: 'Simple centered, HTML code' });
    const frame = code.closest<HTMLElement>('[data-slot="code-block"]')!;
    const pre = code.querySelector('pre')!;
    const white = 'rgb(255, 255, 255)';
    await expect(getComputedStyle(pre).backgroundColor).toBe(white);
    await expect(getComputedStyle(frame).backgroundColor).toBe(white);
    const fade = canvas.getByRole('button', { name: 'Expand code' }).parentElement!;
    await expect(getComputedStyle(fade).backgroundImage).toMatch(/rgb\(255, 255, 255\)/);
    await userEvent.click(canvas.getByRole('button', { name: 'Expand code' }));
    const row = canvas.getByRole('button', { name: 'Collapse code' }).parentElement!;
    await expect(getComputedStyle(row).backgroundImage).toBe('none');
    await expect(getComputedStyle(frame).backgroundColor).toBe(white);
  },
} satisfies Story;

export const SwitchingLanguage = {
  args: { defaultTab: 'code' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Code language' }));
    await userEvent.click(await canvas.findByRole('option', { name: 'React' }));
    await expect(args.onLanguageChange).toHaveBeenCalledWith('react');
    await expect(
      canvas.getByRole('region', { name: 'Simple centered, React code' }),
    ).toHaveTextContent('export default function Example()');
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const VueCode = {
  args: { defaultTab: 'code', snippetLang: 'vue' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Code language' })).toHaveTextContent('Vue');
    await expect(
      canvas.getByRole('region', { name: 'Simple centered, Vue code' }),
    ).toHaveTextContent('<template>');
  },
} satisfies Story;

export const ShortCodeNotFolded = {
  args: { component: ownerHeroComponents.splitWithScreenshot, defaultTab: 'code' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('New', { selector: '[data-slot="badge"]' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Expand code' })).not.toBeInTheDocument();
  },
} satisfies Story;

export const ResizedToMinimum = {
  args: {},
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const handle = canvas.getByRole('separator', { name: 'Resize the Simple centered preview' });
    await frameSizedByDocument(canvasElement, 'Simple centered');
    handle.focus();
    await userEvent.keyboard('{ArrowLeft}');
    const full = Number(handle.getAttribute('aria-valuemax'));
    await expect(handle).toHaveAttribute('aria-valuenow', String(full - 16));
    await userEvent.keyboard('{Home}');
    await expect(handle).toHaveAttribute('aria-valuenow', String(PREVIEW_MIN_WIDTH));
    const frame = canvas.getByTitle('Simple centered preview');
    await waitFor(() => expect(frame.getBoundingClientRect().width).toBe(PREVIEW_MIN_WIDTH));
    // The narrower document is taller; the frame follows its new BODY_HEIGHT.
    await waitFor(() => expect(frame.getBoundingClientRect().height).toBeGreaterThan(600));
    handle.blur();
  },
} satisfies Story;

export const RequiresJavaScript = {
  args: { component: ownerHeroComponents.withAppScreenshot },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Requires JavaScript')).toBeInTheDocument();
    await frameSizedByDocument(canvasElement, 'With app screenshot');
  },
} satisfies Story;

export const Archived = {
  args: { component: ownerHeroComponents.simpleCenteredLegacy },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Archived')).toBeInTheDocument();
    await frameSizedByDocument(canvasElement, 'Simple centered (2021)');
  },
} satisfies Story;

export const HtmlPreviewSignedOut = {
  args: { component: visitorHeroComponents.simpleCentered, signedIn: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Preview', { selector: 'span' })).toBeInTheDocument();
    await expect(canvas.queryByRole('tab')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Get the code' })).toHaveAttribute(
      'href',
      '/all-access#pricing',
    );
    await frameSizedByDocument(canvasElement, 'Simple centered');
  },
} satisfies Story;

export const HtmlPreviewSignedIn = {
  args: {
    component: visitorHeroComponents.simpleCentered,
    signedIn: true,
    pricingUrl: '#pricing',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('link', { name: 'Upgrade to get these components' }),
    ).toHaveAttribute('href', '#pricing');
    await frameSizedByDocument(canvasElement, 'Simple centered');
  },
} satisfies Story;

export const PngPreview = {
  args: { component: visitorHeroComponents.splitWithImage, signedIn: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('PNG Preview')).toBeInTheDocument();
    const image = canvas.getByRole('img', { name: 'Screenshot of the Split with image component' });
    await expect(image).toHaveAttribute('srcset', expect.stringContaining(' 375w'));
    await expect(canvas.queryByRole('separator')).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Studio Nord' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Get the code' })).toBeInTheDocument();
  },
} satisfies Story;

/** A PNG-only preview whose screenshot the build lacks: a same-size placeholder with its name. */
export const PngPreviewMissing = {
  args: {
    component: {
      ...visitorHeroComponents.splitWithImage,
      smallScreenshotUrl: '/catalog/screenshots/missing-sm.png',
      largeScreenshotUrl: '/catalog/screenshots/missing-lg.png',
    },
    signedIn: false,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(
        canvas.getByRole('img', { name: 'Screenshot of the Split with image component' }).tagName,
      ).toBe('DIV'),
    );
    await expect(
      canvas.getByRole('img', { name: 'Screenshot of the Split with image component' }),
    ).toHaveTextContent('Split with image');
  },
} satisfies Story;

export const PreviewOnly = {
  args: { previewOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('tab', { name: 'Code' })).not.toBeInTheDocument();
    await expect(
      canvas.queryByRole('link', { name: /get the code|upgrade/i }),
    ).not.toBeInTheDocument();
    await frameSizedByDocument(canvasElement, 'Simple centered');
  },
} satisfies Story;

async function schemeSwitch(canvasElement: HTMLElement, name: string) {
  return within(
    within(canvasElement).getByRole('group', { name: `${name} preview colour scheme` }),
  );
}

/**
 * Whether the preview frame is in dark mode, as the fixture's document reports after each
 * COLOR_SCHEME message (the frame is sandboxed: the story cannot look inside).
 */
function watchFrameScheme(canvasElement: HTMLElement, name: string) {
  const frame = within(canvasElement).getByTitle(`${name} preview`) as HTMLIFrameElement;
  const state = { dark: null as boolean | null };
  window.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; dark?: boolean };
    if (event.source === frame.contentWindow && data?.type === 'COLOR_SCHEME_APPLIED') {
      state.dark = data.dark ?? null;
    }
  });
  return state;
}

export const ColorSchemeLight = {
  args: {},
  play: async ({ canvasElement }) => {
    const buttons = await schemeSwitch(canvasElement, 'Simple centered');
    await expect(buttons.getByRole('button', { name: 'Light' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(buttons.getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const frame = watchFrameScheme(canvasElement, 'Simple centered');
    await frameSizedByDocument(canvasElement, 'Simple centered');
    // The view tells the frame its scheme once loaded.
    await waitFor(() => expect(frame.dark).toBe(false));
  },
} satisfies Story;

export const ColorSchemeDark = {
  args: {},
  play: async ({ args, canvasElement }) => {
    const buttons = await schemeSwitch(canvasElement, 'Simple centered');
    const scheme = watchFrameScheme(canvasElement, 'Simple centered');
    const frame = await frameSizedByDocument(canvasElement, 'Simple centered');
    await waitFor(() => expect(scheme.dark).toBe(false));
    await userEvent.click(buttons.getByRole('button', { name: 'Dark' }));
    await expect(args.onColorSchemeChange).toHaveBeenCalledWith('dark');
    await expect(buttons.getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Switched by message, in place: the same document, still sized by its BODY_HEIGHT.
    await waitFor(() => expect(scheme.dark).toBe(true));
    await expect(frame).toHaveAttribute('data-height-source', 'document');
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const ColorSchemeSystem = {
  args: { colorScheme: 'dark' },
  play: async ({ args, canvasElement }) => {
    const buttons = await schemeSwitch(canvasElement, 'Simple centered');
    const scheme = watchFrameScheme(canvasElement, 'Simple centered');
    await frameSizedByDocument(canvasElement, 'Simple centered');
    await waitFor(() => expect(scheme.dark).toBe(true));
    await userEvent.click(buttons.getByRole('button', { name: 'System' }));
    await expect(args.onColorSchemeChange).toHaveBeenCalledWith('system');
    await expect(buttons.getByRole('button', { name: 'System' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The test browser prefers light.
    const prefersDark = matchMedia('(prefers-color-scheme: dark)').matches;
    await waitFor(() => expect(scheme.dark).toBe(prefersDark));
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const PngPreviewDark = {
  args: {
    component: visitorHeroComponents.splitWithImage,
    signedIn: false,
    colorScheme: 'dark',
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const image = canvas.getByRole('img', { name: 'Screenshot of the Split with image component' });
    await expect(image).toHaveAttribute('src', args.component.largeDarkScreenshotUrl);
    await expect(image).toHaveAttribute(
      'srcset',
      expect.stringContaining(`${args.component.smallDarkScreenshotUrl} 375w`),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'System' }));
    await expect(image).toHaveAttribute('src', args.component.largeScreenshotUrl);
    const source = canvasElement.querySelector('picture source');
    await expect(source).toHaveAttribute('media', '(prefers-color-scheme: dark)');
    await expect(source).toHaveAttribute(
      'srcset',
      expect.stringContaining(args.component.largeDarkScreenshotUrl),
    );
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/** Changed twice: 'Updated' with the newest date; an owner opens What changed and reads the diffs. */
export const UpdatedWhatChangedOwner = {
  args: { component: fixtureComponentWithHistory('downloadable'), snippetLang: 'react' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-slot="updated-on"]')).toHaveTextContent(
      'Updated Nov 24, 2026',
    );
    await userEvent.click(canvas.getByText('What changed'));
    const items = canvas.getAllByRole('listitem');
    await expect(items.map((item) => item.textContent?.slice(0, 24))).toEqual([
      'Version 3 · Nov 24, 2026',
      'Version 2 · Nov 23, 2026',
      'Version 1 · Nov 22, 2026',
    ]);
    const diff = canvas.getByLabelText('Simple centered, React changes in version 3');
    await expect(diff).toHaveTextContent('+++ v3/SimpleCentered.jsx');
    await expect(diff).toHaveTextContent('text-5xl font-semibold tracking-tight');
    await expect(
      canvas.queryByText('Owners of this component see the code of each change.'),
    ).not.toBeInTheDocument();
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/** The Vue code of the newest change did not change: said so, no empty diff. */
export const UpdatedWhatChangedOwnerVue = {
  args: { ...UpdatedWhatChangedOwner.args, snippetLang: 'vue' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('What changed'));
    await expect(canvas.getByText('No change to the Vue code.')).toBeInTheDocument();
    await expect(
      canvas.getByLabelText('Simple centered, Vue changes in version 2'),
    ).toHaveTextContent('dark:bg-gray-900');
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/** A visitor sees when and why, never the code of a change. */
export const UpdatedWhatChangedVisitor = {
  args: { component: fixtureComponentWithHistory('htmlPreview'), signedIn: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('What changed'));
    await expect(
      canvas.getByText('The headline is larger and balanced over two lines on phones'),
    ).toBeInTheDocument();
    await expect(canvasElement.querySelector('pre[aria-label]')).toBeNull();
    await expect(canvasElement).not.toHaveTextContent('text-5xl');
    await expect(
      canvas.getByText('Owners of this component see the code of each change.'),
    ).toBeInTheDocument();
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/**
 * Copied at version 1, changed twice since (decision 065): a notice above What changed says so
 * and opens it, the newer versions are marked; copying the code again ends the notice.
 */
export const ChangedSinceCopied = {
  args: { component: copiedBeforeChangesComponent, snippetLang: 'react', onCopied: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = canvasElement.querySelector('[data-slot="taken-notice"]');
    await expect(notice).toHaveTextContent(
      'Changed since you copied version 1 on Nov 22, 2026. See what changed',
    );
    const panel = canvasElement.querySelector('details')!;
    await expect(panel).not.toHaveAttribute('open');
    await userEvent.click(
      canvas.getByRole('link', { name: 'See what changed in Simple centered' }),
    );
    await expect(panel).toHaveAttribute('open');
    await expect(canvas.getAllByText(/new since you copied it/)).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await expect(args.onCopied).toHaveBeenCalledWith(args.component);
    await expect(canvasElement.querySelector('[data-slot="taken-notice"]')).toBeNull();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy' })).toBeVisible(), {
      timeout: 3000,
    });
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/** Installed with the registry at version 2: 'installed', and only version 3 is new. */
export const ChangedSinceInstalled = {
  args: { component: installedBeforeChangeComponent, snippetLang: 'react' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="taken-notice"]')).toHaveTextContent(
      'Changed since you installed version 2 on Nov 23, 2026.',
    );
    await userEvent.click(within(canvasElement).getByText('What changed'));
    await expect(within(canvasElement).getAllByText(/new since you installed it/)).toHaveLength(1);
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/** Copied as it is now: no notice. */
export const CopiedUpToDate = {
  args: { component: copiedUpToDateComponent, snippetLang: 'react' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="taken-notice"]')).toBeNull();
    await expect(canvasElement).not.toHaveTextContent('new since you');
  },
} satisfies Story;

/** Never changed: 'Added' with its date, and no What changed. */
export const AddedNotChanged = {
  args: { component: ownerAddedOnlyComponent },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="updated-on"]')).toHaveTextContent(
      'Added Nov 22, 2026',
    );
    await expect(within(canvasElement).queryByText('What changed')).not.toBeInTheDocument();
  },
} satisfies Story;

async function widthSwitch(canvasElement: HTMLElement, name: string) {
  return within(within(canvasElement).getByRole('group', { name: `${name} preview width` }));
}

async function frameWidth(canvasElement: HTMLElement, name: string, width: number) {
  const frame = within(canvasElement).getByTitle(`${name} preview`);
  await waitFor(() => expect(frame.getBoundingClientRect().width).toBe(width));
}

export const PreviewWidthPreset = {
  args: { previewWidth: 'md' },
  play: async ({ args, canvasElement }) => {
    const presets = await widthSwitch(canvasElement, 'Simple centered');
    await expect(presets.getByRole('button', { name: 'md, 768 pixels' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(presets.getByRole('button', { name: 'Full width' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await frameSizedByDocument(canvasElement, 'Simple centered');
    await frameWidth(canvasElement, 'Simple centered', 768);
    // By keyboard: from md to lg, then Space.
    presets.getByRole('button', { name: 'md, 768 pixels' }).focus();
    await userEvent.tab();
    await expect(presets.getByRole('button', { name: 'lg, 1024 pixels' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onPreviewWidthChange).toHaveBeenCalledWith('lg');
    await expect(presets.getByRole('button', { name: 'lg, 1024 pixels' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await frameWidth(canvasElement, 'Simple centered', 1024);
    const handle = within(canvasElement).getByRole('separator', {
      name: 'Resize the Simple centered preview',
    });
    await expect(handle).toHaveAttribute('aria-valuenow', '1024');
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const PreviewWidthDragged = {
  args: { previewWidth: 'sm' },
  play: async ({ args, canvasElement }) => {
    const presets = await widthSwitch(canvasElement, 'Simple centered');
    await frameSizedByDocument(canvasElement, 'Simple centered');
    await frameWidth(canvasElement, 'Simple centered', 640);
    const handle = within(canvasElement).getByRole('separator', {
      name: 'Resize the Simple centered preview',
    });
    handle.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(handle).toHaveAttribute('aria-valuenow', '656');
    await frameWidth(canvasElement, 'Simple centered', 656);
    // The handle leaves the preset: no button pressed, nothing persisted.
    for (const button of presets.getAllByRole('button')) {
      await expect(button).toHaveAttribute('aria-pressed', 'false');
    }
    await expect(args.onPreviewWidthChange).not.toHaveBeenCalled();
    // The same preset again puts the frame back at it.
    await userEvent.click(presets.getByRole('button', { name: 'sm, 640 pixels' }));
    await frameWidth(canvasElement, 'Simple centered', 640);
    await expect(presets.getByRole('button', { name: 'sm, 640 pixels' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(presets.getByRole('button', { name: 'Phone, 375 pixels' }));
    await expect(args.onPreviewWidthChange).toHaveBeenCalledWith('phone');
    await frameWidth(canvasElement, 'Simple centered', 375);
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

/** The direction the fixture's document reports after each DIRECTION message. */
function watchFrameDirection(canvasElement: HTMLElement, name: string) {
  const frame = within(canvasElement).getByTitle(`${name} preview`) as HTMLIFrameElement;
  const state = { dir: null as string | null };
  window.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; dir?: string };
    if (event.source === frame.contentWindow && data?.type === 'DIRECTION_APPLIED') {
      state.dir = data.dir ?? null;
    }
  });
  return state;
}

export const RightToLeft = {
  args: {},
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', {
      name: 'RTL: the Simple centered preview right to left',
    });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    const direction = watchFrameDirection(canvasElement, 'Simple centered');
    const frame = await frameSizedByDocument(canvasElement, 'Simple centered');
    await waitFor(() => expect(direction.dir).toBe('ltr'));
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // Switched by message, in place: the same document, still sized by its BODY_HEIGHT.
    await waitFor(() => expect(direction.dir).toBe('rtl'));
    await expect(frame).toHaveAttribute('data-direction', 'rtl');
    await expect(frame).toHaveAttribute('data-height-source', 'document');
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

export const RightToLeftBackToLeftToRight = {
  args: { defaultDirection: 'rtl' },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', {
      name: 'RTL: the Simple centered preview right to left',
    });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const direction = watchFrameDirection(canvasElement, 'Simple centered');
    await frameSizedByDocument(canvasElement, 'Simple centered');
    await waitFor(() => expect(direction.dir).toBe('rtl'));
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(direction.dir).toBe('ltr'));
    (document.activeElement as HTMLElement | null)?.blur();
  },
} satisfies Story;

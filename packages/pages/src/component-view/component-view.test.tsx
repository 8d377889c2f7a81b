import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  heroRelatedComponents,
  ownerHeroComponents,
  visitorHeroComponents,
} from '../fixtures/catalog';
import { COPIED_INDICATOR_MS } from '@tessera/ui';
import { ComponentView, DEFAULT_PRICING_URL } from './component-view';
import { CODE_FOLD_LINES, codeBackground, countLines } from './code-block';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ComponentView, downloadable', () => {
  it('shows the live preview in a sandboxed frame named after the component', () => {
    render(<ComponentView component={ownerHeroComponents.simpleCentered} signedIn />);
    expect(screen.getByRole('heading', { level: 2, name: 'Simple centered' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    const frame = screen.getByTitle('Simple centered preview');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    expect(frame).toHaveAttribute('srcdoc', ownerHeroComponents.simpleCentered.iframeHtml);
    expect(screen.queryByRole('link', { name: 'Get the code' })).not.toBeInTheDocument();
  });

  it('loads the preview document by URL when no inline document is given', () => {
    const component = { ...ownerHeroComponents.simpleCentered, iframeHtml: null };
    render(<ComponentView component={component} signedIn />);
    const frame = screen.getByTitle('Simple centered preview');
    // The first paint is in the chosen scheme (the preview reads its fragment).
    expect(frame).toHaveAttribute('src', `${component.previewUrl}#color-scheme=light`);
    expect(frame).not.toHaveAttribute('srcdoc');
  });

  it('posts the chosen colour scheme to the frame without reloading it', async () => {
    const component = { ...ownerHeroComponents.simpleCentered, iframeHtml: null };
    const onColorSchemeChange = vi.fn();
    const { rerender } = render(
      <ComponentView
        component={component}
        signedIn
        colorScheme="dark"
        onColorSchemeChange={onColorSchemeChange}
      />,
    );
    const frame = screen.getByTitle<HTMLIFrameElement>('Simple centered preview');
    expect(frame).toHaveAttribute('src', `${component.previewUrl}#color-scheme=dark`);
    const postMessage = vi.spyOn(frame.contentWindow!, 'postMessage');
    const group = screen.getByRole('group', { name: 'Simple centered preview colour scheme' });
    expect(within(group).getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(group).getByRole('button', { name: 'System' }));
    expect(onColorSchemeChange).toHaveBeenCalledWith('system');
    rerender(
      <ComponentView
        component={component}
        signedIn
        colorScheme="system"
        onColorSchemeChange={onColorSchemeChange}
      />,
    );
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'COLOR_SCHEME', scheme: 'system' }, '*');
    // The same frame, the same URL: no navigation.
    expect(screen.getByTitle('Simple centered preview')).toBe(frame);
    expect(frame).toHaveAttribute('src', `${component.previewUrl}#color-scheme=dark`);
  });

  it('shows the code in the chosen language on the Code tab', async () => {
    const user = userEvent.setup();
    render(
      <ComponentView component={ownerHeroComponents.simpleCentered} signedIn snippetLang="react" />,
    );
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    const code = screen.getByRole('region', { name: 'Simple centered, React code' });
    expect(code).toHaveTextContent('export default function Example()');
    expect(screen.getByRole('combobox', { name: 'Code language' })).toHaveTextContent('React');
  });

  it('asks the container to switch language', async () => {
    const user = userEvent.setup();
    const onLanguageChange = vi.fn();
    render(
      <ComponentView
        component={ownerHeroComponents.simpleCentered}
        signedIn
        snippetLang="html"
        onLanguageChange={onLanguageChange}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Code language' }));
    // The list arrives with the select's lazily loaded part (decision 057): wait for it.
    await user.click(await screen.findByRole('option', { name: 'Vue' }, { timeout: 10_000 }));
    expect(onLanguageChange).toHaveBeenCalledExactlyOnceWith('vue');
  });

  it('copies the selected language’s raw code and confirms for 1.5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const component = ownerHeroComponents.simpleCentered;
    render(<ComponentView component={component} signedIn snippetLang="vue" />);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    const vue = component.snippets.find((snippet) => snippet.language === 'vue');
    expect(writeText).toHaveBeenCalledWith(vue?.snippet);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(COPIED_INDICATOR_MS));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('folds long code and expands it on request', async () => {
    const user = userEvent.setup();
    const component = ownerHeroComponents.simpleCentered;
    expect(countLines(component.snippets[0]?.snippet ?? '')).toBeGreaterThan(CODE_FOLD_LINES);
    render(<ComponentView component={component} signedIn defaultTab="code" />);
    const toggle = screen.getByRole('button', { name: 'Expand code' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute(
      'aria-controls',
      screen.getByRole('region', { name: 'Simple centered, HTML code' }).id,
    );
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Collapse code' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('does not fold short code', () => {
    render(
      <ComponentView
        component={ownerHeroComponents.splitWithScreenshot}
        signedIn
        defaultTab="code"
      />,
    );
    expect(
      countLines(ownerHeroComponents.splitWithScreenshot.snippets[0]?.snippet ?? ''),
    ).toBeLessThanOrEqual(CODE_FOLD_LINES);
    expect(screen.queryByRole('button', { name: 'Expand code' })).not.toBeInTheDocument();
  });

  it('marks new, archived and script-dependent components', () => {
    render(
      <>
        <ComponentView component={ownerHeroComponents.splitWithScreenshot} signedIn />
        <ComponentView component={ownerHeroComponents.simpleCenteredLegacy} signedIn />
        <ComponentView component={ownerHeroComponents.withAppScreenshot} signedIn />
      </>,
    );
    const [split, legacy, app] = screen.getAllByRole('region', {
      name: /Split with screenshot|Simple centered \(2021\)|With app screenshot/,
    });
    expect(within(split!).getByText('New')).toBeInTheDocument();
    expect(within(legacy!).getByText('Archived')).toBeInTheDocument();
    expect(within(app!).getByText('Requires JavaScript')).toBeInTheDocument();
    expect(within(split!).queryByText('Requires JavaScript')).not.toBeInTheDocument();
  });

  it('shows only the preview in the playground', () => {
    render(<ComponentView component={ownerHeroComponents.simpleCentered} signedIn previewOnly />);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    expect(screen.getByTitle('Simple centered preview')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('ComponentView, without the package', () => {
  it('labels an HTML preview and asks a visitor to get the code', () => {
    render(<ComponentView component={visitorHeroComponents.simpleCentered} signedIn={false} />);
    expect(screen.getByText('Preview')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /code/ })).not.toBeInTheDocument();
    expect(screen.getByTitle('Simple centered preview')).toHaveAttribute(
      'sandbox',
      'allow-scripts',
    );
    expect(screen.getByRole('link', { name: 'Get the code' })).toHaveAttribute(
      'href',
      DEFAULT_PRICING_URL,
    );
  });

  it('asks a signed-in customer to upgrade, linking to the given pricing section', () => {
    render(
      <ComponentView
        component={visitorHeroComponents.simpleCentered}
        signedIn
        pricingUrl="#pricing"
      />,
    );
    expect(screen.getByRole('link', { name: 'Upgrade to get these components' })).toHaveAttribute(
      'href',
      '#pricing',
    );
    expect(screen.queryByRole('link', { name: 'Get the code' })).not.toBeInTheDocument();
  });

  it('shows a PNG preview with both screenshot sizes and the image credits', () => {
    const component = visitorHeroComponents.splitWithImage;
    render(<ComponentView component={component} signedIn={false} />);
    expect(screen.getByText('PNG Preview')).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Screenshot of the Split with image component' });
    expect(image).toHaveAttribute('src', component.largeScreenshotUrl);
    expect(image.getAttribute('srcset')).toBe(
      `${component.smallScreenshotUrl} 375w, ${component.largeScreenshotUrl} 1280w`,
    );
    expect(screen.queryByTitle('Split with image preview')).not.toBeInTheDocument();
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Studio Nord' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get the code' })).toBeInTheDocument();
  });
});

describe('codeBackground', () => {
  it("reads the highlighting theme's background from Shiki's <pre>", () => {
    expect(
      codeBackground(
        '<pre class="shiki github-light" style="background-color:#fff;color:#24292e" tabindex="0"><code></code></pre>',
      ),
    ).toBe('#fff');
    expect(
      codeBackground(
        '<pre class="shiki github-dark" style="color:#e1e4e8;background-color:#24292E">',
      ),
    ).toBe('#24292E');
  });

  it('never takes a colour from inside the code, and falls back to white', () => {
    expect(
      codeBackground('<pre class="shiki"><code>style="background-color:#000"</code></pre>'),
    ).toBe('#fff');
  });
});

describe('ComponentView, related components', () => {
  it('is the target of its anchor and lists its related components in a section of its own', () => {
    for (const component of [
      ownerHeroComponents.simpleCentered,
      visitorHeroComponents.splitWithImage,
    ]) {
      const { unmount } = render(
        <ComponentView
          component={{
            ...component,
            anchor: 'component-simple-centered',
            related: heroRelatedComponents,
          }}
          signedIn={false}
        />,
      );
      const view = screen.getByRole('region', { name: component.name });
      expect(view).toHaveAttribute('id', 'component-simple-centered');
      const related = within(view).getByRole('region', { name: `Related to ${component.name}` });
      expect(within(related).getByRole('heading', { level: 3 })).toHaveTextContent(
        `Related to ${component.name}`,
      );
      expect(
        within(related)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(heroRelatedComponents.map((item) => item.url));
      unmount();
    }
  });

  it('shows no related section when there is nothing related, or outside a subcategory page', () => {
    render(
      <ComponentView component={{ ...ownerHeroComponents.simpleCentered, related: [] }} signedIn />,
    );
    expect(screen.queryByRole('region', { name: /^Related to/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Simple centered' })).not.toHaveAttribute('id');
  });
});

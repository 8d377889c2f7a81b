import {
  Badge,
  buttonVariants,
  cn,
  CopyButton,
  Link,
  Select,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@tessera/ui';
import { useEffect, useId, useRef, useState } from 'react';
import type * as React from 'react';
import { BoltIcon, CodeBracketIcon, EyeIcon, LockClosedIcon } from '../catalog/icons';
import type { CatalogComponent, ComponentSnippet } from '../catalog/types';
import type { PreviewColorScheme, PreviewWidth, SnippetLanguage } from '../shared/shared-page-data';
import { CatalogueImage } from '../shared/catalogue-image';
import { FormattedDate } from '../prose/formatted-date';
import { CodeBlock } from './code-block';
import { ComponentHistory } from './component-history';
import { RelatedComponents } from './related-components';
import { colorSchemeMessage, ColorSchemeSwitch } from './color-scheme-switch';
import {
  DirectionToggle,
  directionMessage,
  type PreviewDirection,
  PreviewWidthSwitch,
} from './preview-width-switch';
import { ResizablePreview } from './resizable-preview';
import { reservedHeightStyle } from './reserved-height';
import { requestBodyHeight, useBodyHeight } from './use-body-height';
import { PREVIEW_BREAKPOINT, PREVIEW_WIDTH_PIXELS, PRICING_URL } from '../constants';

/** Where the call to action of a locked component leads by default. */
export const DEFAULT_PRICING_URL = PRICING_URL;

/**
 * The call to action under a preview without code: a visitor gets the code, a customer upgrades.
 */
export function getTheCodeLabel(signedIn: boolean): string {
  return signedIn ? 'Upgrade to get these components' : 'Get the code';
}

type ComponentViewTab = 'preview' | 'code';

export type ComponentViewProps = {
  component: CatalogComponent;
  /** Signed-in viewers without the package are asked to upgrade; visitors to get the code. */
  signedIn: boolean;
  /** The shared `snippetLang`: which language's code is shown. */
  snippetLang?: SnippetLanguage;
  /** The container persists the choice (PUT /snippet-language) and passes it back. */
  onLanguageChange?: (language: SnippetLanguage) => void;
  /** The shared `previewColorScheme`: the mode the preview (live or PNG) is shown in. */
  colorScheme?: PreviewColorScheme;
  /** The container persists the choice (PUT /preview-color-scheme) and passes it back. */
  onColorSchemeChange?: (scheme: PreviewColorScheme) => void;
  /** The shared `previewWidth`: the preset the live preview's frame opens at. */
  previewWidth?: PreviewWidth;
  /** The container persists the preset (PUT /preview-width) and passes it back. */
  onPreviewWidthChange?: (width: PreviewWidth) => void;
  /**
   * The code was copied to the clipboard (the container records it for 'Your updates',
   * decision 065). Once copied, the view no longer says the component changed since.
   */
  onCopied?: (component: CatalogComponent) => void;
  /** The live preview's direction at first (stories); left to right by default. */
  defaultDirection?: PreviewDirection;
  /** '#pricing' when the page has a pricing section, else the all-access page's. */
  pricingUrl?: string;
  /** The playground: the live preview only, never the code. */
  previewOnly?: boolean;
  /** The tab shown first (stories, deep links); Preview by default. */
  defaultTab?: ComponentViewTab;
  /** A starting preview width in pixels (stories), as if dragged there: no preset pressed. */
  defaultPreviewWidth?: number;
  headingLevel?: 2 | 3;
  className?: string;
};

function selectedSnippet(
  snippets: ComponentSnippet[],
  language: SnippetLanguage,
): ComponentSnippet | undefined {
  return snippets.find((snippet) => snippet.language === language) ?? snippets[0];
}

/**
 * One component of the catalogue: its live preview, resizable, and
 * for a downloadable component its code in the chosen language, foldable and copyable.
 */
export function ComponentView({
  component,
  signedIn,
  snippetLang = 'html',
  onLanguageChange,
  colorScheme: sharedColorScheme = 'light',
  onColorSchemeChange,
  previewWidth: sharedPreviewWidth = 'full',
  onPreviewWidthChange,
  onCopied,
  defaultDirection = 'ltr',
  pricingUrl = DEFAULT_PRICING_URL,
  previewOnly = false,
  defaultTab = 'preview',
  defaultPreviewWidth,
  headingLevel = 2,
  className,
}: ComponentViewProps) {
  const titleId = useId();
  // Without a container to remember it (the playground), the choice lives in this view.
  const [ownColorScheme, setOwnColorScheme] = useState(sharedColorScheme);
  const colorScheme = onColorSchemeChange ? sharedColorScheme : ownColorScheme;
  const [ownPreviewWidth, setOwnPreviewWidth] = useState(sharedPreviewWidth);
  const chosenWidth = onPreviewWidthChange ? sharedPreviewWidth : ownPreviewWidth;
  // A drag (or the handle's keys) leaves the preset; the remembered one is unchanged.
  const [dragged, setDragged] = useState(defaultPreviewWidth !== undefined);
  const [direction, setDirection] = useState<PreviewDirection>(defaultDirection);
  const [copiedNow, setCopiedNow] = useState(false);
  const chooseWidth = (width: PreviewWidth) => {
    setDragged(false);
    if (width !== chosenWidth) (onPreviewWidthChange ?? setOwnPreviewWidth)(width);
  };
  const Heading = `h${headingLevel}` as const;
  const snippet = selectedSnippet(component.snippets, snippetLang);
  const showCode = component.viewType === 'downloadable' && !previewOnly && snippet !== undefined;
  const locked = component.viewType !== 'downloadable';
  const history = (owned: boolean) =>
    component.changes && component.changes.length > 1 ? (
      <ComponentHistory
        componentName={component.name}
        changes={component.changes}
        language={snippet?.language ?? snippetLang}
        owned={owned}
        taken={owned && !copiedNow ? component.taken : undefined}
      />
    ) : null;

  const header = (actions: React.ReactNode) => (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 pb-4">
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <Heading id={titleId} className="text-base/7 font-semibold text-gray-900">
          {component.name}
        </Heading>
        {component.isNew ? <Badge variant="new">New</Badge> : null}
        {component.archived ? <Badge variant="neutral">Archived</Badge> : null}
        {component.requiresJavaScript ? (
          <span className="inline-flex items-center gap-x-1 text-xs/5 font-medium text-gray-500">
            <BoltIcon className="size-3.5 text-amber-500" />
            Requires JavaScript
          </span>
        ) : null}
        {component.updatedOn ? (
          <span data-slot="updated-on" className="text-xs/5 text-gray-500">
            {(component.version ?? 1) > 1 ? 'Updated' : 'Added'}{' '}
            <FormattedDate value={component.updatedOn} dateStyle="medium" />
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">{actions}</div>
    </div>
  );

  const preview = (
    <ComponentPreview
      component={component}
      colorScheme={colorScheme}
      defaultWidth={defaultPreviewWidth}
      preset={dragged ? null : chosenWidth}
      onPresetChange={chooseWidth}
      onResize={() => setDragged(true)}
      direction={direction}
      onDirectionChange={setDirection}
    />
  );
  const schemeSwitch = (
    <ColorSchemeSwitch
      label={`${component.name} preview colour scheme`}
      value={colorScheme}
      onChange={onColorSchemeChange ?? setOwnColorScheme}
    />
  );
  const related = component.related ? (
    <RelatedComponents
      componentName={component.name}
      items={component.related}
      headingLevel={headingLevel === 2 ? 3 : 4}
    />
  ) : null;
  const credits = component.imageCreditsHtml ? (
    <div
      data-slot="image-credits"
      className="mt-3 text-xs/5 text-gray-500 [&_a]:font-medium [&_a]:text-gray-700 [&_a]:underline [&_a]:decoration-gray-300 [&_a]:underline-offset-2 [&_a:hover]:text-gray-900"
      // Written by the catalogue's authors in the component's front matter: trusted.
      dangerouslySetInnerHTML={{ __html: component.imageCreditsHtml }}
    />
  ) : null;

  if (!showCode) {
    return (
      <section
        id={component.anchor}
        aria-labelledby={titleId}
        data-slot="component-view"
        data-view-type={component.viewType}
        className={cn('scroll-mt-6', className)}
      >
        {header(
          <>
            <span className="inline-flex items-center gap-x-1.5 rounded-control bg-gray-100 px-3 py-1.5 text-sm font-medium text-gray-900">
              <EyeIcon className="size-4 text-gray-500" />
              {component.viewType === 'pngPreview' ? 'PNG Preview' : 'Preview'}
            </span>
            {schemeSwitch}
            {locked ? (
              <Link href={pricingUrl} className={buttonVariants({ size: 'sm' })}>
                <LockClosedIcon />
                {getTheCodeLabel(signedIn)}
              </Link>
            ) : null}
          </>,
        )}
        {preview}
        {credits}
        {previewOnly ? null : history(false)}
        {related}
      </section>
    );
  }

  return (
    <section
      id={component.anchor}
      aria-labelledby={titleId}
      data-slot="component-view"
      data-view-type={component.viewType}
      className={cn('scroll-mt-6', className)}
    >
      <Tabs defaultValue={defaultTab} className="gap-0">
        {header(
          <>
            <TabsList variant="pills" aria-label={`${component.name} view`}>
              <TabsTrigger value="preview">
                <EyeIcon />
                Preview
              </TabsTrigger>
              <TabsTrigger value="code">
                <CodeBracketIcon />
                Code
              </TabsTrigger>
            </TabsList>
            {schemeSwitch}
            <Select
              label="Code language"
              labelHidden
              className="w-28"
              options={component.snippets.map((option) => ({
                value: option.language,
                label: option.label,
              }))}
              value={snippet.language}
              onChange={(value) => {
                const chosen = component.snippets.find((option) => option.language === value);
                if (chosen) onLanguageChange?.(chosen.language);
              }}
            />
            <CopyButton
              text={snippet.snippet}
              aria-describedby={titleId}
              onCopied={() => {
                setCopiedNow(true);
                onCopied?.(component);
              }}
            />
          </>,
        )}
        <TabsContent value="preview">
          {preview}
          {credits}
        </TabsContent>
        <TabsContent value="code">
          <CodeBlock snippet={snippet} label={`${component.name}, ${snippet.label} code`} />
        </TabsContent>
      </Tabs>
      {history(true)}
      {related}
    </section>
  );
}

// The preview's scheme, not the store's: `scheme-light` pins the store's light-dark() colours to
// their light values here (decision 066), and `system` follows the device by its media query.
const FRAME_BACKGROUND: Record<PreviewColorScheme, string> = {
  light: 'bg-white scheme-light',
  dark: 'bg-gray-900 scheme-light',
  system: 'bg-white scheme-light [@media(prefers-color-scheme:dark)]:bg-gray-900',
};

function ComponentPreview({
  component,
  colorScheme,
  defaultWidth,
  preset,
  onPresetChange,
  onResize,
  direction,
  onDirectionChange,
}: {
  component: CatalogComponent;
  colorScheme: PreviewColorScheme;
  defaultWidth?: number;
  /** null after a drag. */
  preset: PreviewWidth | null;
  onPresetChange: (width: PreviewWidth) => void;
  onResize: () => void;
  direction: PreviewDirection;
  onDirectionChange: (direction: PreviewDirection) => void;
}) {
  const frame = cn(
    'overflow-hidden rounded-xl ring-1 ring-gray-900/10',
    FRAME_BACKGROUND[colorScheme],
  );
  if (component.viewType === 'pngPreview' || (!component.previewUrl && !component.iframeHtml)) {
    const srcSet = (small: string, large: string) =>
      `${small} ${component.smallWidth}w, ${large} ${component.largeWidth}w`;
    const light = srcSet(component.smallScreenshotUrl, component.largeScreenshotUrl);
    const dark = srcSet(component.smallDarkScreenshotUrl, component.largeDarkScreenshotUrl);
    const sizes = `(max-width: ${PREVIEW_BREAKPOINT - 1}px) ${component.smallWidth}px, ${component.largeWidth}px`;
    return (
      <div className={frame} data-color-scheme={colorScheme}>
        <CatalogueImage
          sources={
            colorScheme === 'system' ? (
              <source media="(prefers-color-scheme: dark)" srcSet={dark} sizes={sizes} />
            ) : null
          }
          name={component.name}
          src={
            colorScheme === 'dark' ? component.largeDarkScreenshotUrl : component.largeScreenshotUrl
          }
          srcSet={colorScheme === 'dark' ? dark : light}
          sizes={sizes}
          width={component.largeWidth}
          height={component.largeHeight}
          alt={`Screenshot of the ${component.name} component`}
          loading="lazy"
          className="block h-auto w-full"
        />
      </div>
    );
  }
  return (
    <>
      <div
        data-slot="preview-controls"
        className="mb-3 flex flex-wrap items-center justify-end gap-2"
      >
        <PreviewWidthSwitch
          label={`${component.name} preview width`}
          value={preset}
          onChange={onPresetChange}
        />
        <DirectionToggle name={component.name} value={direction} onChange={onDirectionChange} />
      </div>
      <ResizablePreview
        label={`Resize the ${component.name} preview`}
        defaultWidth={defaultWidth}
        presetWidth={preset === null ? undefined : PREVIEW_WIDTH_PIXELS[preset]}
        onResize={onResize}
        className={frame}
      >
        {() => (
          <PreviewFrame component={component} colorScheme={colorScheme} direction={direction} />
        )}
      </ResizablePreview>
    </>
  );
}

function PreviewFrame({
  component,
  colorScheme,
  direction,
}: {
  component: CatalogComponent;
  colorScheme: PreviewColorScheme;
  direction: PreviewDirection;
}) {
  const iframeRef = useRef<HTMLIFrameElement>(null);
  const reportedHeight = useBodyHeight(iframeRef, component.uuid);
  // The first paint already in the chosen mode; later choices are posted (no reload). The
  // fragment is fixed at mount so that switching never navigates the frame.
  const [initialScheme] = useState(colorScheme);
  const [initialDirection] = useState(direction);
  const onLoad = () => {
    const frame = iframeRef.current;
    frame?.contentWindow?.postMessage(colorSchemeMessage(colorScheme), '*');
    frame?.contentWindow?.postMessage(directionMessage(direction), '*');
    requestBodyHeight(frame);
  };
  useEffect(() => {
    iframeRef.current?.contentWindow?.postMessage(colorSchemeMessage(colorScheme), '*');
  }, [colorScheme]);
  useEffect(() => {
    iframeRef.current?.contentWindow?.postMessage(directionMessage(direction), '*');
  }, [direction]);
  const fragment = `color-scheme=${initialScheme}${initialDirection === 'rtl' ? '&dir=rtl' : ''}`;
  const src = component.previewUrl ? `${component.previewUrl}#${fragment}` : null;
  // Until the document reports its height, the frame reserves the one the build recorded for the
  // width it has (CSS, so already in the server's HTML); the report then changes nothing.
  const reserveKey = component.uuid.replace(/[^A-Za-z0-9-]/g, '');
  return (
    <>
      <style>
        {reservedHeightStyle(`iframe[data-reserve="${reserveKey}"]`, component, colorScheme)}
      </style>
      <iframe
        ref={iframeRef}
        title={`${component.name} preview`}
        // Scripts run (interactive components) but the document stays cross-origin to the store.
        sandbox="allow-scripts"
        src={component.iframeHtml ? undefined : (src ?? undefined)}
        srcDoc={component.iframeHtml ?? undefined}
        loading="lazy"
        onLoad={onLoad}
        data-reserve={reserveKey}
        data-height-source={reportedHeight === null ? 'reserved' : 'document'}
        data-color-scheme={colorScheme}
        data-direction={direction}
        style={reportedHeight === null ? undefined : { height: reportedHeight }}
        className="block w-full bg-transparent"
      />
    </>
  );
}

import { Breadcrumbs, Link } from '@tessera/ui';
import { ArchiveBoxIcon } from '../catalog/icons';
import { componentCountLabel } from '../catalog/category-card';
import type { CatalogComponent, Subcategory } from '../catalog/types';
import { ComponentView } from '../component-view/component-view';
import { HydrateWhen } from '../shared/hydrate-when';
import type { PreviewColorScheme, PreviewWidth, SnippetLanguage } from '../shared/shared-page-data';

/**
 * Signed-out visitors (and search engines) read 'Tailwind CSS {name}'; signed-in users just the
 * name.
 */
export function componentCategoryPageTitle(
  subcategory: Pick<Subcategory, 'name'>,
  signedIn: boolean,
): string {
  return signedIn ? subcategory.name : `Tailwind CSS ${subcategory.name}`;
}

/** The subcategory's list with its archived examples (GET with include=archived). */
export function archivedExamplesUrl(url: string): string {
  return `${url}?include=archived`;
}

export type ComponentCategoryPageProps = {
  subcategory: Subcategory;
  signedIn: boolean;
  /** The shared `snippetLang`. */
  snippetLang: SnippetLanguage;
  /** The container PUTs /snippet-language, preserving scroll. */
  onLanguageChange: (language: SnippetLanguage) => void;
  /** The shared `previewColorScheme`. */
  previewColorScheme?: PreviewColorScheme;
  /** The container PUTs /preview-color-scheme, preserving scroll. */
  onPreviewColorSchemeChange?: (scheme: PreviewColorScheme) => void;
  /** The shared `previewWidth`. */
  previewWidth?: PreviewWidth;
  /** The container PUTs /preview-width, preserving scroll. */
  onPreviewWidthChange?: (width: PreviewWidth) => void;
  /** Where 'Get the code' and 'Upgrade to get these components' lead. */
  pricingUrl?: string;
  /** A component's code was copied: the container records it (decision 065). */
  onCopied?: (component: CatalogComponent) => void;
};

/** What the server sends the ComponentCategory page; shared page data comes on top. */
export type ComponentCategoryPageData = Pick<ComponentCategoryPageProps, 'subcategory'>;

/**
 * A subcategory's page (the ComponentCategory page): breadcrumb, title, its components, and a
 * link to the archived examples when there are any.
 */
export function ComponentCategoryPage({
  subcategory,
  signedIn,
  snippetLang,
  onLanguageChange,
  previewColorScheme = 'light',
  onPreviewColorSchemeChange,
  previewWidth = 'full',
  onPreviewWidthChange,
  pricingUrl,
  onCopied,
}: ComponentCategoryPageProps) {
  const { category } = subcategory;
  return (
    <div data-slot="component-category-page" className="mx-auto max-w-7xl px-6 lg:px-8">
      <header className="border-b border-gray-900/10 pt-10 pb-10 sm:pt-12">
        <Breadcrumbs
          items={[
            { label: category.product.name, href: category.product.url },
            { label: category.name, href: category.url },
            { label: subcategory.name },
          ]}
        />
        <h1 className="mt-5 text-3xl font-semibold tracking-tight text-gray-900 sm:text-4xl">
          {componentCategoryPageTitle(subcategory, signedIn)}
        </h1>
        {signedIn ? (
          <p className="mt-2 text-sm/6 text-gray-500">
            {componentCountLabel(subcategory.components.length)}
          </p>
        ) : (
          <p className="mt-4 max-w-3xl text-lg/8 text-pretty text-gray-600">
            {subcategory.introduction}
          </p>
        )}
        {subcategory.showingArchived ? (
          <p className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-control bg-gray-50 px-4 py-3 text-sm/6 text-gray-700 ring-1 ring-gray-900/5">
            <ArchiveBoxIcon className="size-5 flex-none text-gray-400" />
            <span>Archived examples are included: older versions, kept for existing projects.</span>
            <Link
              href={subcategory.url}
              className="font-semibold text-brand-600 hover:text-brand-500"
            >
              Hide archived examples
            </Link>
          </p>
        ) : null}
      </header>
      <ul role="list" className="space-y-20 py-10 sm:py-12">
        {subcategory.components.map((component) => (
          <li key={component.uuid} id={`component-${component.uuid}`} className="scroll-mt-24">
            {/* Each component hydrates on its own, when it comes near the viewport. */}
            <HydrateWhen when="visible">
              <ComponentView
                component={component}
                signedIn={signedIn}
                snippetLang={snippetLang}
                onLanguageChange={onLanguageChange}
                colorScheme={previewColorScheme}
                onColorSchemeChange={onPreviewColorSchemeChange}
                previewWidth={previewWidth}
                onPreviewWidthChange={onPreviewWidthChange}
                pricingUrl={pricingUrl}
                onCopied={onCopied}
              />
            </HydrateWhen>
          </li>
        ))}
      </ul>
      {subcategory.hasArchived && !subcategory.showingArchived ? (
        <div className="mb-16 flex flex-col items-center gap-y-3 border-t border-gray-900/10 pt-10 text-center">
          <ArchiveBoxIcon className="size-6 text-gray-400" />
          <p className="text-sm/6 text-gray-600">
            Looking for an older version of one of these {subcategory.name.toLowerCase()}?
          </p>
          <Link
            href={archivedExamplesUrl(subcategory.url)}
            className="text-sm/6 font-semibold text-brand-600 hover:text-brand-500"
          >
            Show archived examples <span aria-hidden="true">&rarr;</span>
          </Link>
        </div>
      ) : null}
    </div>
  );
}

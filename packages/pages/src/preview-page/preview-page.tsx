import { Breadcrumbs } from '@tessera/ui';
import type { PlaygroundComponent } from '../catalog/types';
import { ComponentView } from '../component-view/component-view';

export const previewPageTitle = 'Preview';

export type PreviewPageProps = {
  components: PlaygroundComponent[];
  signedIn: boolean;
  pricingUrl?: string;
};

/** What the server sends the Preview page; shared page data comes on top. */
export type PreviewPageData = Pick<PreviewPageProps, 'components'>;

/** The Preview page (playground): live previews with where each lives in the catalogue. */
export function PreviewPage({ components, signedIn, pricingUrl }: PreviewPageProps) {
  return (
    <div data-slot="preview-page" className="mx-auto max-w-7xl px-6 lg:px-8">
      <header className="border-b border-gray-900/10 pt-10 pb-10 sm:pt-12">
        <h1 className="text-3xl font-semibold tracking-tight text-gray-900 sm:text-4xl">Preview</h1>
        <p className="mt-4 max-w-3xl text-lg/8 text-pretty text-gray-600">
          Try components at every screen size. Drag the handle on the right edge of a preview, or
          focus it and use the arrow keys, to see how each layout responds.
        </p>
      </header>
      {components.length === 0 ? (
        <p className="py-16 text-center text-sm/6 text-gray-500">
          There is nothing to preview yet.
        </p>
      ) : (
        <ul role="list" className="space-y-20 py-10 sm:py-12">
          {components.map((component) => (
            <li key={component.uuid}>
              <Breadcrumbs
                aria-label={`Where ${component.name} is in the catalogue`}
                className="mb-3"
                items={[
                  { label: component.product.name, href: component.product.url },
                  { label: component.category.name, href: component.category.url },
                  { label: component.subcategory.name, href: component.subcategory.url },
                  { label: component.name },
                ]}
              />
              <ComponentView
                component={component}
                signedIn={signedIn}
                pricingUrl={pricingUrl}
                previewOnly
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

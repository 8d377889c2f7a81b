import { Link, Tabs, TabsContent, TabsList, TabsTrigger } from '@tessera/ui';
import { useId } from 'react';
import { CategoryCard } from '../catalog/category-card';
import type { FeaturedProduct } from '../catalog/types';
import type { VersionPrefix } from '../shared/shared-page-data';

export type HomeComponentTabsProps = {
  products: FeaturedProduct[];
  versionPrefix?: VersionPrefix;
  /** The tab shown first (stories); the first product by default. */
  defaultProduct?: string;
};

/** Home's component tabs, one per product, each leading to its part of the catalogue. */
export function HomeComponentTabs({
  products,
  versionPrefix = '',
  defaultProduct,
}: HomeComponentTabsProps) {
  const headingId = useId();
  const first = products[0];
  if (!first) return null;
  return (
    <section aria-labelledby={headingId} data-slot="home-component-tabs">
      <div className="mx-auto max-w-7xl px-6 py-24 sm:py-28 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-base/7 font-semibold text-brand-600">Components</p>
          <h2
            id={headingId}
            className="mt-2 text-3xl font-semibold tracking-tight text-pretty text-gray-900 sm:text-4xl"
          >
            Every section, screen and element you need
          </h2>
          <p className="mt-4 text-lg/8 text-gray-600">
            Marketing pages, application screens and complete storefronts, designed together so they
            look right side by side.
          </p>
        </div>
        <Tabs defaultValue={defaultProduct ?? first.anchor} className="mt-10 gap-8">
          <TabsList aria-label="Products">
            {products.map((product) => (
              <TabsTrigger key={product.anchor} value={product.anchor}>
                {product.name}
              </TabsTrigger>
            ))}
          </TabsList>
          {products.map((product) => (
            <TabsContent key={product.anchor} value={product.anchor}>
              <p className="max-w-3xl text-base/7 text-gray-600">{product.description}</p>
              <ul
                role="list"
                className="mt-8 grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3"
              >
                {product.subcategories.map((subcategory) => (
                  <li key={subcategory.url}>
                    <CategoryCard subcategory={subcategory} headingLevel={3} />
                  </li>
                ))}
              </ul>
              <Link
                href={`${versionPrefix}/components#${product.anchor}`}
                className="mt-10 inline-flex items-center gap-x-1 text-sm/6 font-semibold text-brand-600 hover:text-brand-500"
              >
                Browse all {product.componentCount} {product.name} components
                <span aria-hidden="true">&rarr;</span>
              </Link>
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </section>
  );
}

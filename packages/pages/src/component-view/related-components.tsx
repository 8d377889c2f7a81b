import { cn, Link } from '@tessera/ui';
import { useId } from 'react';
import type { RelatedComponent } from '../catalog/types';
import { CatalogueImage } from '../shared/catalogue-image';

/**
 * Where a related component lives, most telling first: 'Stats · Application UI' (its
 * subcategory's page is what the link opens).
 */
export function relatedPlaceLabel(item: Pick<RelatedComponent, 'product' | 'subcategory'>) {
  return `${item.subcategory} · ${item.product}`;
}

export type RelatedComponentsProps = {
  /** The component they relate to: names the section ('Related to Simple centered'). */
  componentName: string;
  items: RelatedComponent[];
  headingLevel?: 3 | 4;
  className?: string;
};

/**
 * A component's related components as links, each with its name, where it lives and its card
 * picture when it has one. Nothing at all when there are none: no empty heading.
 */
export function RelatedComponents({
  componentName,
  items,
  headingLevel = 3,
  className,
}: RelatedComponentsProps) {
  const headingId = useId();
  const placeId = useId();
  if (items.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-labelledby={headingId}
      data-slot="related-components"
      className={cn('mt-8', className)}
    >
      <Heading id={headingId} className="text-sm/6 font-semibold text-gray-900">
        Related to {componentName}
      </Heading>
      <ul
        role="list"
        className="mt-3 grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-6"
      >
        {items.map((item, index) => (
          <li key={item.url} className="group relative min-w-0">
            <div className="overflow-hidden rounded-lg bg-gray-50 ring-1 ring-gray-900/5 transition group-hover:ring-gray-900/15">
              {item.imageUrl ? (
                <CatalogueImage
                  src={item.imageUrl}
                  alt={`Screenshot of ${item.name}`}
                  name={item.name}
                  width={840}
                  height={570}
                  loading="lazy"
                  className="aspect-[56/38] w-full object-cover"
                />
              ) : (
                <div
                  aria-hidden="true"
                  className="flex aspect-[56/38] items-center justify-center p-3 text-center text-xs/5 font-medium text-gray-500"
                >
                  {item.subcategory}
                </div>
              )}
            </div>
            <Link
              href={item.url}
              aria-describedby={`${placeId}-${index}`}
              className="mt-2 line-clamp-2 rounded-sm text-sm/6 font-medium text-gray-900 outline-none group-hover:text-brand-600 after:absolute after:inset-0 after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600"
            >
              {item.name}
            </Link>
            <p id={`${placeId}-${index}`} className="truncate text-xs/5 text-gray-500">
              {relatedPlaceLabel(item)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

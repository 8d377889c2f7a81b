import { Badge, cn, Link } from '@tessera/ui';
import { CatalogueImage } from '../shared/catalogue-image';
import { LockBadge } from './lock-badge';
import type { SubcategorySummary } from './types';

/** '1 component', '12 components'. */
export function componentCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'component' : 'components'}`;
}

export type CategoryCardProps = {
  subcategory: SubcategorySummary;
  /** The card title's heading level, so it fits the page's outline. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
};

/** A subcategory as a card: image, name, component count, New badge and lock badge. */
export function CategoryCard({ subcategory, headingLevel = 3, className }: CategoryCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div data-slot="category-card" className={cn('group relative', className)}>
      <div className="relative overflow-hidden rounded-card bg-gray-100 ring-1 ring-gray-900/5 transition group-hover:ring-gray-900/15">
        <CatalogueImage
          src={subcategory.imageUrl}
          alt={`Examples of ${subcategory.name} components`}
          name={subcategory.name}
          width={560}
          height={380}
          loading="lazy"
          className="aspect-[56/38] w-full object-cover transition group-hover:scale-[1.015]"
        />
        {subcategory.isLocked ? <LockBadge className="absolute top-3 right-3" /> : null}
      </div>
      <div className="mt-4 flex items-start justify-between gap-x-3">
        <div className="min-w-0">
          <Heading className="text-sm/6 font-semibold text-gray-900">
            <Link
              href={subcategory.url}
              className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-card focus-visible:after:outline-2 focus-visible:after:outline-offset-4 focus-visible:after:outline-brand-600"
            >
              {subcategory.name}
            </Link>
          </Heading>
          <p className="text-sm/6 text-gray-500">
            {componentCountLabel(subcategory.componentCount)}
          </p>
        </div>
        {subcategory.isNew ? (
          <Badge variant="new" className="mt-0.5">
            New
          </Badge>
        ) : null}
      </div>
    </div>
  );
}

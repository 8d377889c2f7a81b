import { Link } from '@tessera/ui';
import { TEMPLATE_IMAGE_SIZE } from '../constants';
import type { TemplateSummary } from '../catalog/types';
import { CatalogueImage } from '../shared/catalogue-image';

/**
 * `compact` in the Home page's carousel (a smaller type, the summary cut at two lines);
 * `large` on the Templates page, with a "View template" line under the summary.
 */
export type TemplateCardVariant = 'compact' | 'large';

const variants: Record<
  TemplateCardVariant,
  { card: string; image: string; type: string; heading: string; summary: string }
> = {
  compact: {
    card: 'group relative',
    image: 'aspect-[56/38] w-full object-cover transition group-hover:scale-[1.02]',
    type: 'mt-5 text-xs/5 font-semibold text-brand-600',
    heading: 'mt-1 text-base/7 font-semibold text-gray-900',
    summary: 'mt-1 line-clamp-2 text-sm/6 text-gray-600',
  },
  large: {
    card: 'group relative flex flex-col',
    image: 'aspect-[56/38] w-full object-cover transition group-hover:scale-[1.01]',
    type: 'mt-6 text-sm/6 font-semibold text-brand-600',
    heading: 'mt-1 text-xl/8 font-semibold tracking-tight text-gray-900',
    summary: 'mt-2 text-base/7 text-gray-600',
  },
};

export type TemplateCardProps = {
  template: TemplateSummary;
  variant?: TemplateCardVariant;
  /** The heading's level where the card stands: 3 under a section's heading, 2 under a page's. */
  headingLevel?: 2 | 3;
};

/**
 * One template as a card: its image, type, name and summary. The name is the card's one link,
 * stretched over the whole card, so the card is a single stop for the keyboard and a screen
 * reader hears the name once.
 */
export function TemplateCard({
  template,
  variant = 'compact',
  headingLevel = 3,
}: TemplateCardProps) {
  const classes = variants[variant];
  const Heading = `h${headingLevel}` as const;
  return (
    <article data-slot="template-card" className={classes.card}>
      <div className="overflow-hidden rounded-2xl bg-gray-100 ring-1 ring-gray-900/10">
        <CatalogueImage
          src={template.imageUrl}
          alt={`Screenshot of ${template.name}`}
          name={template.name}
          {...TEMPLATE_IMAGE_SIZE}
          loading="lazy"
          className={classes.image}
        />
      </div>
      <p className={classes.type}>{template.type}</p>
      <Heading className={classes.heading}>
        <Link
          href={template.url}
          className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-offset-4 focus-visible:after:outline-brand-600"
        >
          {template.name}
        </Link>
      </Heading>
      <p className={classes.summary}>{template.summary}</p>
      {variant === 'large' ? (
        <p
          aria-hidden="true"
          className="mt-4 text-sm/6 font-semibold text-gray-900 group-hover:text-brand-600"
        >
          View template <span>&rarr;</span>
        </p>
      ) : null}
    </article>
  );
}

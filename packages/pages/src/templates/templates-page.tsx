import { Link } from '@tessera/ui';
import type { TemplateSummary } from '../catalog/types';
import { CatalogueImage } from '../shared/catalogue-image';

export const templatesPageTitle = 'Templates';

export type TemplatesPageProps = {
  templates: TemplateSummary[];
};

/** What the server sends the Templates page; shared page data comes on top. */
export type TemplatesPageData = Pick<TemplatesPageProps, 'templates'>;

/** Spec §2 Templates: every template with an anchor, its image, type and summary. */
export function TemplatesPage({ templates }: TemplatesPageProps) {
  return (
    <div data-slot="templates-page" className="mx-auto max-w-7xl px-6 pt-16 pb-24 sm:pt-20 lg:px-8">
      <div className="max-w-3xl">
        <h1 className="text-4xl font-semibold tracking-tight text-gray-900 sm:text-5xl">
          Templates
        </h1>
        <p className="mt-4 text-lg/8 text-pretty text-gray-600">
          Complete, production-ready sites and UI kits built with React, Next.js and Tailwind CSS.
          Download the source, make it yours and ship it this week.
        </p>
      </div>
      <ul
        role="list"
        className="mt-16 grid grid-cols-1 gap-x-8 gap-y-16 border-t border-gray-900/10 pt-16 md:grid-cols-2"
      >
        {templates.map((template) => (
          <li key={template.slug} id={template.anchor} className="scroll-mt-8">
            <TemplateListing template={template} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function TemplateListing({ template }: { template: TemplateSummary }) {
  return (
    <article className="group relative flex flex-col">
      <div className="overflow-hidden rounded-2xl bg-gray-100 ring-1 ring-gray-900/10">
        <CatalogueImage
          src={template.imageUrl}
          alt={`Screenshot of ${template.name}`}
          name={template.name}
          width={560}
          height={380}
          loading="lazy"
          className="aspect-[56/38] w-full object-cover transition group-hover:scale-[1.01]"
        />
      </div>
      <p className="mt-6 text-sm/6 font-semibold text-brand-600">{template.type}</p>
      <h2 className="mt-1 text-xl/8 font-semibold tracking-tight text-gray-900">
        <Link
          href={template.url}
          className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-offset-4 focus-visible:after:outline-brand-600"
        >
          {template.name}
        </Link>
      </h2>
      <p className="mt-2 text-base/7 text-gray-600">{template.summary}</p>
      <p
        aria-hidden="true"
        className="mt-4 text-sm/6 font-semibold text-gray-900 group-hover:text-brand-600"
      >
        View template <span>&rarr;</span>
      </p>
    </article>
  );
}

import type { TemplateSummary } from '../catalog/types';
import { TemplateCard } from './template-card';

export const templatesPageTitle = 'Templates';

export type TemplatesPageProps = {
  templates: TemplateSummary[];
};

/** What the server sends the Templates page; shared page data comes on top. */
export type TemplatesPageData = Pick<TemplatesPageProps, 'templates'>;

/** The Templates page: every template with an anchor, its image, type and summary. */
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
            <TemplateCard template={template} variant="large" headingLevel={2} />
          </li>
        ))}
      </ul>
    </div>
  );
}

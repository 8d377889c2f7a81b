import { Badge, buttonVariants, cn, Link, Price } from '@tessera/ui';
import { useId } from 'react';
import { ALL_ACCESS_URL, TEMPLATE_BANNER_SIZE } from '../constants';
import {
  ArrowDownTrayIcon,
  ArrowTopRightOnSquareIcon,
  CheckCircleIcon,
  ChevronLeftIcon,
} from '../catalog/icons';
import type { TemplateDetail } from '../catalog/types';
import { FaqDisclosure } from '../faq/faq-disclosure';
import { Prose } from '../prose/prose';
import { CatalogueImage } from '../shared/catalogue-image';

/** e.g. 'Catalyst - Application UI kit'; the container adds the brand. */
export function templatePageTitle(template: Pick<TemplateDetail, 'name' | 'type'>): string {
  return `${template.name} - ${template.type}`;
}

export type TemplatePageProps = {
  template: TemplateDetail;
  /** The shared `preferredLanguage`, for the price. */
  locale?: string;
};

/** What the server sends the Template page; shared page data comes on top. */
export type TemplatePageData = Pick<TemplatePageProps, 'template'>;

/** A template's page: description, preview, download or price, screenshots, technologies, FAQ. */
export function TemplatePage({ template, locale }: TemplatePageProps) {
  const aboutId = useId();
  const screenshotsId = useId();
  const faqId = useId();
  const technologiesId = useId();
  return (
    <div data-slot="template-page">
      <div className="mx-auto max-w-7xl px-6 pt-10 lg:px-8">
        <Link
          href={`/templates#${template.anchor}`}
          className="inline-flex items-center gap-x-1 text-sm/6 font-semibold text-gray-600 hover:text-gray-900"
        >
          <ChevronLeftIcon className="size-4" />
          All templates
        </Link>
        <div className="mt-8 grid grid-cols-1 items-center gap-x-12 gap-y-12 lg:grid-cols-12">
          <div className="lg:col-span-5">
            <p className="text-sm/6 font-semibold text-brand-600">{template.type}</p>
            <h1 className="mt-2 text-4xl font-semibold tracking-tight text-gray-900 sm:text-5xl">
              {template.name}
            </h1>
            <p className="mt-5 text-lg/8 text-pretty text-gray-600">{template.summary}</p>
            <Purchase template={template} locale={locale} />
          </div>
          <div className="lg:col-span-7">
            <CatalogueImage
              src={template.bannerUrl}
              alt={`${template.name} home page`}
              name={template.name}
              {...TEMPLATE_BANNER_SIZE}
              className="aspect-[5/4] w-full rounded-2xl bg-gray-100 object-cover shadow-xl ring-1 ring-gray-900/10"
            />
          </div>
        </div>
      </div>

      <div className="mx-auto mt-24 grid max-w-7xl grid-cols-1 gap-x-12 gap-y-16 px-6 lg:grid-cols-12 lg:px-8">
        <section aria-labelledby={aboutId} className="lg:col-span-8">
          <h2 id={aboutId} className="text-2xl font-semibold tracking-tight text-gray-900">
            About {template.name}
          </h2>
          <Prose html={template.descriptionHtml} className="mt-6" />
        </section>
        <aside aria-labelledby={technologiesId} className="lg:col-span-4">
          <div className="rounded-2xl bg-gray-50 p-6 ring-1 ring-gray-900/5">
            <h2 id={technologiesId} className="text-sm/6 font-semibold text-gray-900">
              Technologies
            </h2>
            <ul role="list" className="mt-4 divide-y divide-gray-900/5">
              {template.technologies.map((technology) => (
                <li
                  key={technology.name}
                  className="flex items-center justify-between gap-x-4 py-3 text-sm/6"
                >
                  <span className="font-medium text-gray-900">{technology.name}</span>
                  {technology.version ? (
                    <span className="font-mono text-xs text-gray-500">{technology.version}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </div>

      {template.images.length > 0 ? (
        <section aria-labelledby={screenshotsId} className="mx-auto mt-24 max-w-7xl px-6 lg:px-8">
          <h2 id={screenshotsId} className="text-2xl font-semibold tracking-tight text-gray-900">
            Screenshots
          </h2>
          <ul role="list" className="mt-8 grid grid-cols-1 gap-8 sm:grid-cols-2">
            {template.images.map((image) => (
              <li key={image.url}>
                <CatalogueImage
                  src={image.url}
                  alt={image.alt}
                  name={template.name}
                  {...TEMPLATE_BANNER_SIZE}
                  loading="lazy"
                  className="aspect-[5/4] w-full rounded-2xl bg-gray-100 object-cover ring-1 ring-gray-900/10"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {template.faq.length > 0 ? (
        <section aria-labelledby={faqId} className="mx-auto mt-24 mb-24 max-w-7xl px-6 lg:px-8">
          <div className="mx-auto max-w-3xl">
            <h2 id={faqId} className="text-2xl font-semibold tracking-tight text-gray-900">
              Frequently asked questions
            </h2>
            <div className="mt-6 divide-y divide-gray-900/10 border-y border-gray-900/10">
              {template.faq.map((entry) => (
                <FaqDisclosure key={entry.question} question={entry.question}>
                  <Prose html={entry.answerHtml} className="text-gray-600" />
                </FaqDisclosure>
              ))}
            </div>
          </div>
        </section>
      ) : (
        <div className="mb-24" />
      )}
    </div>
  );
}

function Purchase({ template, locale }: { template: TemplateDetail; locale?: string }) {
  const preview = (
    <a
      href={template.previewUrl}
      target="_blank"
      rel="noreferrer"
      className={buttonVariants({ variant: 'secondary', size: 'lg' })}
    >
      <ArrowTopRightOnSquareIcon />
      Live preview <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
  if (template.downloadUrl) {
    return (
      <div className="mt-8">
        <Badge variant="new" className="gap-x-1.5">
          <CheckCircleIcon />
          You own {template.name}
        </Badge>
        <div className="mt-6 flex flex-wrap gap-4">
          <Link href={template.downloadUrl} download className={buttonVariants({ size: 'lg' })}>
            <ArrowDownTrayIcon />
            Download
          </Link>
          {preview}
        </div>
      </div>
    );
  }
  if (!template.price || !template.checkoutUrl) {
    return (
      <div className="mt-8">
        <p className="text-base/7 text-gray-600">
          {template.name} comes with{' '}
          <Link href={ALL_ACCESS_URL} className="font-semibold text-brand-600 hover:text-brand-500">
            all-access
          </Link>
          , with every other template and UI kit.
        </p>
        <div className="mt-6 flex flex-wrap gap-4">
          <Link href={ALL_ACCESS_URL} className={cn(buttonVariants({ size: 'lg' }))}>
            Get all-access
          </Link>
          {preview}
        </div>
      </div>
    );
  }
  return (
    <div className="mt-8">
      <p className="flex items-baseline gap-x-2">
        <Price
          amount={template.price.amount}
          currency={template.price.currency}
          locale={locale}
          className="text-4xl font-semibold tracking-tight text-gray-900"
        />
        <span className="text-sm/6 text-gray-500">one-time payment, plus local taxes</span>
      </p>
      <div className="mt-6 flex flex-wrap gap-4">
        <Link href={template.checkoutUrl} className={cn(buttonVariants({ size: 'lg' }))}>
          Buy {template.name}
        </Link>
        {preview}
      </div>
      <p className="mt-4 text-sm/6 text-gray-600">
        Or get every template and UI kit with{' '}
        <Link href={ALL_ACCESS_URL} className="font-semibold text-brand-600 hover:text-brand-500">
          all-access
        </Link>
        .
      </p>
    </div>
  );
}

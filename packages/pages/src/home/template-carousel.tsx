import { Button, Link } from '@tessera/ui';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../catalog/icons';
import type { TemplateSummary } from '../catalog/types';
import { TemplateCard } from '../templates/template-card';

export type TemplateCarouselProps = {
  templates: TemplateSummary[];
};

type Edges = { atStart: boolean; atEnd: boolean };

/** Home's templates: a horizontally scrolling row with previous and next buttons. */
export function TemplateCarousel({ templates }: TemplateCarouselProps) {
  const headingId = useId();
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState<Edges>({ atStart: true, atEnd: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const max = list.scrollWidth - list.clientWidth;
    setEdges({ atStart: list.scrollLeft <= 1, atEnd: list.scrollLeft >= max - 1 });
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure]);

  function page(direction: -1 | 1) {
    const list = listRef.current;
    if (!list) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({
      left: direction * list.clientWidth * 0.9,
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  }

  if (templates.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      data-slot="template-carousel"
      className="overflow-hidden border-t border-gray-900/10 bg-gray-50"
    >
      <div className="mx-auto max-w-7xl px-6 py-24 sm:py-28 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <div className="max-w-2xl">
            <p className="text-base/7 font-semibold text-brand-600">Templates</p>
            <h2
              id={headingId}
              className="mt-2 text-3xl font-semibold tracking-tight text-pretty text-gray-900 sm:text-4xl"
            >
              Complete sites, ready to launch
            </h2>
            <p className="mt-4 text-lg/8 text-gray-600">
              Site templates and UI kits built with React, Next.js and Tailwind CSS.{' '}
              <Link href="/templates" className="font-semibold text-brand-600 hover:text-brand-500">
                Browse all templates <span aria-hidden="true">&rarr;</span>
              </Link>
            </p>
          </div>
          <div className="flex gap-x-3">
            <Button
              variant="secondary"
              size="icon"
              className="rounded-full"
              aria-label="Previous templates"
              aria-controls={listId}
              disabled={edges.atStart}
              onClick={() => page(-1)}
            >
              <ChevronLeftIcon className="size-5" />
            </Button>
            <Button
              variant="secondary"
              size="icon"
              className="rounded-full"
              aria-label="Next templates"
              aria-controls={listId}
              disabled={edges.atEnd}
              onClick={() => page(1)}
            >
              <ChevronRightIcon className="size-5" />
            </Button>
          </div>
        </div>
        <ul
          ref={listRef}
          id={listId}
          role="list"
          className="-mx-6 mt-10 flex snap-x snap-mandatory scroll-px-6 [scrollbar-width:none] gap-x-8 overflow-x-auto px-6 pt-2 pb-4 lg:-mx-8 lg:scroll-px-8 lg:px-8"
        >
          {templates.map((template) => (
            <li key={template.slug} className="w-72 flex-none snap-start sm:w-80">
              <TemplateCard template={template} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

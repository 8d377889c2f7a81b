import { cn } from '@tessera/ui';
import type * as React from 'react';
import { MinusIcon, PlusIcon } from '../catalog/icons';

export type FaqDisclosureProps = {
  question: string;
  children: React.ReactNode;
  defaultOpen?: boolean;
  className?: string;
};

/** One question and its answer, as a native disclosure: keyboard and find-in-page work. */
export function FaqDisclosure({ question, children, defaultOpen, className }: FaqDisclosureProps) {
  return (
    <details data-slot="faq-disclosure" open={defaultOpen} className={cn('group py-5', className)}>
      <summary className="flex cursor-pointer list-none items-start justify-between gap-x-6 rounded-sm text-left text-base/7 font-semibold text-gray-900 outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <span>{question}</span>
        <span className="flex h-7 items-center text-gray-400 group-hover:text-gray-600">
          <PlusIcon className="size-5 group-open:hidden" />
          <MinusIcon className="hidden size-5 group-open:block" />
        </span>
      </summary>
      <div className="mt-2 pr-12 text-base/7 text-gray-600">{children}</div>
    </details>
  );
}

export const faqLinkClassName =
  'font-semibold text-brand-600 underline decoration-brand-600/30 underline-offset-2 hover:text-brand-500 hover:decoration-brand-500';

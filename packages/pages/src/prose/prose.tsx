import { cn } from '@tessera/ui';
import type * as React from 'react';

// There is no typography plugin in the toolchain: the styles reach into the server's HTML with
// arbitrary variants. Element selectors (0,1,1) beat the `>*` rhythm (0,1,0); first child last.
const proseClasses = cn(
  'min-w-0 text-base/7 text-gray-700',
  '[&>*]:mt-5 [&>:first-child]:mt-0',
  '[&_h2]:mt-12 [&_h2]:text-xl/8 [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-gray-900',
  '[&_h3]:mt-8 [&_h3]:text-base/7 [&_h3]:font-semibold [&_h3]:text-gray-900',
  '[&_h2+*]:mt-3 [&_h3+*]:mt-2',
  '[&_:is(h2,h3)]:scroll-mt-24',
  '[&_a]:font-medium [&_a]:text-brand-600 [&_a]:underline [&_a]:decoration-brand-600/30 [&_a]:underline-offset-2 [&_a:hover]:decoration-brand-600',
  '[&_strong]:font-semibold [&_strong]:text-gray-900',
  '[&_li]:mt-2 [&_li]:pl-1 [&_li::marker]:text-gray-400 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6',
  '[&_:not(pre)>code]:rounded-md [&_:not(pre)>code]:bg-gray-100 [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5',
  '[&_code]:font-mono [&_code]:text-[0.875em] [&_code]:text-gray-900',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-control [&_pre]:bg-gray-900 [&_pre]:px-5 [&_pre]:py-4 [&_pre]:text-sm/6 [&_pre_code]:text-gray-100',
  '[&_kbd]:rounded-md [&_kbd]:border [&_kbd]:border-gray-300 [&_kbd]:bg-gray-50 [&_kbd]:px-1.5 [&_kbd]:py-0.5 [&_kbd]:font-mono [&_kbd]:text-xs [&_kbd]:text-gray-900',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-gray-200 [&_blockquote]:pl-4 [&_blockquote]:text-gray-600',
  '[&_hr]:my-10 [&_hr]:border-gray-200',
  '[&_img]:rounded-card [&_img]:ring-1 [&_img]:ring-gray-900/5',
);

export type ProseProps = Omit<
  React.ComponentProps<'div'>,
  'children' | 'dangerouslySetInnerHTML'
> & {
  /** Server-rendered HTML (changelog, documentation, privacy policy). The server sanitizes it. */
  html: string;
};

/** Typography for HTML content the page did not write itself. */
export function Prose({ html, className, ...props }: ProseProps) {
  return (
    <div
      data-slot="prose"
      className={cn(proseClasses, className)}
      dangerouslySetInnerHTML={{ __html: html }}
      {...props}
    />
  );
}

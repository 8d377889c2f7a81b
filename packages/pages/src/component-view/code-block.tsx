import { Button, cn } from '@tessera/ui';
import { useId, useState, type CSSProperties } from 'react';
import type { ComponentSnippet } from '../catalog/types';

/** Code longer than this many lines starts folded, with a button to show it all. */
export const CODE_FOLD_LINES = 20;

export function countLines(code: string): number {
  return code.replace(/\n$/, '').split('\n').length;
}

export type CodeBlockProps = {
  snippet: ComponentSnippet;
  /** Names the code region, e.g. 'Simple centered, React code'. */
  label: string;
  className?: string;
};

/** The background Shiki's theme gives the code (`<pre … style="background-color:#fff">`). */
export function codeBackground(highlight: string): string {
  return (
    /<pre\b[^>]*\sstyle="[^"]*background-color:\s*(#[0-9a-f]{3,8})\b/i.exec(highlight)?.[1] ??
    '#fff'
  );
}

/**
 * Shiki-highlighted code, folded to {@link CODE_FOLD_LINES} lines with an expand button. The
 * frame, the fold's fade and the button row take the highlighting theme's own background, so a
 * block is one theme from top to bottom whichever theme the catalogue is highlighted with.
 */
export function CodeBlock({ snippet, label, className }: CodeBlockProps) {
  const codeId = useId();
  const background = codeBackground(snippet.highlight);
  const [expanded, setExpanded] = useState(false);
  const foldable = countLines(snippet.snippet) > CODE_FOLD_LINES;
  const collapsed = foldable && !expanded;
  return (
    <div
      data-slot="code-block"
      data-state={foldable ? (collapsed ? 'collapsed' : 'expanded') : undefined}
      style={{ '--code-background': background } as CSSProperties}
      className={cn(
        'relative overflow-hidden rounded-xl bg-(--code-background) ring-1 ring-gray-900/10',
        className,
      )}
    >
      <div
        id={codeId}
        role="region"
        aria-label={label}
        className={cn(
          '[&_pre]:overflow-x-auto [&_pre]:px-5 [&_pre]:py-4 [&_pre]:font-mono [&_pre]:text-[0.8125rem]/6 [&_pre]:outline-none [&_pre:focus-visible]:outline-2 [&_pre:focus-visible]:-outline-offset-2 [&_pre:focus-visible]:outline-brand-400',
          collapsed && 'max-h-[31rem] overflow-hidden',
        )}
        // Shiki's output from the catalogue build: trusted, never user input.
        dangerouslySetInnerHTML={{ __html: snippet.highlight }}
      />
      {foldable ? (
        <div
          className={cn(
            'flex justify-center pb-4',
            collapsed &&
              'absolute inset-x-0 bottom-0 bg-linear-to-t from-(--code-background) from-40% to-transparent pt-24',
          )}
        >
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={expanded}
            aria-controls={codeId}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? 'Collapse code' : 'Expand code'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

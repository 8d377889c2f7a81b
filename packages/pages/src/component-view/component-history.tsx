import { cn } from '@tessera/ui';
import { useId, useRef } from 'react';
import type { ComponentChange, ComponentTaken } from '../catalog/types';
import { FormattedDate } from '../prose/formatted-date';
import type { SnippetLanguage } from '../shared/shared-page-data';

export type ComponentHistoryProps = {
  componentName: string;
  /** Newest first. */
  changes: ComponentChange[];
  /** The language whose diffs are shown (the code tab's). */
  language: SnippetLanguage;
  /** The viewer owns the component: each change comes with its diff. */
  owned: boolean;
  /**
   * What the owner last copied or installed (decision 065): when it is older than the newest
   * change, a notice above the panel says so and opens it, and the newer versions are marked.
   */
  taken?: ComponentTaken;
  className?: string;
};

const TAKEN_VERB: Record<ComponentTaken['how'], string> = { copy: 'copied', install: 'installed' };

const LINE_CLASS = (line: string): string | undefined => {
  if (line.startsWith('+++') || line.startsWith('---')) return 'text-gray-500';
  if (line.startsWith('+')) return 'bg-emerald-50 text-emerald-900';
  if (line.startsWith('-')) return 'bg-red-50 text-red-900';
  if (line.startsWith('@@')) return 'text-indigo-700';
  return undefined;
};

/** A unified diff, its added and removed lines marked by colour as well as by `+` and `-`. */
export function DiffBlock({ patch, label }: { patch: string; label: string }) {
  const lines = patch.replace(/\n$/, '').split('\n');
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="mt-2 max-h-96 overflow-auto rounded-lg bg-gray-50 py-2 text-xs/5 text-gray-800 ring-1 ring-gray-900/10 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <code className="block min-w-max">
        {lines.map((line, index) => (
          <span key={index} className={cn('block px-3', LINE_CLASS(line))}>
            {line || ' '}
          </span>
        ))}
      </code>
    </pre>
  );
}

/**
 * 'What changed': every version of a component with its date and reason, newest first; an owner
 * also gets the diff of each change in the chosen language. A disclosure, so it works without
 * JavaScript.
 */
export function ComponentHistory({
  componentName,
  changes,
  language,
  owned,
  taken,
  className,
}: ComponentHistoryProps) {
  const panelId = useId();
  const panel = useRef<HTMLDetailsElement>(null);
  const newest = changes[0]?.version ?? 1;
  const behind = taken && taken.version < newest ? taken : undefined;
  const history = (
    <details
      ref={panel}
      id={panelId}
      data-slot="component-history"
      className={cn('group mt-4 text-sm/6', behind ? 'mt-2' : null, className)}
    >
      <summary className="w-fit cursor-pointer rounded-sm font-medium text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
        What changed<span className="sr-only"> in {componentName}</span>
      </summary>
      <ol className="mt-3 space-y-4 border-l border-gray-200 pl-4">
        {changes.map((change) => {
          const diff = change.diffs?.find((candidate) => candidate.language === language);
          return (
            <li key={change.version}>
              <p className="text-gray-500">
                Version {change.version} · <FormattedDate value={change.date} dateStyle="medium" />
                {change.version === 1 ? ' · added' : null}
                {behind && change.version > behind.version ? (
                  <span className="font-medium text-amber-800">
                    {' '}
                    · new since you {TAKEN_VERB[behind.how]} it
                  </span>
                ) : null}
              </p>
              <p className="text-gray-900">{change.reason}</p>
              {owned && change.version > 1 ? (
                diff?.patch ? (
                  <DiffBlock
                    patch={diff.patch}
                    label={`${componentName}, ${diff.label} changes in version ${change.version}`}
                  />
                ) : (
                  <p className="text-gray-500">
                    {diff ? `No change to the ${diff.label} code.` : null}
                  </p>
                )
              ) : null}
            </li>
          );
        })}
      </ol>
      {!owned && changes.length > 1 ? (
        <p className="mt-3 text-gray-500">Owners of this component see the code of each change.</p>
      ) : null}
    </details>
  );
  if (!behind) return history;
  return (
    <>
      <p
        data-slot="taken-notice"
        className="mt-4 rounded-control bg-amber-50 px-3 py-2 text-sm/6 text-amber-900 ring-1 ring-amber-600/20"
      >
        Changed since you {TAKEN_VERB[behind.how]} version {behind.version} on{' '}
        <FormattedDate value={behind.on} dateStyle="medium" />.{' '}
        <a
          href={`#${panelId}`}
          onClick={(event) => {
            // Without JavaScript the fragment leads to the panel; with it, the panel opens too
            // and its summary takes the focus (and so the scroll), leaving the address alone.
            const details = panel.current;
            if (!details) return;
            event.preventDefault();
            details.open = true;
            details.querySelector('summary')?.focus();
          }}
          className="font-semibold underline underline-offset-2 hover:text-amber-950"
        >
          See what changed<span className="sr-only"> in {componentName}</span>
        </a>
      </p>
      {history}
    </>
  );
}

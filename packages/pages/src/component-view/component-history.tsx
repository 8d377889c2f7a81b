import { cn } from '@tessera/ui';
import type { ComponentChange } from '../catalog/types';
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
  className?: string;
};

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
  className,
}: ComponentHistoryProps) {
  return (
    <details data-slot="component-history" className={cn('group mt-4 text-sm/6', className)}>
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
}

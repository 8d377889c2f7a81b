import { useId } from 'react';
import type * as React from 'react';

export type SettingsSectionProps = {
  title: string;
  /** One or two sentences on what the section changes, under the title. */
  description: string;
  /** The heading's id, when something else points at it (a table's `aria-labelledby`). */
  headingId?: string;
  children: React.ReactNode;
};

/**
 * One titled row of a settings page (Account settings, Team settings): the heading and its
 * description beside the content from `md`, above it on phones. The section is a landmark named
 * by its heading, so a screen reader lists the rows.
 */
export function SettingsSection({ title, description, headingId, children }: SettingsSectionProps) {
  const generatedId = useId();
  const id = headingId ?? generatedId;
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-x-8 gap-y-6 py-10 md:grid-cols-3">
      <div>
        <h2 id={id} className="text-base/7 font-semibold text-gray-900">
          {title}
        </h2>
        <p className="mt-1 text-sm/6 text-gray-600">{description}</p>
      </div>
      <div className="min-w-0 md:col-span-2">{children}</div>
    </section>
  );
}

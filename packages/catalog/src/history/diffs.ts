// The diff of each change in each language: every version's HTML goes through today's converters
// (or its own hand-completed overrides), so a React or Vue diff shows what the change means in
// the code a customer copies now, not a converter's own changes between releases.
import { createTwoFilesPatch } from 'diff';
import { componentNameFromSlug, htmlToReact } from '../pipeline/to-react.ts';
import { htmlToVue } from '../pipeline/to-vue.ts';
import type { ComponentHistory, VersionCode } from './history.ts';

export type DiffLanguage = 'html' | 'react' | 'vue';

export type LanguageDiff = {
  language: DiffLanguage;
  label: 'HTML' | 'React' | 'Vue';
  /** A unified diff (three lines of context); null when the code in this language is the same. */
  patch: string | null;
};

export type VersionDiff = { version: number; diffs: LanguageDiff[] };

type Snippets = Record<DiffLanguage, { file: string; code: string }>;

/** The three snippets of one version of a component, as the build would make them today. */
export function snippetsOf(code: VersionCode, path: string): Snippets {
  const slug = path.split('/').at(-1)!;
  const componentName = componentNameFromSlug(slug);
  return {
    html: { file: `${slug}.html`, code: code.html.trim() + '\n' },
    react: {
      file: `${componentName}.${code.react === undefined ? 'jsx' : 'tsx'}`,
      code: code.react ?? htmlToReact(code.html, { componentName, file: path }),
    },
    vue: { file: `${componentName}.vue`, code: code.vue ?? htmlToVue(code.html, { file: path }) },
  };
}

const LABELS = { html: 'HTML', react: 'React', vue: 'Vue' } as const;

/** A unified diff between two versions of a file, without the `===` banner line. */
export function unifiedDiff(
  file: { before: string; after: string },
  before: string,
  after: string,
): string | null {
  if (before === after) return null;
  return createTwoFilesPatch(file.before, file.after, before, after, undefined, undefined, {
    context: 3,
  })
    .split('\n')
    .filter((line, index) => !(index === 0 && line.startsWith('=')))
    .join('\n');
}

/**
 * Every change of a component (version 2 on), each with a diff per language against the version
 * before it. `current` is the newest version's code.
 */
export function historyDiffs(history: ComponentHistory, current: VersionCode): VersionDiff[] {
  const codeOf = (version: number): VersionCode =>
    version === history.entries.length ? current : history.earlier.get(version)!;
  const changes: VersionDiff[] = [];
  let before = history.entries.length > 1 ? snippetsOf(codeOf(1), history.path) : undefined;
  for (const entry of history.entries.slice(1)) {
    const after = snippetsOf(codeOf(entry.version), history.path);
    changes.push({
      version: entry.version,
      diffs: (['html', 'react', 'vue'] as const).map((language) => ({
        language,
        label: LABELS[language],
        patch: unifiedDiff(
          {
            before: `v${entry.version - 1}/${before![language].file}`,
            after: `v${entry.version}/${after[language].file}`,
          },
          before![language].code,
          after[language].code,
        ),
      })),
    });
    before = after;
  }
  return changes;
}

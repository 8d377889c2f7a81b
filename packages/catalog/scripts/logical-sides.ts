// Spells components' physical sides logically, so they mirror in a right-to-left document
// (CONTENT.md "Right to left"), and records each change as a new version in its history
// (CONTENT.md "Version history"):
//
//   node packages/catalog/scripts/logical-sides.ts --pending            every component in rtl-pending.txt
//   node packages/catalog/scripts/logical-sides.ts --all                every component
//   node packages/catalog/scripts/logical-sides.ts <component path>…    the ones named
//     [--reason "…"] [--date YYYY-MM-DD] [--release <changelog entry>] [--dry-run]
//
// Only class attributes change (`class="…"` and `className="…"`, in the HTML and in the
// hand-completed overrides), and in them only the unpaired physical utilities the build's
// right-to-left check flags (rtl.ts: `ml-4` → `ms-4`, `left-0` → `start-0`, `text-right` →
// `text-end`; `pl-4 pr-4` and a centred `left-1/2 -translate-x-1/2` stay), an anchored popover's
// side (`span-left` → `span-x-start`), and the icons and text arrows that point a way, which get
// `rtl:-scale-x-100`. Left to right the component draws as before: compare the build's
// screenshots. What none of these explain (a switch's thumb, a slide-over's transform) is left
// for a person; the build says which components still fail.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import {
  codeHash,
  earlierCodeBase,
  historyFile,
  type VersionCode,
} from '../src/history/history.ts';
import { readPendingList } from '../src/pipeline/dark-mode.ts';
import { CATALOG_ROOT, CONTENT_DIR, loadCatalog } from '../src/pipeline/load.ts';
import { logicalClassList, mirrorPointingIcons } from '../src/pipeline/rtl.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    pending: { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
    reason: {
      type: 'string',
      default:
        'Right to left: logical sides (ms-, ps-, start-, text-start…) and mirrored arrows, so it reads correctly both ways',
    },
    date: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    release: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
  },
});

const wanted = new Set(positionals);
if (values.pending) {
  for (const path of readPendingList(join(CATALOG_ROOT, 'rtl-pending.txt'))) wanted.add(path);
}
if (wanted.size === 0 && !values.all) {
  console.error('Name component paths, --pending (rtl-pending.txt) or --all.');
  process.exit(1);
}

/**
 * Every double-quoted class attribute's value spelled logically (logicalClassList), then the
 * icons and text arrows that point a way mirrored (mirrorPointingIcons).
 */
function logicalAttributes(text: string, attribute: 'class' | 'className' = 'class'): string {
  const logical = headerCellsAligned(text).replace(
    /(\b(?:class|className)=")([^"]*)(")/g,
    (_, open: string, classes: string, close: string) =>
      `${open}${logicalClassList(classes)}${close}`,
  );
  return mirrorPointingIcons(logical, attribute);
}

const TABLE_LEFT =
  /<(?:table|thead|tbody|tfoot|tr)\b[^>]*\bclass(?:Name)?="[^"]*(?<![\w:-])text-left(?![\w-])/;
const ALIGNED = /(?<![\w:-])text-(?:left|right|center|start|end|justify)(?![\w-])/;

/**
 * A header cell centres itself unless its row (or table) aligns text to a side other than
 * `start`: `text-left` on a `<table>` left-aligns its `<th>`s, `text-start` does not. When a table
 * part loses its `text-left`, each `<th>` without an alignment of its own gets `text-start`.
 */
function headerCellsAligned(text: string): string {
  if (!TABLE_LEFT.test(text)) return text;
  return text.replace(/<th\b([^>]*)>/g, (whole, attributes: string) => {
    const classes = /\bclass(?:Name)?="([^"]*)"/.exec(attributes);
    if (!classes) return `<th${attributes} class="text-start">`;
    if (ALIGNED.test(classes[1]!)) return whole;
    return whole.replace(classes[0], classes[0].replace(/"$/, ' text-start"'));
  });
}

async function formatted(code: string, file: string): Promise<string> {
  const config = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(code, { ...config, filepath: file });
}

const historyDir = join(CONTENT_DIR, 'history');
const components = loadCatalog().components.filter(
  (component) => values.all || wanted.has(component.path),
);
const unknown = [...wanted].filter((path) => !components.some((c) => c.path === path));
if (unknown.length > 0) {
  console.error(`No such component: ${unknown.join(', ')}`);
  process.exit(1);
}

let changed = 0;
for (const component of components) {
  const before: VersionCode = { html: component.html };
  if (component.overrides.react) before.react = component.overrides.react.source;
  if (component.overrides.vue) before.vue = component.overrides.vue.source;
  const after: VersionCode = { html: logicalAttributes(before.html) };
  // The overrides are formatted code (prettier and its Tailwind class order), as committed.
  if (component.overrides.react) {
    const { file, source } = component.overrides.react;
    after.react = await formatted(logicalAttributes(source, 'className'), file);
  }
  if (component.overrides.vue) {
    const { file, source } = component.overrides.vue;
    after.vue = await formatted(logicalAttributes(source), file);
  }
  if (codeHash(after) === codeHash(before)) continue;
  changed++;
  console.log(`${component.path}: ${codeHash(before)} → ${codeHash(after)}`);
  if (values['dry-run']) continue;

  // The history first: the code as it was is kept as the version before the new one.
  const file = historyFile(historyDir, component.path);
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines.indexOf(`${component.slug}:`);
  if (start === -1) throw new Error(`${component.path}: no history in ${file}`);
  let end = start + 1;
  while (end < lines.length && lines[end]!.startsWith(' ')) end++;
  const versions = lines.slice(start, end).filter((line) => /^ {2}- version: /.test(line));
  const current = versions.length;
  const last = lines
    .slice(start, end)
    .findLast((line) => line.startsWith('    hash: '))
    ?.match(/"([0-9a-f]{16})"/)?.[1];
  if (last !== codeHash(before)) {
    throw new Error(
      `${component.path}: its history's newest hash (${last}) is not its code's (${codeHash(before)}); record that change first`,
    );
  }
  const base = earlierCodeBase(historyDir, component.path, current);
  mkdirSync(dirname(base), { recursive: true });
  writeFileSync(`${base}.html`, before.html);
  if (before.react !== undefined) writeFileSync(`${base}.react.tsx`, before.react);
  if (before.vue !== undefined) writeFileSync(`${base}.vue`, before.vue);
  lines.splice(
    end,
    0,
    `  - version: ${current + 1}`,
    `    date: "${values.date}"`,
    `    hash: "${codeHash(after)}"`,
    `    reason: ${JSON.stringify(values.reason)}`,
    ...(values.release ? [`    release: ${values.release}`] : []),
  );
  writeFileSync(file, lines.join('\n'));

  // Then the code: only the class attributes change, the front matter is left as written.
  writeFileSync(component.file, logicalAttributes(component.source));
  if (component.overrides.react) {
    writeFileSync(component.overrides.react.file, after.react!);
  }
  if (component.overrides.vue) writeFileSync(component.overrides.vue.file, after.vue!);
}
console.log(
  `${changed} of ${components.length} component(s) ${values['dry-run'] ? 'would change' : 'changed'}.`,
);

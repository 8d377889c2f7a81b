// The server's module map, measured: `node scripts/toolchain.mjs node scripts/server-modules.mjs`.
// Prints, for apps/server/src, the import cycles between areas (each folder under modules/ is one
// area, and so are http/, db/, mail/ and each root file), every import that reaches into
// another module past its index.ts, and lines and files per module. `--json` prints the same
// as JSON. The lint step enforces the rules (.dependency-cruiser.cjs); this only counts.
import { readFileSync } from 'node:fs';
import { cruise } from 'dependency-cruiser';

const SRC = 'apps/server/src/';
const asJson = process.argv.includes('--json');

const { output } = await cruise([SRC], {
  tsPreCompilationDeps: true,
  exclude: { path: 'node_modules' },
  outputType: 'json',
});
const result = typeof output === 'string' ? JSON.parse(output) : output;

/** The area a file belongs to: `modules/<name>`, a folder (`http`, `db`, `mail`), a root file. */
function areaOf(file) {
  if (!file.startsWith(SRC)) return null;
  const rest = file.slice(SRC.length);
  // The demo world's seed composes modules like app.ts does: a root of its own, not db/'s.
  if (rest === 'db/seed.ts') return 'seed';
  const module = /^modules\/([^/]+)\//.exec(rest);
  if (module) return `modules/${module[1]}`;
  const folder = /^([^/]+)\//.exec(rest);
  return folder ? folder[1] : rest.replace(/\.ts$/, '');
}
const isTest = (file) => /\.test(-d)?\.ts$/.test(file);

const edges = new Map();
const deepImports = [];
const perModule = new Map();
for (const module of result.modules) {
  const from = areaOf(module.source);
  if (!from) continue;
  if (from.startsWith('modules/')) {
    const entry = perModule.get(from) ?? { files: 0, lines: 0, testFiles: 0, testLines: 0 };
    const lines = readFileSync(module.source, 'utf8').split('\n').length;
    if (isTest(module.source)) {
      entry.testFiles += 1;
      entry.testLines += lines;
    } else {
      entry.files += 1;
      entry.lines += lines;
    }
    perModule.set(from, entry);
  }
  for (const dependency of module.dependencies) {
    const to = areaOf(dependency.resolved);
    if (!to || to === from) continue;
    if (to.startsWith('modules/') && !dependency.resolved.endsWith(`${to}/index.ts`)) {
      deepImports.push(`${module.source} -> ${dependency.resolved}`);
    }
    // Tests may import what they test from anywhere; the shape is about the running code.
    if (isTest(module.source)) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}

// Tarjan's strongly connected components: every component of more than one area is a cycle.
function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const components = cycles(edges);
const pairs = [];
for (const [from, targets] of edges) {
  for (const to of targets)
    if (from < to && edges.get(to)?.has(from)) pairs.push(`${from} <-> ${to}`);
}
const modules = [...perModule.entries()].sort(([a], [b]) => a.localeCompare(b));

if (asJson) {
  console.log(
    JSON.stringify(
      { cycles: components, mutualPairs: pairs, deepImports, modules: Object.fromEntries(modules) },
      null,
      2,
    ),
  );
} else {
  console.log(`areas in import cycles: ${components.length} cycle(s)`);
  for (const component of components) console.log(`  ${component.join(', ')}`);
  console.log(`areas importing each other directly: ${pairs.length}`);
  for (const pair of pairs) console.log(`  ${pair}`);
  console.log(`imports past another module's index.ts: ${deepImports.length}`);
  for (const line of deepImports) console.log(`  ${line}`);
  console.log('module                 files  lines  test files  test lines');
  for (const [name, m] of modules) {
    console.log(
      `${name.padEnd(22)} ${String(m.files).padStart(5)} ${String(m.lines).padStart(6)} ${String(m.testFiles).padStart(11)} ${String(m.testLines).padStart(11)}`,
    );
  }
}

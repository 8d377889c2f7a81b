// Compares the screenshots of two catalogue builds (issue 24: "two cold builds give the same
// screenshots"), with pngjs and pixelmatch, code the pipeline's own comparison does not share:
//   node scripts/compare-screenshots.mjs <distA> <distB> [--json out.json]
// Every PNG under <dist>/screenshots and <dist>/templates is paired by path. A pair is
// identical (same bytes), equal in pixels (different bytes, no pixel differs), or different:
// then the count of differing pixels (pixelmatch's default threshold, anti-aliasing included)
// and the size are printed. Exits 1 when a file is missing on one side, a size differs, or a
// pair differs in more than the decision-028 tolerance (0.1% of its pixels).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const [a, b, ...rest] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: node scripts/compare-screenshots.mjs <distA> <distB> [--json out.json]');
  process.exit(2);
}
const jsonOut = rest[0] === '--json' ? rest[1] : undefined;
const TOLERANCE = 0.001;

function pngs(root) {
  const found = new Map();
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of entries) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.png')) found.set(relative(root, path), path);
    }
  };
  for (const folder of ['screenshots', 'templates']) walk(join(root, folder));
  return found;
}

const left = pngs(a);
const right = pngs(b);
const missing = [...new Set([...left.keys(), ...right.keys()])].filter(
  (name) => !left.has(name) || !right.has(name),
);
const result = {
  pairs: 0,
  identical: 0,
  samePixels: 0,
  withinTolerance: [],
  different: [],
  missing,
};
for (const [name, path] of left) {
  const other = right.get(name);
  if (!other) continue;
  result.pairs += 1;
  const [bytesA, bytesB] = [readFileSync(path), readFileSync(other)];
  if (bytesA.equals(bytesB)) {
    result.identical += 1;
    continue;
  }
  const [imageA, imageB] = [PNG.sync.read(bytesA), PNG.sync.read(bytesB)];
  if (imageA.width !== imageB.width || imageA.height !== imageB.height) {
    result.different.push({
      name,
      reason: `size ${imageA.width}×${imageA.height} vs ${imageB.width}×${imageB.height}`,
    });
    continue;
  }
  const { width, height } = imageA;
  const pixels = pixelmatch(imageA.data, imageB.data, null, width, height);
  if (pixels === 0) result.samePixels += 1;
  else {
    const entry = { name, pixels, share: pixels / (width * height), size: `${width}×${height}` };
    (entry.share <= TOLERANCE ? result.withinTolerance : result.different).push(entry);
  }
}

console.log(`${result.pairs} PNG pairs: ${result.identical} byte-identical, ${result.samePixels} equal in pixels,
${result.withinTolerance.length} within the 0.1% tolerance, ${result.different.length} different, ${missing.length} on one side only`);
for (const entry of [...result.different, ...result.withinTolerance].slice(0, 40))
  console.log(
    `  ${entry.name}: ${entry.reason ?? `${entry.pixels} px (${(entry.share * 100).toFixed(3)}%) of ${entry.size}`}`,
  );
for (const name of missing.slice(0, 20)) console.log(`  only in one build: ${name}`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(result, null, 2));
process.exitCode = result.different.length || missing.length ? 1 : 0;

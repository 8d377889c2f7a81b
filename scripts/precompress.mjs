// Pre-compressed copies of the storefront's hashed assets, made once at build time the way
// production servers serve them (nginx `gzip_static`/`brotli_static`): `x.js.br` and `x.js.gz`
// beside `x.js`. The server sends one of them when the browser accepts it
// (apps/server/src/http/ssr/assets.ts); docs/decisions/019-server-performance.md.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats only: images and fonts (woff2) are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.map']);
/** Below this a coded copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

/** Writes `.br` and `.gz` beside every compressible file of `dir` that lacks them; returns how many. */
export function precompressAssets(dir) {
  let written = 0;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (!COMPRESSIBLE.has(extname(name)) || !statSync(file).isFile()) continue;
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    // A copy no smaller than the original is not worth a request's negotiation.
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    written += 1;
  }
  return written;
}

/** Whether `dir` holds a compressible asset without its pre-compressed copies. */
export function needsPrecompression(dir) {
  return readdirSync(dir).some((name) => {
    if (!COMPRESSIBLE.has(extname(name))) return false;
    const file = join(dir, name);
    if (statSync(file).size < MIN_BYTES) return false;
    try {
      statSync(`${file}.br`);
      return false;
    } catch {
      return true;
    }
  });
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node scripts/precompress.mjs <assets dir>');
  console.log(`pre-compressed ${precompressAssets(dir)} file(s) in ${dir}`);
}

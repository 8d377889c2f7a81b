// Regression: every paid template's archive downloaded for anyone as `salient.zi%70`, because
// the public folders refused `.zip` by testing the still-encoded path. Here every file of the
// real catalogue build is asked for through every public mount, in every spelling a file server
// might decode back to it, as a visitor; no response may carry a byte of anything sold.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { clientDir } from '../../http/ssr/assets.ts';
import { loadCatalogue, type Catalogue } from './repository.ts';
import { isPngOnly } from './presenter.ts';

type TestApp = Awaited<ReturnType<typeof testApp>>;

let app: TestApp;
let server: http.Server;
let agent: http.Agent;
let catalogue: Catalogue;

beforeAll(async () => {
  app = await testApp();
  catalogue = loadCatalogue(app.config.catalogDist);
  server = app.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
});

afterAll(async () => {
  agent?.destroy();
  await new Promise((resolve) => server?.close(resolve));
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const encodeChar = (char: string, upper = false) =>
  [...Buffer.from(char)]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .map((code) => (upper ? code.toUpperCase() : code))
    .join('');

const encodeAll = (text: string, { slashes = false, upper = false } = {}) =>
  [...text].map((char) => (char === '/' && !slashes ? char : encodeChar(char, upper))).join('');

/**
 * The spellings of `rel` (a path relative to a mount, `..` included) we try: a public file has
 * no sold byte to give away, so it is asked for as is; anything else in every spelling.
 */
function spellings(rel: string, { every }: { every: boolean }): string[] {
  if (!every) return [rel];
  const dot = rel.lastIndexOf('.');
  const stem = rel.slice(0, dot);
  const extension = rel.slice(dot + 1);
  const mixedCase = [...extension]
    .map((char, index) => (index % 2 ? char.toLowerCase() : char.toUpperCase()))
    .join('');
  const variants = [
    rel,
    encodeAll(rel),
    encodeAll(rel, { slashes: true, upper: true }),
    encodeAll(encodeAll(rel)),
    `${stem}.${encodeAll(extension)}`,
    `${stem}%2e${extension}`,
    `${stem}%252e${extension}`,
    `${stem}.${mixedCase}`,
    // The name followed by an extension a public folder serves.
    `${rel}%00.png`,
    rel.replaceAll('/', '%5c'),
    rel.includes('../')
      ? rel.replaceAll('../', '%2e%2e/')
      : // Out of the folder and back in.
        `nope/%2e%2e/${rel}`,
  ];
  return [...new Set(variants)];
}

function get(urlPath: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

describe(`public catalogue folders (${TEST_DATABASE})`, () => {
  it(
    'send no byte of anything sold, however its path is spelled',
    { timeout: 600_000 },
    async () => {
      const dist = path.resolve(app.config.catalogDist);
      const mounts: { prefix: string; dir: string }[] = [
        { prefix: '/catalog/screenshots', dir: catalogue.dirs.screenshots },
        { prefix: '/images/catalog', dir: catalogue.dirs.images },
        { prefix: '/catalog/templates', dir: catalogue.dirs.templates },
        { prefix: '/catalog/previews', dir: path.join(dist, 'previews') },
        { prefix: '/build', dir: clientDir(app.config.storefrontDist) },
      ];

      // A visitor may see the preview of a static subcategory's component, never one whose
      // subcategory is PNG-only; code and archives are sold to owners only.
      const pngOnlyPreviews = new Set(
        catalogue
          .subcategories()
          .filter((place) => isPngOnly(place.subcategory))
          .flatMap((place) => place.subcategory.components)
          .map((component) => path.join(dist, 'previews', `${component.uuid}.html`)),
      );
      const files = filesUnder(dist);
      const sold = files.filter(
        (file) =>
          file.startsWith(path.join(dist, 'code') + path.sep) ||
          file.startsWith(path.join(dist, 'private') + path.sep) ||
          file.endsWith('.zip') ||
          pngOnlyPreviews.has(file),
      );
      // What the pages link for a visitor; anything else found in the build (an archive left in
      // a public folder, metadata) is asked for in every spelling.
      const published = [
        /^screenshots\/[0-9a-f-]{36}-(?:sm|lg)(?:-dark)?\.png$/,
        // A subcategory card's picture, framed from its first component's public desktop shot
        // (decision 053).
        /^screenshots\/[0-9a-f-]{36}-card\.png$/,
        /^images\/[a-z0-9-]+\/[A-Za-z0-9_-]+\.(?:svg|png|jpg|webp)$/,
        /^templates\/[a-z0-9-]+\/(?:demo\.html|image\.png|banner\.png)$/,
        /^previews\/[0-9a-f-]{36}\.html$/,
      ];
      const isPublic = (file: string) =>
        !sold.includes(file) &&
        published.some((pattern) =>
          pattern.test(path.relative(dist, file).split(path.sep).join('/')),
        );
      const soldBytes = new Map(sold.map((file) => [sha256(readFileSync(file)), file]));
      const publicBytes = new Set(files.filter(isPublic).map((file) => sha256(readFileSync(file))));
      // Every kind of thing sold is in the walk: archives, snippets, PNG-only previews.
      expect(
        sold.filter((file) => file.startsWith(path.join(dist, 'private') + path.sep)).length,
      ).toBe(catalogue.templates.length);
      expect(sold.filter((file) => file.endsWith('.json')).length).toBeGreaterThan(100);
      expect(sold.filter((file) => file.endsWith('.html')).length).toBeGreaterThan(0);
      expect(pngOnlyPreviews.size).toBeGreaterThan(0);

      const urls = files.flatMap((file) =>
        mounts.flatMap(({ prefix, dir }) =>
          spellings(path.relative(dir, file).split(path.sep).join('/'), {
            every: !isPublic(file),
          }).map((spelling) => `${prefix}/${spelling}`),
        ),
      );

      let served = 0;
      const leaks: string[] = [];
      const otherBodies = new Map<string, { url: string; text: string }>();
      const queue = [...urls];
      const worker = async () => {
        for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
          const { status, body } = await get(url);
          const hash = sha256(body);
          if (soldBytes.has(hash)) leaks.push(`${url} -> ${soldBytes.get(hash)}`);
          else if (status >= 200 && status < 300) {
            if (publicBytes.has(hash)) served += 1;
            else leaks.push(`${url} -> ${status}, not a public file`);
          } else if (body.includes('PK\u0003\u0004')) leaks.push(`${url} -> a zip archive`);
          else {
            // An error page names the path it was asked for; the rest of it is the same page.
            const text = body.toString('utf8').replaceAll(url, '');
            otherBodies.set(sha256(Buffer.from(text)), { url, text });
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));

      // Error pages, too, carry no line of any snippet.
      const lines = sold
        .filter((file) => file.endsWith('.json'))
        .flatMap(
          (file) =>
            (JSON.parse(readFileSync(file, 'utf8')) as { snippets: { snippet: string }[] })
              .snippets,
        )
        .flatMap((snippet) => snippet.snippet.split('\n'))
        .map((line) => line.trim())
        .filter((line) => line.length >= 60);
      for (const { url, text } of otherBodies.values()) {
        const line = lines.find((candidate) => text.includes(candidate));
        if (line) leaks.push(`${url} -> contains "${line}"`);
      }

      console.log(
        `public catalogue folders (${TEST_DATABASE}): ${urls.length} requests for ${files.length} files through ${mounts.length} mounts, ${served} public files served, nothing sold`,
      );
      expect(leaks).toEqual([]);
      expect(urls.length).toBeGreaterThan((files.length + sold.length * 10) * mounts.length);
      // The public files themselves still come out, as the pages link them.
      expect(served).toBeGreaterThan(files.filter(isPublic).length - 1);
    },
  );
});

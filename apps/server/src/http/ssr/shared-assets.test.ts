import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { INERTIA, testApp } from '../../../test/helpers.ts';
import { clientAssetsFromManifest } from './assets.ts';
import { publishAssets, sharedAssetFiles } from './shared-assets.ts';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function folder(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** A storefront build of one release: its manifest names its own hashed entry and chunk. */
async function release(name: string, shared: string[] = []) {
  const dist = await folder(`tessera-release-${name}-`);
  const assets = path.join(dist, 'client', 'assets');
  await mkdir(path.join(dist, 'client', '.vite'), { recursive: true });
  await mkdir(assets, { recursive: true });
  const manifest = {
    'src/main.tsx': {
      file: `assets/main-${name}.js`,
      isEntry: true,
      css: [`assets/main-${name}.css`],
    },
    'src/pages/Login.tsx': { file: `assets/Login-${name}.js`, isDynamicEntry: true },
  };
  const manifestText = JSON.stringify(manifest);
  await writeFile(path.join(dist, 'client', '.vite', 'manifest.json'), manifestText);
  for (const file of [`main-${name}.js`, `Login-${name}.js`, ...shared]) {
    await writeFile(path.join(assets, file), `console.log(${JSON.stringify(file)});\n`);
  }
  await writeFile(path.join(assets, `main-${name}.css`), 'body{margin:0}\n');
  await writeFile(
    path.join(assets, `main-${name}.js.br`),
    brotliCompressSync(`console.log("main-${name}.js");\n`),
  );
  const client = clientAssetsFromManifest(manifestText);
  return { dist, assets, version: client.version, client };
}

function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!);
}

describe('assets shared by the releases that run side by side', () => {
  it('gives a page of either release its scripts from an instance of the other (409, then reload)', async () => {
    const assetsDir = await folder('tessera-assets-');
    const old = await release('old');
    const next = await release('new');
    for (const built of [old, next]) {
      await publishAssets({
        clientAssetsDir: built.assets,
        assetsDir,
        version: built.version,
        keep: 5,
      });
    }
    const oldInstance = await testApp({
      env: { STOREFRONT_DIST: old.dist, ASSETS_DIR: assetsDir },
      assets: old.client,
    });
    const newInstance = await testApp({
      env: { STOREFRONT_DIST: next.dist, ASSETS_DIR: assetsDir },
      assets: next.client,
    });

    // A page of the new release navigates; the balancer picks an old instance: 409, reload.
    const visit = await request(oldInstance.app)
      .get('/login')
      .set(INERTIA)
      .set('X-Inertia-Version', next.version);
    expect(visit.status).toBe(409);
    // The reload lands on an old instance again (no sticky sessions): the old page...
    const reloaded = await request(oldInstance.app).get('/login').set('Accept', 'text/html');
    const [oldEntry] = scriptsOf(reloaded.text);
    expect(oldEntry).toBe('/build/assets/main-old.js');
    // ...and its script may be asked of a new instance, and the new one's of an old instance.
    for (const [app, url] of [
      [newInstance.app, oldEntry!],
      [newInstance.app, '/build/assets/Login-old.js'],
      [oldInstance.app, '/build/assets/main-new.js'],
      [oldInstance.app, '/build/assets/main-new.css'],
    ] as const) {
      const response = await request(app).get(url);
      expect([url, response.status]).toEqual([url, 200]);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const coded = await request(oldInstance.app)
      .get('/build/assets/main-new.js')
      .set('Accept-Encoding', 'br');
    expect(coded.headers['content-encoding']).toBe('br');
  });

  it('without the shared folder an instance has only its own build (the 404 a roll used to give)', async () => {
    const old = await release('old');
    await release('new');
    const oldInstance = await testApp({ env: { STOREFRONT_DIST: old.dist }, assets: old.client });
    expect((await request(oldInstance.app).get('/build/assets/main-old.js')).status).toBe(200);
    expect((await request(oldInstance.app).get('/build/assets/main-new.js')).status).toBe(404);
  });

  it('keeps the files of the newest releases and prunes the rest, sparing files they share', async () => {
    const assetsDir = await folder('tessera-assets-');
    const builds = [
      await release('one', ['vendor-same.js']),
      await release('two', ['vendor-same.js']),
      await release('three'),
    ];
    let clock = Date.parse('2026-01-01T00:00:00Z');
    // Two days apart, so the files of the first are old enough to remove.
    const now = () => new Date(clock);
    const results = [];
    for (const built of builds) {
      results.push(
        await publishAssets({
          clientAssetsDir: built.assets,
          assetsDir,
          version: built.version,
          keep: 2,
          now,
        }),
      );
      clock += 2 * 24 * 60 * 60 * 1000;
    }
    // The files were written just now, by the real clock: date them to the first publication.
    for (const name of await readdir(sharedAssetFiles(assetsDir))) {
      const when = new Date('2026-01-01T00:00:00Z');
      await utimes(path.join(sharedAssetFiles(assetsDir), name), when, when);
    }
    const last = await publishAssets({
      clientAssetsDir: builds[2]!.assets,
      assetsDir,
      version: builds[2]!.version,
      keep: 2,
      now,
    });
    expect(results[2]!.pruned).toEqual([builds[0]!.version]);
    expect(last.kept).toEqual([builds[2]!.version, builds[1]!.version]);
    const files = await readdir(sharedAssetFiles(assetsDir));
    expect(files).not.toContain('main-one.js');
    expect(files).toEqual(
      expect.arrayContaining(['main-two.js', 'main-three.js', 'vendor-same.js']),
    );
  });

  it('never removes a file younger than an hour: another release may be publishing it', async () => {
    const assetsDir = await folder('tessera-assets-');
    const first = await release('first');
    const second = await release('second');
    await publishAssets({
      clientAssetsDir: first.assets,
      assetsDir,
      version: first.version,
      keep: 5,
    });
    // A file copied in by a release whose record this prune has not read.
    await writeFile(path.join(sharedAssetFiles(assetsDir), 'main-racing.js'), 'x');
    const result = await publishAssets({
      clientAssetsDir: second.assets,
      assetsDir,
      version: second.version,
      keep: 1,
    });
    expect(result.pruned).toEqual([first.version]);
    expect(await readdir(sharedAssetFiles(assetsDir))).toEqual(
      expect.arrayContaining(['main-racing.js', 'main-first.js', 'main-second.js']),
    );
  });
});

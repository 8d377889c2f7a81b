import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createStorefrontDist,
  MANIFEST,
  pageFromHtml,
  testApp,
  testConfig,
  type StorefrontDist,
} from '../../../test/helpers.ts';
import {
  assetVersion,
  clientAssetsFromManifest,
  loadClientAssets,
  manifestTags,
} from './assets.ts';
import { loadSsrRenderer } from './ssr.ts';

let dist: StorefrontDist | undefined;
afterEach(async () => {
  await dist?.cleanup();
  dist = undefined;
});

async function appWithDist(env: Record<string, string> = {}, options: { ssr?: boolean } = {}) {
  dist = await createStorefrontDist(options);
  const assets = await loadClientAssets(dist.dir);
  const ssr = await loadSsrRenderer(dist.dir);
  return {
    ...(await testApp({ env: { STOREFRONT_DIST: dist.dir, ...env }, assets: assets!, ssr })),
    assets: assets!,
  };
}

describe('client assets from the Vite manifest', () => {
  it('links the entry CSS (its imports too) and loads the entry module, preloading no chunk', () => {
    expect(manifestTags(MANIFEST)).toBe(
      [
        '<link rel="stylesheet" href="/build/assets/main-8d2e4b.css">',
        '<link rel="stylesheet" href="/build/assets/vendor-5c5c5c.css">',
        '<script type="module" src="/build/assets/main-3f9a1c.js"></script>',
      ].join('\n'),
    );
  });

  it('preloads the Latin text font of the entry, and no other font', () => {
    const tags = manifestTags({
      ...MANIFEST,
      'src/main.tsx': {
        ...MANIFEST['src/main.tsx']!,
        assets: [
          'assets/inter-cyrillic-wght-normal-DqGufNeO.woff2',
          'assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
          'assets/jetbrains-mono-latin-wght-normal-B9CIFXIH.woff2',
        ],
      },
    });
    expect(tags.split('\n')[0]).toBe(
      '<link rel="preload" href="/build/assets/inter-latin-wght-normal-Dx4kXJAl.woff2" as="font" type="font/woff2" crossorigin>',
    );
    expect(tags.match(/rel="preload"/g)).toHaveLength(1);
  });

  // Decision 058: preloaded chunks competed with the CSS and font for the largest paint.
  it("gives every page the entry's tags only: no module preload of its chunk or their imports", () => {
    const manifest = {
      ...MANIFEST,
      'src/pages/Home.tsx': {
        file: 'assets/Home-1a2b3c.js',
        imports: ['_vendor-77aa01.js', '_tabs-4d5e6f.js', 'src/main.tsx'],
      },
      '_tabs-4d5e6f.js': { file: 'assets/tabs-4d5e6f.js', imports: ['_vendor-77aa01.js'] },
    };
    const assets = clientAssetsFromManifest(JSON.stringify(manifest));
    expect(assets.headTags('/', 'Home')).toBe(manifestTags(manifest));
    expect(assets.headTags('/')).toBe(manifestTags(manifest));
    expect(assets.headTags('/', 'Home')).not.toContain('modulepreload');
  });

  it('fails loudly when the manifest has no client entry', () => {
    expect(() => manifestTags({})).toThrow('src/main.tsx');
  });

  it('versions assets by the manifest contents, so a new build changes the version', async () => {
    dist = await createStorefrontDist();
    const assets = await loadClientAssets(dist.dir);
    const text = JSON.stringify(MANIFEST, null, 2);
    expect(assets?.version).toBe(assetVersion(text));
    expect(assetVersion(text.replace('3f9a1c', '3f9a1d'))).not.toBe(assets?.version);
  });

  it('reports a missing build as null (the server starts without it)', async () => {
    const missing = path.join(tmpdir(), 'tessera-missing-dist');
    expect(await loadClientAssets(missing)).toBeNull();
    expect(await loadSsrRenderer(missing)).toBeNull();
  });
});

describe('static files under /build/', () => {
  it('caches hashed files under /build/assets/ for a year, immutable', async () => {
    const { app } = await appWithDist();
    const js = await request(app).get('/build/assets/main-3f9a1c.js').expect(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.type).toBe('text/javascript');
    expect(js.text).toContain('storefront');
    const css = await request(app).get('/build/assets/main-8d2e4b.css').expect(200);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.headers['x-content-type-options']).toBe('nosniff');
  });

  it('revalidates files without a hash', async () => {
    const { app } = await appWithDist();
    const icon = await request(app).get('/build/favicon.svg').expect(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('answers 404 for missing assets and never serves the manifest or files outside the build', async () => {
    const { app } = await appWithDist();
    await request(app).get('/build/assets/main-000000.js').expect(404);
    await request(app).get('/build/.vite/manifest.json').expect(404);
    await request(app).get('/build/../package.json').expect(403);
  });
});

describe('server-side rendering', () => {
  it('renders first visits with the built SSR module', async () => {
    const { app, assets } = await appWithDist();
    const html = (await request(app).get('/').expect(200)).text;
    expect(html).toContain('<title data-inertia="">Home - SSR</title>');
    expect(html).toContain('<div data-server-rendered="true" id="app"><h1>Home</h1></div>');
    expect(html).toContain('<link rel="stylesheet" href="/build/assets/main-8d2e4b.css">');
    // The icon the browser would otherwise ask /favicon.ico for (a 404 in every console).
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/build/favicon.svg">');
    expect(pageFromHtml(html)).toMatchObject({ component: 'Home', version: assets.version });
  });

  it('renders on the client when SSR is switched off', async () => {
    const { app } = await appWithDist({ SSR: 'false' });
    const html = (await request(app).get('/').expect(200)).text;
    expect(html).toContain('<div id="app"></div>');
    expect(html).not.toContain('data-server-rendered');
    expect(html).toContain('<script type="module" src="/build/assets/main-3f9a1c.js"></script>');
  });

  it('renders on the client when the build has no SSR bundle', async () => {
    const { app } = await appWithDist({}, { ssr: false });
    const html = (await request(app).get('/login').expect(200)).text;
    expect(html).toContain('<div id="app"></div>');
  });

  it('falls back to the client when the SSR module throws, and logs the component', async () => {
    dist = await createStorefrontDist({ failingComponent: 'Login' });
    const assets = await loadClientAssets(dist.dir);
    const ssr = await loadSsrRenderer(dist.dir);
    const { app, lines } = await testApp({
      config: testConfig({ STOREFRONT_DIST: dist.dir }),
      assets: assets!,
      ssr,
    });

    const response = await request(app).get('/login').expect(200);
    expect(response.text).toContain('<div id="app"></div>');
    expect(response.text).toContain(
      '<script type="module" src="/build/assets/main-3f9a1c.js"></script>',
    );
    expect(pageFromHtml(response.text).component).toBe('Login');
    const logged = lines.find((line) => line.component === 'Login');
    expect(logged?.level).toBe(50);
    expect(JSON.stringify(logged?.err)).toContain('Login page exploded during render');

    // Other pages still render on the server.
    const home = (await request(app).get('/').expect(200)).text;
    expect(home).toContain('data-server-rendered="true"');
  });
});

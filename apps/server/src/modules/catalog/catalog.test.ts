import { readFileSync } from 'node:fs';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/sign-in.ts';
import { contains, INERTIA, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../../db/seed.ts';
import { lazyCatalogue, type Catalogue, type CodeJson } from './repository.ts';
import { previewCsp } from './routes.ts';
import { canonicalUrl } from './service/seo.ts';

type TestApp = Awaited<ReturnType<typeof testApp>>;
type Component = {
  uuid: string;
  name: string;
  archived: boolean;
  viewType: string;
  previewUrl: string | null;
  snippets: { language: string; snippet: string }[];
};

let app: TestApp;
let catalogue: Catalogue;
const code = new Map<string, CodeJson>();

beforeAll(async () => {
  app = await testApp();
  await seedDemo(app.services.database, app.config);
  catalogue = lazyCatalogue(app.config.catalogDist)();
  for (const place of catalogue.subcategories()) {
    for (const component of place.subcategory.components) {
      code.set(component.uuid, await catalogue.code(component.uuid));
    }
  }
});

/**
 * Lines of code distinctive enough that finding one in a response means the code leaked: the
 * longer lines of every snippet (short ones like `</div>` are in any page).
 */
function distinctiveLines(uuid: string): string[] {
  return code
    .get(uuid)!
    .snippets.flatMap((snippet) => snippet.snippet.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line.length >= 60)
    .slice(0, 40);
}

describe(`catalogue pages (${TEST_DATABASE})`, () => {
  it('never sends a visitor code: not in page props, the HTML document or a PNG-only preview', async () => {
    let pngOnly = 0;
    let live = 0;
    for (const place of catalogue.subcategories()) {
      const url = `${place.subcategory.url}?include=archived`;
      const [html, inertia] = await Promise.all([
        request(app.app).get(url),
        request(app.app).get(url).set(INERTIA),
      ]);
      expect(html.status).toBe(200);
      const json = JSON.stringify(inertia.body);
      const components = inertia.body.props.subcategory.components as Component[];
      expect(components).toHaveLength(place.subcategory.components.length);
      for (const component of components) {
        expect(component.viewType).not.toBe('downloadable');
        expect(component.snippets).toEqual([]);
        for (const line of distinctiveLines(component.uuid)) {
          expect(contains(html.text, line), `${component.name}: ${line}`).toBe(false);
          expect(contains(json, line), `${component.name}: ${line}`).toBe(false);
        }
        const preview = await request(app.app).get(`/catalog/previews/${component.uuid}.html`);
        if (component.viewType === 'pngPreview') {
          pngOnly += 1;
          expect(component.previewUrl).toBeNull();
          expect(preview.status).toBe(403);
          for (const line of distinctiveLines(component.uuid)) {
            expect(contains(preview.text, line), line).toBe(false);
          }
        } else {
          live += 1;
          expect(component.previewUrl).toMatch(`/catalog/previews/${component.uuid}.html`);
          expect(preview.status).toBe(200);
          expect(preview.headers['content-security-policy']).toBe(previewCsp(app.config.appUrl));
          // The rendered markup only: the React and Vue code stay on the server.
          expect(preview.text).not.toMatch(/className=|<template>|export default/);
        }
      }
    }
    expect(pngOnly).toBeGreaterThan(0);
    expect(live).toBeGreaterThan(0);
  });

  it("sends code only for the packages a customer holds, in the customer's language", async () => {
    // The demo customer holds Marketing and Application UI; the Ecommerce licence was refunded.
    const customer = await signIn(app.app, DEMO_USERS.customer, DEMO_PASSWORD);
    const marketing = await customer.visit('/components/marketing/sections/heroes');
    const heroes = marketing.body.props.subcategory.components as Component[];
    expect(heroes.length).toBeGreaterThan(0);
    for (const component of heroes) {
      expect(component.viewType).toBe('downloadable');
      expect(component.snippets.map((snippet) => snippet.language)).toEqual([
        'html',
        'react',
        'vue',
      ]);
      expect(component.snippets).toEqual(
        code.get(component.uuid)!.snippets.map((snippet) => expect.objectContaining(snippet)),
      );
    }
    const ecommerce = await customer.visit('/components/ecommerce/components/reviews');
    for (const component of ecommerce.body.props.subcategory.components as Component[]) {
      expect(component.viewType).toBe('htmlPreview');
      expect(component.snippets).toEqual([]);
    }
    // All-access opens the PNG-only subcategories too.
    const owner = await signIn(app.app, DEMO_USERS.teamOwner, DEMO_PASSWORD);
    const palettes = await owner.visit('/components/application-ui/navigation/command-palettes');
    for (const component of palettes.body.props.subcategory.components as Component[]) {
      expect(component.viewType).toBe('downloadable');
      expect((await owner.agent.get(component.previewUrl!)).status).toBe(200);
    }
  });

  it('shows archived examples only when asked, and 404s for what does not exist', async () => {
    const place = catalogue.subcategory('/components/marketing/sections/heroes')!;
    const archived = place.subcategory.components.filter((component) => component.archived);
    expect(archived.length).toBeGreaterThan(0);
    const current = await request(app.app).get(place.subcategory.url).set(INERTIA);
    expect(current.body.props.subcategory).toMatchObject({
      hasArchived: true,
      showingArchived: false,
    });
    expect(current.body.props.subcategory.components).toHaveLength(
      place.subcategory.components.length - archived.length,
    );
    const all = await request(app.app)
      .get(`${place.subcategory.url}?include=archived`)
      .set(INERTIA);
    expect(all.body.props.subcategory.showingArchived).toBe(true);
    expect(
      (all.body.props.subcategory.components as Component[])
        .filter((component) => component.archived)
        .map((component) => component.name),
    ).toEqual(archived.map((component) => component.name));

    expect((await request(app.app).get('/components/marketing/sections/nope')).status).toBe(404);
    expect((await request(app.app).get('/templates/nope')).status).toBe(404);
    const missing = '00000000-0000-8000-8000-000000000000';
    expect((await request(app.app).get(`/catalog/previews/${missing}.html`)).status).toBe(404);
    expect((await request(app.app).get('/catalog/previews/..%2Fcatalog.json')).status).toBe(404);
  });

  it('lists every product, category and subcategory, locked where only PNGs are shown', async () => {
    const page = await request(app.app).get('/components').set(INERTIA);
    expect(page.body.component).toBe('Components');
    type Card = { name: string; url: string; isLocked: boolean; componentCount: number };
    const sections = page.body.props.sections as { categories: { subcategories: Card[] }[] }[];
    const cards = sections.flatMap((section) => section.categories.flatMap((c) => c.subcategories));
    expect(cards.map((card) => card.url).sort()).toEqual(
      catalogue
        .subcategories()
        .map((place) => place.subcategory.url)
        .sort(),
    );
    expect(cards.find((card) => card.url.endsWith('/command-palettes'))!.isLocked).toBe(true);
    expect(cards.find((card) => card.url.endsWith('/heroes'))!.isLocked).toBe(false);

    const legacy = await request(app.app).get('/v1/components').set(INERTIA);
    expect(legacy.body.props.versionPrefix).toBe('/v1');
    const legacyCards = (legacy.body.props.sections as typeof sections).flatMap((section) =>
      section.categories.flatMap((c) => c.subcategories),
    );
    expect(legacyCards.every((card) => card.url.startsWith('/v1/components/'))).toBe(true);
    const legacyPage = await request(app.app).get(legacyCards[0]!.url).set(INERTIA);
    expect(legacyPage.body.component).toBe('ComponentCategory');
  });

  it('feeds the command palette with every subcategory, template and documentation page', async () => {
    const page = await request(app.app).get('/').set(INERTIA);
    const document = await request(app.app).get(page.body.props.commandPaletteUrl as string);
    const urls = (document.body as { url: string }[]).map((item) => item.url);
    for (const place of catalogue.subcategories()) expect(urls).toContain(place.subcategory.url);
    for (const template of catalogue.templates)
      expect(urls).toContain(`/templates/${template.slug}`);
    for (const doc of catalogue.docs.pages) expect(urls).toContain(`/documentation/${doc.slug}`);
    expect(new Set(urls).size).toBe(urls.length);
    // Home's component tabs and template carousel come from the same catalogue.
    expect(page.body.props.templates).toHaveLength(catalogue.templates.length);
    expect(page.body.props.featuredProducts.map((p: { name: string }) => p.name)).toEqual(
      catalogue.products.map((product) => product.name),
    );
  });
});

describe("the preview documents' content security policy", () => {
  it('loads images from our own catalogue images only, and fonts from our own font folder', () => {
    const directives = new Map(
      previewCsp('https://store.example.com/')
        .split('; ')
        .map((directive) => {
          const [name = '', ...sources] = directive.split(' ');
          return [name, sources] as const;
        }),
    );
    // A sandboxed frame has an opaque origin: 'self' would match nothing, so the site's address.
    expect(directives.get('img-src')).toEqual([
      'https://store.example.com/images/catalog/',
      'data:',
    ]);
    expect(directives.get('font-src')).toEqual(['https://store.example.com/catalog/fonts/']);
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect([...directives.values()].flat()).not.toContain('*');
  });

  it('serves the font a preview document uses, to the opaque origin of its sandboxed frame', async () => {
    const [first] = catalogue.subcategories()[0]!.subcategory.components;
    const preview = readFileSync(catalogue.previewFile(first!.uuid), 'utf8');
    const url = /url\((\/catalog\/fonts\/[\w.-]+\.woff2)\)/.exec(preview)?.[1];
    expect(url).toBe('/catalog/fonts/inter-latin-wght-normal.woff2');
    expect(previewCsp(app.config.appUrl)).toContain(
      `font-src ${new URL(app.config.appUrl).origin}/catalog/fonts/`,
    );
    const response = await request(app.app).get(url!).set('Origin', 'null');
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['content-type']).toMatch(/font\/woff2/);
    expect(Number(response.headers['content-length'])).toBeGreaterThan(10_000);
  });

  it('names every image a preview document uses', async () => {
    const policy = previewCsp(app.config.appUrl);
    const allowed = `${new URL(app.config.appUrl).origin}/images/catalog/`;
    expect(policy).toContain(`img-src ${allowed} data:`);
    let images = 0;
    for (const place of catalogue.subcategories()) {
      for (const component of place.subcategory.components) {
        const html = readFileSync(catalogue.previewFile(component.uuid), 'utf8');
        // The one URL besides images: the font, at the path font-src names.
        const fontUrls = html.match(/url\((?!#)[^)]*\)/g) ?? [];
        expect(fontUrls, component.name).toEqual([
          'url(/catalog/fonts/inter-latin-wght-normal.woff2)',
        ]);
        expect(html, component.name).not.toMatch(/srcset=/);
        for (const [, src] of html.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g)) {
          images += 1;
          expect(new URL(src!, app.config.appUrl).href.startsWith(allowed), src).toBe(true);
        }
      }
    }
    expect(images).toBeGreaterThan(0);
  });
});

describe(`templates (${TEST_DATABASE})`, () => {
  it('gives the source archive to owners only, never at a public address', async () => {
    const slug = catalogue.templates[0]!.slug;
    const visitorPage = await request(app.app).get(`/templates/${slug}`).set(INERTIA);
    expect(visitorPage.body.props.template).toMatchObject({
      downloadUrl: null,
      isLicensed: false,
      checkoutUrl: `/checkout/${slug}`,
      price: { currency: 'USD' },
    });
    const anonymous = await request(app.app).get(`/templates/${slug}/download`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toBe('/login');
    // Once served to anyone as `.zi%70`: the file server decoded what the refusal had not.
    for (const name of [`${slug}.zip`, `${slug}.zi%70`, `${slug}%2ezip`, `${slug}.%7Aip`]) {
      for (const url of [`/catalog/templates/${slug}/${name}`, `/catalog/templates/${name}`]) {
        expect((await request(app.app).get(url)).status, url).toBe(404);
      }
    }
    expect(catalogue.templateArchive(catalogue.templates[0]!)).not.toContain(
      catalogue.dirs.templates,
    );
    expect((await request(app.app).get(`/catalog/templates/${slug}/image.png`)).status).toBe(200);

    // Marketing and Application UI do not include templates.
    const customer = await signIn(app.app, DEMO_USERS.customer, DEMO_PASSWORD);
    const refused = await customer.agent.get(`/templates/${slug}/download`);
    expect(refused.headers.location).toBe(`/templates/${slug}`);
    expect((await customer.visit(`/templates/${slug}`)).body.flash.error).toMatch(/Buy/);

    const owner = await signIn(app.app, DEMO_USERS.teamOwner, DEMO_PASSWORD);
    const ownerPage = await owner.visit(`/templates/${slug}`);
    expect(ownerPage.body.props.template.downloadUrl).toBe(`/templates/${slug}/download`);
    const zip = await owner.agent
      .get(`/templates/${slug}/download`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(zip.status).toBe(200);
    expect(zip.headers['content-disposition']).toContain(`${slug}.zip`);
    expect((zip.body as Buffer).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  });
});

describe(`search engines (${TEST_DATABASE})`, () => {
  it('describes every page and names its canonical address (the layout puts both in the head)', async () => {
    const page = await request(app.app)
      .get('/v1/components/marketing/sections/heroes?include=archived')
      .set(INERTIA);
    expect(page.body.props.seo).toEqual({
      canonicalUrl: `${app.config.appUrl}/components/marketing/sections/heroes`,
      description: catalogue.subcategory('/components/marketing/sections/heroes')!.subcategory
        .description,
    });
    expect(canonicalUrl('https://x.test', '/v1')).toBe('https://x.test/');
    expect(canonicalUrl('https://x.test', '/v1beta')).toBe('https://x.test/v1beta');
  });

  it('lists every public page in the sitemap and points robots at it', async () => {
    const sitemap = await request(app.app).get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const place of catalogue.subcategories()) {
      expect(locs).toContain(`${app.config.appUrl}${place.subcategory.url}`);
    }
    expect(locs).toContain(`${app.config.appUrl}/templates/${catalogue.templates[0]!.slug}`);
    expect(locs.some((loc) => loc!.includes('/v1/') || loc!.includes('/account'))).toBe(false);
    // Every listed page answers.
    for (const loc of locs.slice(0, 12)) {
      expect((await request(app.app).get(new URL(loc!).pathname)).status, loc).toBe(200);
    }
    const robots = await request(app.app).get('/robots.txt');
    expect(robots.text).toContain(`Sitemap: ${app.config.appUrl}/sitemap.xml`);
    expect(robots.text).toContain('Disallow: /password/');
  });
});

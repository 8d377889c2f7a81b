import { readFileSync } from 'node:fs';
import path from 'node:path';
import type request from 'supertest';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import yauzl from 'yauzl';
import { SNIPPET_LANGUAGES } from '@tessera/pages/constants';
import { TestBrowser } from '../../../test/browser.ts';
import { pageFromHtml, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createLicense, createTeam, listening } from '../../../test/teams.ts';
import { PASSWORD, signedInUser } from '../../../test/sign-in.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { DOWNLOAD_LIMIT } from '../../http/rate-limit.ts';
import { lazyCatalogue, type Catalogue } from '../catalog/index.ts';
import { EXTENSIONS, type Manifest } from './service.ts';
import { downloadRefusal } from './routes.ts';

type App = Awaited<ReturnType<typeof testApp>>;
let app: App;
let catalogue: Catalogue;

beforeAll(async () => {
  app = await testApp();
  catalogue = lazyCatalogue(app.config.catalogDist)();
});

/** The response body as bytes, whatever its type. */
function binary(call: request.Test) {
  return call.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

/** Every file in a zip, by name, read with a reader other than the writer. */
function unzip(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, string>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

async function owner(product: string) {
  const user = await signedInUser(app.services, app.app, `download-${product}`);
  await createLicense(app.services, { product, userId: user.id });
  return user;
}

function productOf(slug: string) {
  return catalogue.products.find((p) => p.slug === slug)!;
}

describe(`bulk downloads /downloads/{package}/{language}.zip (${TEST_DATABASE})`, () => {
  it('gives an owner every component of the package with the code the site shows, a manifest and the licence', async () => {
    const user = await owner('marketing');
    const marketing = productOf('marketing');
    for (const language of SNIPPET_LANGUAGES) {
      const response = await binary(user.browser.agent.get(`/downloads/marketing/${language}.zip`));
      expect(response.status, language).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="marketing-${language}.zip"`,
      );
      expect(response.headers['cache-control']).toBe('private, no-store');
      // Streamed as it is made: chunked, no length known in advance.
      expect(response.headers['transfer-encoding']).toBe('chunked');
      expect(response.headers['content-length']).toBeUndefined();

      const files = await unzip(response.body as Buffer);
      const folder = `marketing-${language}`;
      const manifest = JSON.parse(files.get(`${folder}/manifest.json`)!) as Manifest;
      expect(manifest).toMatchObject({
        package: { slug: 'marketing', name: marketing.name },
        language,
        version: catalogue.version,
        generatedAt: '2025-06-15T12:00:00.000Z',
        licensedTo: user.email,
        licence: 'LICENSE.md',
      });
      let count = 0;
      for (const category of marketing.categories) {
        for (const subcategory of category.subcategories) {
          for (const component of subcategory.components) {
            count += 1;
            const path = `${category.slug}/${subcategory.slug}/${component.slug}.${EXTENSIONS[language]}`;
            const snippet = (await catalogue.code(component.uuid)).snippets.find(
              (candidate) => candidate.language === language,
            )!;
            // The `.jsx` of a component written in TypeScript is its JavaScript.
            const code = (language === 'react' && snippet.javascript) || snippet.snippet;
            expect(files.get(`${folder}/${path}`), path).toBe(code);
            const listed = manifest.files.find((file) => file.path === path);
            expect(listed, path).toEqual({
              path,
              name: component.name,
              category: category.name,
              subcategory: subcategory.name,
              archived: component.archived,
              requiresJavaScript: component.requiresJavaScript,
              url: `${app.config.appUrl}${subcategory.url}${component.archived ? '?include=archived' : ''}`,
            });
          }
        }
      }
      // The images they show, once each, where the project's public folder serves them.
      const images = [
        ...new Set(
          marketing.categories.flatMap((category) =>
            category.subcategories.flatMap((subcategory) =>
              subcategory.components.flatMap((component) => component.images),
            ),
          ),
        ),
      ].sort();
      expect(images.length).toBeGreaterThan(10);
      expect(manifest.images).toEqual(images.map((image) => `public/images/catalog/${image}`));
      for (const image of images) {
        expect(files.get(`${folder}/public/images/catalog/${image}`), image).toBe(
          readFileSync(path.join(catalogue.dirs.images, image), 'utf8'),
        );
      }
      // Nothing else: the components, their images, the manifest and the licence.
      expect(manifest.files).toHaveLength(count);
      expect(files.size).toBe(count + images.length + 2);
      const licence = files.get(`${folder}/LICENSE.md`)!;
      expect(licence).toContain(`${marketing.name}, licensed to ${user.email}.`);
      expect(licence).toContain('## You cannot');
      expect(licence).toContain('- Resell or redistribute the components');
      expect(licence).not.toMatch(/<[a-z]/);
    }
  }, 60_000);

  it('ships JavaScript in the .jsx of a component written in TypeScript', async () => {
    const user = await owner('application-ui');
    const response = await binary(user.browser.agent.get('/downloads/application-ui/react.zip'));
    expect(response.status).toBe(200);
    const files = await unzip(response.body as Buffer);
    const scripted = productOf('application-ui').categories.flatMap((category) =>
      category.subcategories.flatMap((subcategory) =>
        subcategory.components
          .filter((component) => component.requiresJavaScript)
          .map((component) => ({
            component,
            file: `application-ui-react/${category.slug}/${subcategory.slug}/${component.slug}.jsx`,
          })),
      ),
    );
    expect(scripted.length).toBeGreaterThanOrEqual(10);
    for (const { component, file } of scripted) {
      const react = (await catalogue.code(component.uuid)).snippets.find(
        (snippet) => snippet.language === 'react',
      )!;
      expect(react.javascript, file).toBeDefined();
      expect(files.get(file), file).toBe(react.javascript);
      expect(files.get(file), file).not.toMatch(/^import type|declare module|useState<|useRef</m);
    }
  }, 60_000);

  it('lets a team member download what the team licence covers, and nothing once removed', async () => {
    const teamOwner = await signedInUser(app.services, app.app, 'download-team-owner');
    const member = await signedInUser(app.services, app.app, 'download-member');
    const team = await createTeam(app.services, { owners: [teamOwner.id], members: [member.id] });
    const ok = await binary(member.browser.agent.get('/downloads/ecommerce/vue.zip'));
    expect(ok.status).toBe(200);
    const files = await unzip(ok.body as Buffer);
    const manifest = JSON.parse(files.get('ecommerce-vue/manifest.json')!) as Manifest;
    expect(manifest.licensedTo).toBe(member.email);
    expect(manifest.files.length).toBeGreaterThan(50);

    await app.services.database.db
      .deleteFrom('team_members')
      .where('id', '=', team.memberIds.get(member.id)!)
      .execute();
    const refused = await member.browser.agent.get('/downloads/ecommerce/vue.zip');
    expect(refused.status).toBe(403);
  }, 30_000);

  it('links the licence page to the downloads of every package the viewer owns, teams included', async () => {
    const downloadsOn = async (browser: TestBrowser) =>
      (
        (await browser.visit('/license')).body as {
          props: { downloads: { package: string; archives: { label: string; url: string }[] }[] };
        }
      ).props.downloads;
    const user = await owner('ecommerce');
    expect(await downloadsOn(user.browser)).toEqual([
      {
        package: 'Ecommerce',
        archives: [
          { language: 'html', label: 'HTML', url: '/downloads/ecommerce/html.zip' },
          { language: 'react', label: 'React', url: '/downloads/ecommerce/react.zip' },
          { language: 'vue', label: 'Vue', url: '/downloads/ecommerce/vue.zip' },
        ],
      },
    ]);
    const nobody = await signedInUser(app.services, app.app, 'download-nobody');
    expect(await downloadsOn(nobody.browser)).toEqual([]);
    const teamOwner = await signedInUser(app.services, app.app, 'download-links-owner');
    const member = await signedInUser(app.services, app.app, 'download-links-member');
    await createTeam(app.services, { owners: [teamOwner.id], members: [member.id] });
    const links = await downloadsOn(member.browser);
    expect(links.map((item) => item.package)).toEqual(catalogue.products.map((p) => p.name));
    // Every link it shows is one the member may follow.
    for (const url of links
      .flatMap((item) => item.archives.map((archive) => archive.url))
      .slice(0, 1)) {
      expect((await binary(member.browser.agent.get(url))).status, url).toBe(200);
    }
  }, 30_000);

  it('sends a visitor to sign in, and back to the download afterwards', async () => {
    const visitor = new TestBrowser(app.app);
    const response = await visitor.visit('/downloads/marketing/react.zip');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/login');
    expect(response.headers['content-type']).not.toBe('application/zip');
    const email = uniqueEmail('download-returning');
    const userId = await createUser(app.services, email, PASSWORD);
    await createLicense(app.services, { product: 'marketing', userId });
    const signIn = await visitor.submit('post', '/login', { email, password: PASSWORD });
    expect([302, 303]).toContain(signIn.status);
    expect(signIn.headers.location).toBe('/downloads/marketing/react.zip');
  });

  it('refuses a customer who does not own the package (or whose licence was refunded) with a 403 page', async () => {
    const user = await owner('marketing');
    await createLicense(app.services, {
      product: 'ecommerce',
      userId: user.id,
      active: false,
      reason: 'refund',
    });
    for (const path of ['/downloads/ecommerce/react.zip', '/downloads/application-ui/html.zip']) {
      const response = await user.browser.agent.get(path);
      expect(response.status, path).toBe(403);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const page = pageFromHtml(response.text);
      expect(page.component).toBe('ErrorPage');
      expect(JSON.stringify(page.props)).toContain(downloadRefusal(productOf(path.split('/')[2]!)));
      expect(response.text).not.toContain('PK\u0003\u0004');
    }
  });

  it('answers 404 to an unknown package or language and to any other spelling of the address', async () => {
    const user = await owner('marketing');
    const visitor = new TestBrowser(app.app);
    const paths = [
      '/downloads/no-such-package/react.zip',
      '/downloads/all-access/react.zip',
      `/downloads/${catalogue.templates[0]!.slug}/react.zip`,
      '/downloads/marketing/jsx.zip',
      '/downloads/marketing/react',
      '/downloads/marketing/react.tar.gz',
      '/downloads/Marketing/react.zip',
      '/downloads/marketing/REACT.zip',
      '/downloads/market%69ng/react.zip',
      '/downloads/marketing/react%2ezip',
      '/downloads/marketing/react.zip/',
      '/downloads/marketing%2f..%2fecommerce/react.zip',
      '/downloads/..%2fmarketing/react.zip',
      '/downloads/marketing/%2e%2e/react.zip',
      '/downloads/marketing',
    ];
    for (const path of paths) {
      for (const [who, browser] of [
        ['owner', user.browser],
        ['visitor', visitor],
      ] as const) {
        const response = await browser.agent.get(path);
        expect(response.status, `${who} ${JSON.stringify(path)}`).toBe(404);
        expect(response.headers['content-type'] ?? '', path).not.toBe('application/zip');
      }
    }
    // A NUL anywhere in a path is the store-wide input guard's 422 (http/input-guard.ts).
    for (const path of ['/downloads/marketing/react.zip%00', '/downloads/market%00ing/react.zip']) {
      const response = await user.browser.agent.get(path);
      expect(response.status, path).toBe(422);
      expect(response.headers['content-type'] ?? '', path).not.toBe('application/zip');
    }
  });

  it('limits downloads per user: 429 with Retry-After once the budget is spent, others unaffected', async () => {
    const user = await owner('marketing');
    const other = await owner('marketing');
    for (let i = 0; i < DOWNLOAD_LIMIT.points; i += 1)
      await app.services.limiters.downloads.consume(`user:${user.id}`);
    const limited = await user.browser.agent.get('/downloads/marketing/html.zip');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['content-type']).not.toBe('application/zip');
    const fine = await binary(other.browser.agent.get('/downloads/marketing/html.zip'));
    expect(fine.status).toBe(200);
    // A refusal does not spend the budget: a non-owner is refused before counting.
    const stranger = await signedInUser(app.services, app.app, 'download-stranger');
    for (let i = 0; i < DOWNLOAD_LIMIT.points + 2; i += 1) {
      const refused = await stranger.browser.agent.get('/downloads/marketing/html.zip');
      expect(refused.status).toBe(403);
    }
  }, 30_000);

  it('stops making the archive when the client goes away, and keeps serving', async () => {
    const user = await owner('marketing');
    const cookie = [...user.browser.cookies]
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('; ');
    const { url, close } = await listening(app.app);
    onTestFinished(close);
    const controller = new AbortController();
    const response = await fetch(`${url}/downloads/marketing/react.zip`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    controller.abort();
    await reader.cancel().catch(() => undefined);
    // The next request is served whole.
    const next = await binary(user.browser.agent.get('/downloads/marketing/vue.zip'));
    expect(next.status).toBe(200);
    expect((await unzip(next.body as Buffer)).size).toBeGreaterThan(100);
  }, 30_000);
});

// The shadcn registry (decision 015) against the real app and the real catalogue, on this file's
// engine: items valid against the vendored shadcn JSON schemas and the CLI's own zod schemas,
// the 401/403/404/429 answers the CLI prints, search with pagination, and never a line of code
// the token's owner does not own, whatever is asked.
import { COMPANION_FILES } from '@tessera/catalog/catalogue';
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { registryItemSchema, registrySchema } from 'shadcn/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPurchase } from '../../../test/back-office.ts';
import { testApp } from '../../../test/helpers.ts';
import { deliver, listening, refundEvent, webhookSecret } from '../../../test/payments.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { lazyCatalogue, type Catalogue } from '../catalog/index.ts';
import { accessTokensRepository } from '../tokens/index.ts';
import { newTokenSecret } from '../tokens/index.ts';
import { indexItem, npmDependencies, registryItem, REGISTRY_LANGUAGES } from './service/items.ts';
import {
  ITEM_NAME,
  nameCatalogue,
  RegistryNameCollisionError,
  type RegistryEntry,
} from './service/names.ts';
import itemJsonSchema from './shadcn-schema/registry-item.json' with { type: 'json' };
import registryJsonSchema from './shadcn-schema/registry.json' with { type: 'json' };

type TestApp = Awaited<ReturnType<typeof testApp>>;

const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
ajv.addSchema(itemJsonSchema, 'https://ui.shadcn.com/schema/registry-item.json');
const validItem = ajv.getSchema('https://ui.shadcn.com/schema/registry-item.json')!;
const validRegistry = ajv.compile(registryJsonSchema);

function expectValidItem(item: unknown) {
  expect(validItem(item), JSON.stringify(validItem.errors)).toBe(true);
  const parsed = registryItemSchema.safeParse(item);
  expect(parsed.success, parsed.error?.message).toBe(true);
}

function expectValidRegistry(body: unknown) {
  expect(validRegistry(body), JSON.stringify(validRegistry.errors)).toBe(true);
  const parsed = registrySchema.safeParse(body);
  expect(parsed.success, parsed.error?.message).toBe(true);
}

let app: TestApp;
let catalogue: Catalogue;
let entries: RegistryEntry[];
const HERO = 'marketing-heroes-simple-centered';
const CART = 'ecommerce-shopping-carts-';
/** Secrets of tokens by who holds them. */
const tokens = {
  marketing: '',
  nothing: '',
  revoked: '',
  expired: '',
};
let marketingUserId = 0;
let marketingTokenId = 0;
/** Long lines of every Ecommerce and Application UI snippet: the marketing owner has none. */
const unownedLines: string[] = [];

async function mint(userId: number, options: { expiresAt?: number | null } = {}) {
  const secret = newTokenSecret();
  const id = await accessTokensRepository(app.services.database.db).insert({
    userId,
    name: 'laptop',
    hash: secret.hash,
    prefix: secret.prefix,
    createdAt: Date.parse('2025-06-01T00:00:00Z'),
    expiresAt: options.expiresAt ?? null,
  });
  return { secret: secret.secret, id };
}

const get = (path: string, token?: string) => {
  const call = request(app.app).get(path);
  return token ? call.set('Authorization', `Bearer ${token}`) : call;
};

async function forgetGuesses() {
  for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '::1'])
    await app.services.limiters.secretGuesses.reset(ip);
}

beforeAll(async () => {
  app = await testApp();
  catalogue = lazyCatalogue(app.config.catalogDist)();
  entries = [...nameCatalogue(catalogue).byName.values()];
  const { db } = app.services.database;
  const at = Date.parse('2025-06-01T00:00:00Z');
  marketingUserId = await createUser(app.services, uniqueEmail('marketing'), 'irrelevant-pw');
  await createPurchase(db, { userId: marketingUserId, product: 'marketing', createdAt: at });
  const nobody = await createUser(app.services, uniqueEmail('nobody'), 'irrelevant-pw');
  const marketing = await mint(marketingUserId);
  tokens.marketing = marketing.secret;
  marketingTokenId = marketing.id;
  tokens.nothing = (await mint(nobody)).secret;
  const revoked = await mint(marketingUserId);
  await accessTokensRepository(db).revoke(marketingUserId, revoked.id, at);
  tokens.revoked = revoked.secret;
  // The app's clock is 2025-06-15 (test/helpers.ts).
  tokens.expired = (
    await mint(marketingUserId, { expiresAt: Date.parse('2025-06-14T00:00:00Z') })
  ).secret;
  for (const entry of entries) {
    if (entry.product.slug === 'marketing') continue;
    const code = await catalogue.code(entry.component.uuid);
    for (const snippet of code.snippets) {
      const long = snippet.snippet
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.length >= 60);
      unownedLines.push(...long.slice(0, 2));
    }
  }
});

afterAll(forgetGuesses);

/** No line of a component the marketing owner does not own, in any form a body may carry it. */
function expectNoUnownedCode(label: string, body: string) {
  for (const line of unownedLines) {
    const json = JSON.stringify(line).slice(1, -1);
    expect(body.includes(line) || body.includes(json), `${label} leaks: ${line}`).toBe(false);
  }
}

describe('registry names', () => {
  it('names every component of the catalogue once, archived ones included, in kebab-case', () => {
    const count = catalogue
      .subcategories()
      .reduce((sum, place) => sum + place.subcategory.components.length, 0);
    expect(entries).toHaveLength(count);
    expect(new Set(entries.map((entry) => entry.name)).size).toBe(count);
    for (const entry of entries) expect(entry.name).toMatch(ITEM_NAME);
    expect(entries.map((entry) => entry.name)).toContain(HERO);
  });

  it('refuses a catalogue where two components would share a name', () => {
    const [first] = catalogue.subcategories();
    const place = first!;
    // `heroes` + `a-b` and `heroes-a` + `b` both make `<product>-heroes-a-b`.
    const twin = (subcategorySlug: string, componentSlug: string) => ({
      ...place,
      subcategory: {
        ...place.subcategory,
        slug: subcategorySlug,
        url: `/x/${subcategorySlug}`,
        components: [{ ...place.subcategory.components[0]!, slug: componentSlug }],
      },
    });
    const clashing = { subcategories: () => [twin('heroes', 'a-b'), twin('heroes-a', 'b')] };
    expect(() => nameCatalogue(clashing)).toThrow(RegistryNameCollisionError);
    expect(() => nameCatalogue(clashing)).toThrow(/heroes-a-b/);
  });
});

describe('npm dependencies of a snippet', () => {
  it('lists the packages the code imports, not React itself, relative files or built-ins', () => {
    const code = [
      "import { useState } from 'react';",
      "import type { KeyboardEvent } from 'react';",
      "import { Dialog, DialogPanel } from '@headlessui/react'",
      "import {\n  ChevronDownIcon,\n} from '@heroicons/react/20/solid';",
      "import clsx from 'clsx/lite';",
      "import type { Options } from 'focus-trap';",
      "import './styles.css';",
      "import { helper } from '../lib/helper';",
      "import fs from 'node:fs';",
      "export { motion } from 'motion/react';",
    ].join('\n');
    expect(npmDependencies(code, 'react')).toEqual({
      dependencies: ['@headlessui/react', '@heroicons/react', 'clsx', 'motion'],
      devDependencies: ['focus-trap'],
    });
    expect(npmDependencies("<script setup>\nimport { ref } from 'vue'\n</script>", 'vue')).toEqual({
      dependencies: [],
      devDependencies: [],
    });
    expect(npmDependencies('<div>import x from "y"</div>', 'html').dependencies).toEqual([]);
  });
});

describe(`the registry (${TEST_DATABASE})`, () => {
  it('builds every component in every language as an item the shadcn schemas accept', async () => {
    let withImages = 0;
    let withCompanions = 0;
    for (const entry of entries) {
      const code = await catalogue.code(entry.component.uuid);
      const images = entry.component.images.map((image) => ({
        image,
        content: readFileSync(path.join(catalogue.dirs.images, image), 'utf8'),
      }));
      if (images.length > 0) withImages++;
      for (const language of REGISTRY_LANGUAGES) {
        const snippet = code.snippets.find((candidate) => candidate.language === language)!;
        const item = registryItem(
          entry,
          snippet,
          language,
          { appUrl: app.config.appUrl, brandName: app.config.brandName },
          images,
        );
        expectValidItem(item);
        expect(item.files[0]!.content).toBe(snippet.snippet);
        // The images travel with every language; React also takes its companion types.
        const companions = language === 'react' ? (snippet.companions ?? []) : [];
        if (companions.length > 0) withCompanions++;
        expect(item.files.slice(1).map((file) => file.target)).toEqual([
          ...companions.map((name) => `@components/tessera/${name}`),
          ...images.map(({ image }) => `~/public/images/catalog/${image}`),
        ]);
        for (const name of companions) {
          expect(item.files.find((file) => file.target.endsWith(name))!.content).toBe(
            COMPANION_FILES[name],
          );
        }
      }
      expectValidItem(indexItem(entry, app.config.appUrl, true));
    }
    expect(withImages).toBeGreaterThan(50);
    // Dialogs opened with invoker commands (`command`/`commandfor`), which @types/react lacks.
    expect(withCompanions).toBeGreaterThan(10);
  });

  it('lists every current component in the index without a token, with no code', async () => {
    const response = await get('/r/registry.json');
    expect(response.status).toBe(200);
    expect(response.type).toBe('application/json');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expectValidRegistry(response.body);
    const current = entries.filter((entry) => !entry.component.archived);
    expect(response.body.pagination).toEqual({
      total: current.length,
      offset: 0,
      limit: current.length,
      hasMore: false,
    });
    const items = response.body.items as Record<string, unknown>[];
    expect(items.map((item) => item.name)).toEqual(current.map((entry) => entry.name));
    expect(items.map((item) => item.name)).not.toContain('marketing-heroes-simple-left-aligned-v1');
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual([
        'categories',
        'description',
        'meta',
        'name',
        'title',
        'type',
      ]);
      expect(item.meta).not.toHaveProperty('owned');
    }
    const hero = entries.find((entry) => entry.name === HERO)!.component;
    expect(items.find((item) => item.name === HERO)).toMatchObject({
      type: 'registry:block',
      title: 'Heroes: Simple centered',
      categories: ['marketing', 'sections', 'heroes'],
      meta: {
        url: `${app.config.appUrl}/components/marketing/sections/heroes`,
        package: 'Marketing',
        version: hero.history.length,
        updatedOn: hero.history.at(-1)!.date,
      },
    });
    // Every item says its version, so a project can tell what it installed is out of date.
    for (const [index, item] of items.entries()) {
      expect(item.meta).toMatchObject({
        version: current[index]!.component.version,
        updatedOn: current[index]!.component.updatedOn,
      });
    }
    expectNoUnownedCode('index', response.text);
  });

  it("marks what a token's owner owns in the index", async () => {
    const response = await get('/r/registry.json', tokens.marketing);
    expect(response.status).toBe(200);
    expect(response.headers.vary).toMatch(/Authorization/);
    for (const item of response.body.items as { meta: { packageSlug: string; owned: boolean } }[])
      expect(item.meta.owned).toBe(item.meta.packageSlug === 'marketing');
  });

  it('searches on the server and pages the result as the CLI expects', async () => {
    const all = await get('/r/registry.json?q=hero');
    expect(all.status).toBe(200);
    expectValidRegistry(all.body);
    const names = (all.body.items as { name: string }[]).map((item) => item.name);
    expect(names.length).toBeGreaterThan(3);
    expect(names[0]).toMatch(/^marketing-heroes-/);
    expect(all.body.pagination).toMatchObject({ total: names.length, hasMore: false });

    // Pages of 2 walk the same list, without gaps or repeats.
    const walked: string[] = [];
    for (let offset = 0; ; offset += 2) {
      const page = await get(`/r/registry.json?q=hero&limit=2&offset=${offset}`);
      expect(page.body.pagination).toEqual({
        total: names.length,
        offset,
        limit: 2,
        hasMore: offset + 2 < names.length,
      });
      walked.push(...(page.body.items as { name: string }[]).map((item) => item.name));
      if (!page.body.pagination.hasMore) break;
    }
    expect(walked).toEqual(names);

    // Every word must match; an exact name comes first; the CLI's type filter is honoured.
    const exact = await get(`/r/registry.json?q=${HERO}`);
    expect(exact.body.items[0].name).toBe(HERO);
    const both = await get('/r/registry.json?q=simple%20centered%20heroes');
    expect((both.body.items as { name: string }[]).map((item) => item.name)).toEqual([HERO]);
    expect((await get('/r/registry.json?q=zzzz-nothing')).body.pagination).toEqual({
      total: 0,
      offset: 0,
      limit: 1,
      hasMore: false,
    });
    const blocks = await get('/r/registry.json?type=registry:block&limit=5');
    expect(blocks.body.items).toHaveLength(5);
    const ui = await get('/r/registry.json?type=ui,registry:hook');
    expect(ui.body).toMatchObject({ items: [], pagination: { total: 0 } });
    const huge = await get('/r/registry.json?limit=1000000');
    expect(huge.body.pagination.limit).toBe(1000);

    for (const bad of ['limit=0', 'limit=-1', 'limit=ten', 'offset=-3', 'offset=1.5', 'q=a&q=b']) {
      const response = await get(`/r/registry.json?${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.body).toMatchObject({ error: 'bad_request' });
    }
  });

  it('gives an owner the code the site shows, in React by default, HTML and Vue on request', async () => {
    const entry = entries.find((candidate) => candidate.name === HERO)!;
    const code = await catalogue.code(entry.component.uuid);
    const response = await get(`/r/${HERO}.json`, tokens.marketing);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toMatch(/Authorization/);
    expectValidItem(response.body);
    const react = code.snippets.find((snippet) => snippet.language === 'react')!.snippet;
    expect(response.body).toMatchObject({
      name: HERO,
      type: 'registry:block',
      dependencies: [],
      categories: ['marketing', 'sections', 'heroes'],
      meta: {
        language: 'react',
        package: 'Marketing',
        version: entry.component.version,
        updatedOn: entry.component.updatedOn,
      },
    });
    expect(entry.component.version).toBeGreaterThan(1); // the hero changed since it was added
    expect(response.body.files[0]).toEqual({
      path: 'registry/tessera/marketing/heroes/simple-centered.tsx',
      type: 'registry:block',
      target: '@components/tessera/marketing/heroes/simple-centered.tsx',
      content: react,
    });
    // Then the images it shows, for the project's public folder.
    expect(response.body.files.slice(1)).toEqual(
      entry.component.images.map((image) => ({
        path: `registry/images/${image}`,
        type: 'registry:file',
        target: `~/public/images/catalog/${image}`,
        content: readFileSync(path.join(catalogue.dirs.images, image), 'utf8'),
      })),
    );
    for (const [language, extension] of [
      ['html', 'html'],
      ['vue', 'vue'],
      ['react', 'tsx'],
    ] as const) {
      const variant = await get(`/r/${HERO}.json?lang=${language}`, tokens.marketing);
      expect(variant.status).toBe(200);
      expectValidItem(variant.body);
      expect(variant.body.files[0]).toEqual({
        path: `registry/tessera/marketing/heroes/simple-centered.${extension}`,
        type: language === 'react' ? 'registry:block' : 'registry:file',
        target: `@components/tessera/marketing/heroes/simple-centered.${extension}`,
        content: code.snippets.find((snippet) => snippet.language === language)!.snippet,
      });
    }
    const odd = await get(`/r/${HERO}.json?lang=svelte`, tokens.marketing);
    expect(odd.status).toBe(400);
    expect(odd.body.error).toBe('bad_request');

    // Revalidation: the same answer is a 304, after the token was checked again.
    const again = await get(`/r/${HERO}.json`, tokens.marketing).set(
      'If-None-Match',
      response.headers.etag!,
    );
    expect(again.status).toBe(304);
    const stranger = await get(`/r/${HERO}.json`, tokens.nothing).set(
      'If-None-Match',
      response.headers.etag!,
    );
    expect(stranger.status).toBe(403);
  });

  it('serves an archived component by its name to its owner, though the index omits it', async () => {
    const response = await get('/r/marketing-heroes-simple-left-aligned-v1.json', tokens.marketing);
    expect(response.status).toBe(200);
    expect(response.body.meta.archived).toBe(true);
  });

  it('asks for a token the CLI can print, telling where to make one', async () => {
    const missing = await get(`/r/${HERO}.json`);
    expect(missing.status).toBe(401);
    expect(missing.type).toBe('application/json');
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="Tessera UI registry"');
    expect(missing.body).toEqual({
      error: 'unauthorized',
      message: expect.stringContaining(
        `Create one in Account settings (${app.config.appUrl}/account-settings)`,
      ),
    });
    const wrongs = [
      tokens.revoked,
      tokens.expired,
      // One character changed (a token already ending in x, 1 in 62, would be itself).
      `${tokens.marketing.slice(0, -1)}${tokens.marketing.endsWith('x') ? 'y' : 'x'}`,
      'tessera_pat_short',
      newTokenSecret().secret,
    ];
    for (const token of wrongs) {
      const response = await get(`/r/${HERO}.json`, token);
      expect(response.status, token).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/error="invalid_token"/);
      expect(response.body).toEqual({
        error: 'unauthorized',
        message: expect.stringMatching(/not valid: it is mistyped, revoked or expired/),
      });
      // A token that is sent must be valid, for the index too.
      expect((await get('/r/registry.json', token)).status).toBe(401);
    }
    const basic = await get(`/r/${HERO}.json`).set('Authorization', 'Basic dXNlcjpwYXNz');
    expect(basic.status).toBe(401);
    await forgetGuesses();
  });

  it('names the package to buy when the token is valid but the component is not owned', async () => {
    const cart = entries.find((entry) => entry.name.startsWith(CART))!;
    for (const lang of ['', '?lang=html', '?lang=vue']) {
      const response = await get(`/r/${cart.name}.json${lang}`, tokens.marketing);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: 'forbidden',
        message: `'${cart.name}' is part of the Ecommerce package, which your Tessera UI account does not own. Buy Ecommerce at ${app.config.appUrl}/checkout/ecommerce, or everything with all-access at ${app.config.appUrl}/all-access.`,
      });
      expectNoUnownedCode(`403 ${cart.name}${lang}`, response.text);
    }
    const nothing = await get(`/r/${HERO}.json`, tokens.nothing);
    expect(nothing.status).toBe(403);
    expect(nothing.body.message).toMatch(/part of the Marketing package/);
  });

  it('answers names that are not there in JSON, after the token', async () => {
    for (const path of [
      '/r/no-such-component.json',
      `/r/${HERO.toUpperCase()}.json`,
      `/r/${HERO}`,
      `/r/${HERO}.json.json`,
      '/r/..%2F..%2Fpackage.json',
      '/r/%E0%A4%A.json',
      '/r/marketing/heroes.json',
    ]) {
      const anonymous = await get(path);
      expect([400, 401, 404], path).toContain(anonymous.status);
      expect(anonymous.type, path).toBe('application/json');
      const response = await get(path, tokens.marketing);
      expect(response.status, path).toBe(path === '/r/%E0%A4%A.json' ? 400 : 404);
      expect(response.type, path).toBe('application/json');
    }
    const percent = await get(`/r/${HERO.replaceAll('-', '%2D')}.json`, tokens.marketing);
    expect(percent.status).toBe(200);
  });

  it('is a machine router: no session, no CSRF, read-only', async () => {
    const post = await request(app.app).post('/r/registry.json').send({});
    expect(post.status).toBe(405);
    expect(post.body.error).toBe('method_not_allowed');
    expect(post.headers['set-cookie']).toBeUndefined();
    const read = await get(`/r/${HERO}.json`, tokens.marketing);
    expect(read.headers['set-cookie']).toBeUndefined();
  });

  it('never sends code the token does not own, whatever is asked', async () => {
    const token = tokens.marketing;
    const paths = ['/r/registry.json', '/r/registry.json?q=cart&limit=1000'];
    // Every unowned subcategory, through its first component (archived ones included).
    const seen = new Set<string>();
    for (const entry of entries.filter((candidate) => candidate.product.slug !== 'marketing')) {
      if (seen.has(entry.subcategory.url)) continue;
      seen.add(entry.subcategory.url);
      paths.push(`/r/${entry.name}.json`);
    }
    const cart = entries.find((entry) => entry.name.startsWith(CART))!;
    paths.push(`/r/${cart.name}.json?lang=html`, `/r/${cart.name}.json?lang=vue`);
    for (const path of paths) {
      const response = await get(path, token);
      expect([200, 403], path).toContain(response.status);
      if (!path.startsWith('/r/registry.json')) expect(response.status, path).toBe(403);
      expectNoUnownedCode(path, response.text);
    }
  }, 120_000);

  it('takes a refunded package away from its token at once', async () => {
    const { db } = app.services.database;
    const buyer = await createUser(app.services, uniqueEmail('refunded'), 'irrelevant-pw');
    const bought = await createPurchase(db, {
      userId: buyer,
      product: 'marketing',
      createdAt: Date.now(),
    });
    const { secret } = await mint(buyer);
    expect((await get(`/r/${HERO}.json`, secret)).status).toBe(200);
    const transactionId = (
      await db
        .selectFrom('purchases')
        .select('provider_transaction_id')
        .where('id', '=', bought.purchaseId)
        .executeTakeFirstOrThrow()
    ).provider_transaction_id!;
    const server = await listening(app.app, app.services);
    try {
      const refund = await deliver(
        server.url,
        webhookSecret(app.services),
        refundEvent(transactionId),
      );
      expect(refund.status).toBe(200);
    } finally {
      await server.close();
    }
    const after = await get(`/r/${HERO}.json`, secret);
    expect(after.status).toBe(403);
    expectNoUnownedCode('after refund', after.text);
    const index = await get('/r/registry.json', secret);
    expect(index.body.items.find((item: { name: string }) => item.name === HERO).meta.owned).toBe(
      false,
    );
  });

  it('limits wrong tokens per address and tells the wait, even to a right token then', async () => {
    await forgetGuesses();
    let last: request.Response | undefined;
    for (let i = 0; i < 20; i += 1) {
      last = await get(`/r/${HERO}.json`, newTokenSecret().secret);
      expect(last.status).toBe(401);
    }
    for (const token of [newTokenSecret().secret, tokens.marketing]) {
      const limited = await get(`/r/${HERO}.json`, token);
      expect(limited.status).toBe(429);
      const wait = Number(limited.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(limited.body).toEqual({
        error: 'rate_limited',
        message: `Too many wrong access tokens from your address. Please try again in ${wait} second${wait === 1 ? '' : 's'}.`,
      });
    }
    // Without a token there is nothing to guess: the index still answers.
    expect((await get('/r/registry.json')).status).toBe(200);
    await forgetGuesses();
    expect((await get(`/r/${HERO}.json`, tokens.marketing)).status).toBe(200);
  });

  it('limits the requests of one token, generously, and tells the wait', async () => {
    const limiter = app.services.limiters.registryTokens;
    let spent = false;
    for (let i = 0; i < 700 && !spent; i += 1) {
      spent = !(await limiter.consume(String(marketingTokenId))).allowed;
    }
    expect(spent).toBe(true);
    const limited = await get(`/r/${HERO}.json`, tokens.marketing);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.body).toMatchObject({
      error: 'rate_limited',
      message: expect.stringMatching(
        /^Too many requests with this access token\. Please try again in \d+ seconds?\.$/,
      ),
    });
    expect((await get(`/r/${HERO}.json`, tokens.nothing)).status).toBe(403);
    await limiter.reset(String(marketingTokenId));
  }, 60_000);
});

// The shadcn registry (decision 015): `GET /r/registry.json` (the index, with server-side search)
// and `GET /r/{name}.json` (an item, with its code), for the `shadcn` CLI and its MCP server.
// A machine router: `Authorization: Bearer <personal access token>`, no cookies, no session, no
// CSRF; every answer is JSON, errors `{error, message}` (the CLI prints `[error] message`).
// The token acts as its owner: their access policy is read from the database on every request,
// and the catalogue presenter decides, as it does for the site, whether the code is theirs.
import { checkoutUrl, ALL_ACCESS_URL } from '@tessera/pages/constants';
import { Router, type Request, type Response } from 'express';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database.ts';
import type { User } from '../../db/schema.ts';
import { jsonErrors } from '../../http/error-handlers.ts';
import {
  ForbiddenError,
  HttpError,
  NotFoundError,
  retryMessage,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Logger } from '../../logger.ts';
import { policyFor, type StoreMode } from '../licensing/index.ts';
import type { Catalogue } from '../catalog/index.ts';
import { presentComponent } from '../catalog/index.ts';
import { authenticateBearer, bearerToken } from '../tokens/index.ts';
import {
  indexItem,
  type IndexItem,
  REGISTRY_LANGUAGES,
  REGISTRY_SCHEMA,
  registryItem,
  type RegistryLanguage,
} from './service/items.ts';
import { ITEM_NAME, registryNames } from './service/names.ts';
import { searchIndex, searchQuery } from './service/search.ts';

export interface RegistrySettings {
  db: Db;
  /** A live store's test licences grant nothing (decision 040). */
  mode: StoreMode;
  catalogue: () => Catalogue;
  appUrl: string;
  brandName: string;
  /** Wrong tokens per address (misses only, like wrong licence keys): `peek` first. */
  guesses: RateLimiter;
  /** Every request of a valid token, per token: generous, against a runaway script. */
  tokenRequests: RateLimiter;
  logger: Logger;
  now: () => number;
  /**
   * An item's code was served to a token's owner: recorded as an install (modules/updates,
   * decision 065). Called after the answer is sent; a failure is logged, never the install's.
   */
  onInstalled?: (userId: number, componentUuid: string, version: number) => Promise<void>;
}

/** Where the registry lives: `<origin>/r/{name}.json`. */
export const REGISTRY_PATH = '/r';
/** Where a customer makes a token (the Account settings page). */
export const TOKENS_PAGE = '/account-settings';
/** Items may differ per token and change on refund or revocation: revalidate every time. */
const CACHE_CONTROL = 'private, no-cache';

/** A request the registry cannot read: its answer names the parameters it takes. */
const badRequest = (message: string) => new HttpError(400, message);

function languageOf(value: unknown): RegistryLanguage | null | undefined {
  if (value === undefined) return 'react';
  return REGISTRY_LANGUAGES.find((language) => language === value) ?? null;
}

export function registryRoutes(settings: RegistrySettings): Router {
  const { db, appUrl, brandName, mode } = settings;
  const tokensPage = `${appUrl}${TOKENS_PAGE}`;
  const router = Router();

  const refuseToken = (reason: 'missing' | 'invalid') =>
    new UnauthorizedError(
      reason === 'missing'
        ? `${brandName} needs a personal access token for this. Create one in Account settings (${tokensPage}), set it as TESSERA_TOKEN, and send it as "Authorization: Bearer \${TESSERA_TOKEN}" from the "@tessera" entry of your components.json.`
        : `This ${brandName} access token is not valid: it is mistyped, revoked or expired. Create a new one in Account settings (${tokensPage}) and set it as TESSERA_TOKEN.`,
      {
        headers: {
          'WWW-Authenticate':
            reason === 'missing'
              ? `Bearer realm="${brandName} registry"`
              : `Bearer realm="${brandName} registry", error="invalid_token"`,
        },
      },
    );

  /**
   * Who the token stands for; `undefined` when no token came and none is required. A missing
   * or wrong token is a 401, a blocked address or a spent token a 429.
   */
  async function authenticate(req: Request, required: true): Promise<User>;
  async function authenticate(req: Request, required: false): Promise<User | undefined>;
  async function authenticate(req: Request, required: boolean) {
    const presented = bearerToken(req) !== null || req.get('authorization') !== undefined;
    if (!presented) {
      if (!required) return undefined;
      throw refuseToken('missing');
    }
    const address = req.ip ?? 'unknown';
    // A blocked address learns nothing more about any token, right or wrong.
    const blocked = await settings.guesses.peek(address);
    if (!blocked.allowed) {
      const seconds = blocked.retryAfterSeconds;
      throw new TooManyRequestsError(
        seconds,
        retryMessage('wrong access tokens from your address', seconds),
      );
    }
    const result = await authenticateBearer(db, req, settings.now());
    if (!result.ok) {
      await settings.guesses.consume(address);
      throw refuseToken('invalid');
    }
    const spent = await settings.tokenRequests.consume(String(result.tokenId));
    if (!spent.allowed) {
      const seconds = spent.retryAfterSeconds;
      throw new TooManyRequestsError(
        seconds,
        retryMessage('requests with this access token', seconds),
      );
    }
    return result.user;
  }

  // The index's words are the same for everyone: made once per catalogue build.
  const indexes = new WeakMap<Catalogue, readonly IndexItem[]>();
  const indexOf = (catalogue: Catalogue) => {
    let items = indexes.get(catalogue);
    if (!items) {
      items = registryNames(catalogue).current.map((entry) => indexItem(entry, appUrl));
      indexes.set(catalogue, items);
    }
    return items;
  };

  const answer = (res: Response, body: object) => {
    res.set({ 'Cache-Control': CACHE_CONTROL, Vary: 'Authorization' }).json(body);
  };

  // The index lists names and words, never code (the catalogue's pages show as much to
  // anyone): it needs no token. A token, when sent, must be valid, and marks what is owned.
  router.get(`${REGISTRY_PATH}/registry.json`, async (req, res) => {
    const query = searchQuery.safeParse(req.query);
    if (!query.success) {
      throw badRequest(
        'Search with q (text), type (e.g. registry:block), limit (1 or more) and offset (0 or more).',
      );
    }
    const user = await authenticate(req, false);
    const entitlements = user ? (await policyFor(db, user, mode)).entitlements : null;
    const found = searchIndex(indexOf(settings.catalogue()), query.data);
    answer(res, {
      $schema: REGISTRY_SCHEMA,
      name: 'tessera',
      homepage: appUrl,
      items: entitlements
        ? found.items.map((item) => ({
            ...item,
            meta: { ...item.meta, owned: entitlements.has(item.meta.packageSlug) },
          }))
        : found.items,
      pagination: found.pagination,
    });
  });

  router.get(`${REGISTRY_PATH}/:file`, async (req, res) => {
    const file = req.params.file;
    const name = file.endsWith('.json') ? file.slice(0, -'.json'.length) : null;
    const user = await authenticate(req, true);
    const entry =
      name && ITEM_NAME.test(name)
        ? registryNames(settings.catalogue()).byName.get(name)
        : undefined;
    if (!entry) {
      throw new NotFoundError(
        `${brandName} has no component named '${name ?? file}'. Search with: npx shadcn search @tessera --query <words>`,
      );
    }
    const language = languageOf(req.query.lang);
    if (!language) throw badRequest(`lang must be one of ${REGISTRY_LANGUAGES.join(', ')}.`);
    const { entitlements } = await policyFor(db, user, mode);
    const catalogue = settings.catalogue();
    // The site's rule: the presenter hands out snippets only to a viewer who owns the package.
    const presented = await presentComponent(catalogue, entry, entry.component, entitlements);
    const snippet = presented.snippets.find((candidate) => candidate.language === language);
    if (presented.viewType !== 'downloadable' || !snippet) {
      const pkg = entry.product;
      throw new ForbiddenError(
        `'${entry.name}' is part of the ${pkg.name} package, which your ${brandName} account does not own. Buy ${pkg.name} at ${appUrl}${checkoutUrl(pkg.slug)}, or everything with all-access at ${appUrl}${ALL_ACCESS_URL}.`,
      );
    }
    const images = await Promise.all(
      (entry.component.images ?? []).map(async (image) => ({
        image,
        content: await readFile(path.join(catalogue.dirs.images, image), 'utf8'),
      })),
    );
    answer(res, registryItem(entry, snippet, language, { appUrl, brandName }, images));
    if (settings.onInstalled) {
      try {
        await settings.onInstalled(user.id, entry.component.uuid, entry.component.version);
      } catch (error) {
        settings.logger.warn(
          { err: error, userId: user.id, component: entry.component.uuid },
          'registry install not recorded',
        );
      }
    }
  });

  // Nothing else lives under /r: JSON answers, never the site's error page.
  router.all(`${REGISTRY_PATH}/*rest`, (req) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      throw new NotFoundError(
        `There is nothing at ${req.path}: items are ${REGISTRY_PATH}/{name}.json.`,
      );
    }
    throw new HttpError(405, 'The registry is read-only: GET only.', {
      headers: { Allow: 'GET, HEAD' },
    });
  });
  // A client's mistake (a malformed percent-escape) is a 400 in JSON too; the store's own
  // failures go on to the app's error handler, which logs them.
  router.use(
    REGISTRY_PATH,
    jsonErrors({
      logger: settings.logger,
      headers: { 'Cache-Control': 'private, no-store' },
      clientError: () => ({ error: 'bad_request', message: 'The request is malformed.' }),
    }),
  );
  return router;
}

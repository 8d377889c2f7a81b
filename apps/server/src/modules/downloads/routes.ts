import { Router, type Request, type Response } from 'express';
import { SNIPPET_LANGUAGES, type SnippetLanguage } from '@tessera/pages/constants';
import {
  ForbiddenError,
  NotFoundError,
  retryMessage,
  TooManyRequestsError,
} from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Logger } from '../../logger.ts';
import { signedIn, type SignedIn } from '../auth/index.ts';
import type { Catalogue, ProductJson } from '../catalog/index.ts';
import {
  archiveEntries,
  archiveName,
  downloadUrl,
  licenceText,
  manifestFor,
  readCodeFile,
  writeArchive,
} from './service.ts';
import { goodsFileAt, goodsFilePath } from './goods.ts';

export interface DownloadRoutesDeps {
  catalogue: () => Catalogue;
  /** Archives per signed-in user (`DOWNLOAD_LIMIT`). */
  limiter: RateLimiter;
  appUrl: string;
  brandName: string;
  logger: Logger;
  now: () => number;
}

export const downloadRefusal = (product: Pick<ProductJson, 'name'>) =>
  `Buy ${product.name} or all-access to download its components.`;

/**
 * The package and language a download path names, or null. Only the canonical spelling
 * counts: a percent-encoded, upper-case or dotted variant is not an address of ours.
 */
function target(
  catalogue: Catalogue,
  req: Request,
): { product: ProductJson; language: SnippetLanguage } | null {
  const match = /^\/downloads\/([a-z0-9-]+)\/([a-z]+)\.zip$/.exec(req.path);
  if (!match) return null;
  const product = catalogue.products.find((p) => p.slug === match[1]);
  const language = SNIPPET_LANGUAGES.find((l) => l === match[2]);
  if (!product || !language || req.path !== downloadUrl(product.slug, language)) return null;
  return { product, language };
}

/**
 * `GET /downloads/{package}/{language}.zip` (decision 016): everything an owner holds of a
 * component package, in one language, as a zip streamed as it is made. Who owns it is the access
 * policy's answer (own licences and teams'); a visitor is sent to sign in, anyone else refused.
 */
export function downloadRoutes(deps: DownloadRoutesDeps): Router {
  const router = Router();
  router.get(
    '/downloads/:package/:file',
    (req, _res, next) => (target(deps.catalogue(), req) ? next() : next(new NotFoundError())),
    signedIn(async (req: SignedIn, res: Response) => {
      const catalogue = deps.catalogue();
      const found = target(catalogue, req);
      if (!found) throw new NotFoundError();
      const { product, language } = found;
      const { user } = req;
      if (!(await req.entitlements()).has(product.slug))
        throw new ForbiddenError(downloadRefusal(product));
      const limited = await deps.limiter.consume(`user:${user.id}`);
      if (!limited.allowed) {
        throw new TooManyRequestsError(
          limited.retryAfterSeconds,
          retryMessage('downloads', limited.retryAfterSeconds),
        );
      }

      const now = new Date(deps.now());
      const folder = archiveName(product.slug, language);
      const entries = archiveEntries(product, language, deps.appUrl);
      const licensedTo = user.email;
      res.status(200);
      res.set({
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${folder}.zip"`,
        'Cache-Control': 'private, no-store',
      });
      try {
        await writeArchive(res, {
          folder,
          entries,
          language,
          read: readCodeFile(catalogue),
          manifest: manifestFor(product, language, entries, {
            version: catalogue.version,
            generatedAt: now,
            licensedTo,
          }),
          licence: licenceText(catalogue, {
            brandName: deps.brandName,
            packageName: product.name,
            licensedTo,
            appUrl: deps.appUrl,
          }),
          mtime: now,
          imagesDir: catalogue.dirs.images,
        });
      } catch (error) {
        // Part of the archive is out: no error page can follow it. Cut the response short, so
        // the client sees a failed download rather than a truncated zip that looks whole.
        deps.logger.error({ err: error, path: req.path }, 'A bulk download failed midway');
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    }),
  );
  return router;
}

export interface GoodsRoutesDeps {
  /** The operator's folder of digital goods (DIGITAL_GOODS_DIR); unset: nothing to hand over. */
  dir: string | undefined;
  /** The digital goods the user may download now (the licensing module's answer). */
  heldBy: (userId: number) => Promise<string[]>;
  /** Per signed-in user, shared with the bulk downloads (`DOWNLOAD_LIMIT`). */
  limiter: RateLimiter;
  logger: Logger;
}

export const GOODS_REFUSAL = 'Buy the bundle that includes these files to download them.';
export const GOODS_IMPERSONATION_REFUSAL =
  'You are impersonating this customer: the files they bought are theirs to download.';

/**
 * `GET /digital-goods/{goods}/{file}` (decision 046): one file of digital goods that are not
 * components (the bundle's design ebook), streamed from the operator's folder to whoever holds
 * the goods now (own or team licence, active, not refunded). Visitors are sent to sign in and
 * come back; anyone else is refused; an operator acting as the customer is refused too. Range
 * requests are answered (a long video resumes).
 */
export function goodsRoutes(deps: GoodsRoutesDeps): Router {
  const router = Router();
  router.get(
    '/digital-goods/:goods/:file',
    (req, _res, next) => (goodsFileAt(req.path) ? next() : next(new NotFoundError())),
    signedIn(async (req: SignedIn, res: Response) => {
      const file = goodsFileAt(req.path);
      if (!file) throw new NotFoundError();
      if (!(await deps.heldBy(req.user.id)).includes(file.goods))
        throw new ForbiddenError(GOODS_REFUSAL);
      if (req.impersonator) throw new ForbiddenError(GOODS_IMPERSONATION_REFUSAL);
      const limited = await deps.limiter.consume(`user:${req.user.id}`);
      if (!limited.allowed) {
        throw new TooManyRequestsError(
          limited.retryAfterSeconds,
          retryMessage('downloads', limited.retryAfterSeconds),
        );
      }
      if (!deps.dir) throw new NotFoundError('This file is not available yet.');
      const absolute = goodsFilePath(deps.dir, file);
      const root = deps.dir;
      // The name is one of the configured ones (letters, digits, dots, hyphens): no escaping.
      res.set('Content-Disposition', `attachment; filename="${file.name}"`);
      await new Promise<void>((resolve, reject) => {
        // Relative to the folder: only the configured name is checked, wherever the folder is.
        res.sendFile(
          file.name,
          {
            root,
            acceptRanges: true,
            cacheControl: false,
            lastModified: true,
            headers: { 'Cache-Control': 'private, no-store' },
          },
          (error?: Error) => {
            if (!error) return resolve();
            if (res.headersSent) {
              // Cut short midway (the client left, or the disk failed): nothing more to send.
              if ((error as NodeJS.ErrnoException).code !== 'ECONNABORTED')
                deps.logger.error(
                  { err: error, file: file.name },
                  'A digital-goods download failed',
                );
              return resolve();
            }
            deps.logger.error(
              { err: error, file: absolute },
              'A file of digital goods is missing from DIGITAL_GOODS_DIR',
            );
            res.removeHeader('Content-Disposition');
            reject(
              new NotFoundError('This file is not available right now. Please try again later.'),
            );
          },
        );
      });
    }),
  );
  return router;
}

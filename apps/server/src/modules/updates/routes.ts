import { COMPONENT_COPIES_PATH, YOUR_UPDATES_URL } from '@tessera/pages/constants';
import { Router, type RequestHandler, type Response } from 'express';
import type { Db } from '../../db/database.ts';
import {
  ForbiddenError,
  NotFoundError,
  retryMessage,
  TooManyRequestsError,
} from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { validateBody, type Input } from '../../http/validation.ts';
import { requireUser, signedIn, type SignedIn } from '../auth/index.ts';
import { viewTypeFor, type Catalogue } from '../catalog/index.ts';
import { componentsTakenRepository } from './repository.ts';
import { componentCopyBody, type ComponentCopyBody } from './schemas.ts';
import { copiedVersion, presentYourUpdates } from './service.ts';

export interface UpdatesRoutesDeps {
  db: Db;
  catalogue: () => Catalogue;
  /** Copies recorded, per signed-in user. */
  limiter: RateLimiter;
  now: () => number;
}

export const NOT_YOURS =
  'This component is part of a package your account does not own: there is no copy to record.';

/**
 * 'Your updates' (decision 065): the page listing what a customer took that changed since, and
 * the small JSON call a component's copy button makes. An operator acting as a customer is
 * refused the call (the back office's impersonation table): their copying is not the customer's.
 */
export function updatesRoutes({ db, catalogue, limiter, now }: UpdatesRoutesDeps): Router {
  const router = Router();
  const takes = componentsTakenRepository(db);
  // Counted before the body is judged, so malformed calls spend the budget too.
  const limitCopies: RequestHandler = async (req, _res, next) => {
    const spent = await limiter.consume(String(req.user?.id));
    if (!spent.allowed) {
      throw new TooManyRequestsError(
        spent.retryAfterSeconds,
        retryMessage('copies recorded', spent.retryAfterSeconds),
      );
    }
    next();
  };

  router.get(
    YOUR_UPDATES_URL,
    signedIn(async (req, res) => {
      res.set('Cache-Control', 'private, no-store');
      return res.inertia(
        'YourUpdates',
        presentYourUpdates(catalogue(), await takes.ofUser(req.user.id)),
      );
    }),
  );

  router.post(
    COMPONENT_COPIES_PATH,
    requireUser,
    limitCopies,
    validateBody(componentCopyBody, { forms: false }),
    signedIn(async (req: SignedIn<Input<ComponentCopyBody>>, res: Response) => {
      const place = catalogue().component(req.body.component);
      if (!place) throw new NotFoundError('No component has this id.');
      // Only the code's owner could have copied it: nobody else has anything to record.
      if (viewTypeFor(place, await req.entitlements()) !== 'downloadable') {
        throw new ForbiddenError(NOT_YOURS);
      }
      await takes.record({
        userId: req.user.id,
        componentUuid: place.component.uuid,
        version: copiedVersion(req.body.version, place),
        how: 'copy',
        at: now(),
      });
      res.set('Cache-Control', 'no-store').status(204).end();
    }),
  );
  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { validateBody } from '../../http/validation.ts';
import { emailField } from '../auth/index.ts';
import { normalizeEmail } from '../auth/index.ts';
import { newsletterRepository } from './repository.ts';

const subscribeBody = z.object({ email_address: emailField });

/**
 * The default mailing-list form service (NEWSLETTER_FORM_URL points elsewhere to use another):
 * stores the subscriber once and shows the thank-you page. Subscribing twice is not an error,
 * and the answer never says whether the address was already there.
 */
export function newsletterRoutes({ db, now }: { db: Db; now: () => number }): Router {
  const subscribers = newsletterRepository(db);
  const router = Router();
  router.post('/newsletter', validateBody(subscribeBody), async (req, res) => {
    const email = normalizeEmail(req.body.email_address);
    await subscribers.subscribe(email, now());
    res.redirect('/newsletter/thank-you');
  });
  router.get('/newsletter/thank-you', (_req, res) => res.inertia('NewsletterThankYou', {}));
  return router;
}

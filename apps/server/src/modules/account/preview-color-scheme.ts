import { PREVIEW_COLOR_SCHEMES } from '@tessera/pages/constants';
import { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { redirectBack } from '../../http/redirect-back.ts';
import { validateBody } from '../../http/validation.ts';
import { usersRepository } from '../auth/index.ts';

const body = z.object({
  preview_color_scheme: z.enum(PREVIEW_COLOR_SCHEMES, {
    error: 'Choose Light, Dark or System.',
  }),
});

/**
 * PUT /preview-color-scheme: the mode the component previews are shown in, shared as
 * `previewColorScheme` on the next page. Kept like the code language (PUT /snippet-language):
 * on the account when signed in, else in the session.
 */
export function previewColorSchemeRoutes({ db }: { db: Db }): Router {
  const users = usersRepository(db);
  const router = Router();
  router.put('/preview-color-scheme', validateBody(body), async (req, res) => {
    const { preview_color_scheme } = req.body as z.output<typeof body>;
    if (req.user) await users.updatePreviewColorScheme(req.user.id, preview_color_scheme);
    else req.session.previewColorScheme = preview_color_scheme;
    redirectBack(req, res);
  });
  return router;
}

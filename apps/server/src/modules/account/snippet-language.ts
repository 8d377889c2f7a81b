import { SNIPPET_LANGUAGES } from '@tessera/pages/constants';
import { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { redirectBack } from '../../http/redirect-back.ts';
import { validateBody } from '../../http/validation.ts';
import { usersRepository } from '../auth/index.ts';

const body = z.object({
  snippet_lang: z.enum(SNIPPET_LANGUAGES, { error: 'Choose HTML, React or Vue.' }),
});

/**
 * PUT /snippet-language: the code language a viewer last chose, shared as `snippetLang` on the
 * next page. Kept on the account when signed in, else in the session.
 */
export function snippetLanguageRoutes({ db }: { db: Db }): Router {
  const users = usersRepository(db);
  const router = Router();
  router.put('/snippet-language', validateBody(body), async (req, res) => {
    const { snippet_lang } = req.body as z.output<typeof body>;
    if (req.user) await users.updateSnippetLanguage(req.user.id, snippet_lang);
    else req.session.snippetLang = snippet_lang;
    redirectBack(req, res);
  });
  return router;
}

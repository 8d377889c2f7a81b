import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderAnyPage } from '../../test/any-page.ts';
import { captureLogger, INERTIA, oneSessionFlashStore, pageFrom } from '../../test/helpers.ts';
import { createInertia } from './inertia/inertia.ts';
import { backUrl } from './redirect-back.ts';
import { flash } from './session/flash.ts';
import { validateBody } from './validation.ts';

const emailSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address.')),
  remember: z.coerce.boolean().default(true),
});

function formApp() {
  const { logger } = captureLogger();
  const app = express();
  app.use(express.urlencoded({ extended: false }));
  app.use(express.json());
  app.use(flash(oneSessionFlashStore()));
  const inertia = createInertia({
    appUrl: 'http://127.0.0.1:3000',
    assets: { version: '', headTags: () => '' },
    logger,
    title: 'Test Store',
    flash: (req) => req.readFlash(),
  });
  app.use(inertia.middleware);
  app.put('/account-settings/email', validateBody(emailSchema), (req, res) => {
    res.json({ body: req.body });
  });
  app.get('/account-settings', (_req, res) => renderAnyPage(res, 'AccountSettings'));
  return app;
}

describe('validateBody', () => {
  it('replaces req.body with the parsed value', async () => {
    const response = await request(formApp())
      .put('/account-settings/email')
      .send({ email: '  Jordan@Example.COM ', extra: 'dropped' })
      .expect(200);
    expect(response.body).toEqual({ body: { email: 'jordan@example.com', remember: true } });
  });

  it('sends an Inertia form back with 303, the errors flashed under its error bag', async () => {
    const agent = request.agent(formApp());
    const failed = await agent
      .put('/account-settings/email')
      .set({
        ...INERTIA,
        Referer: 'http://127.0.0.1/account-settings?tab=email',
        Host: '127.0.0.1',
      })
      .set('X-Inertia-Error-Bag', 'updateEmail')
      .send({ email: 'not-an-email', password: 'hunter2' })
      .expect(303);
    expect(failed.headers.location).toBe('/account-settings?tab=email');

    const page = await agent
      .get('/account-settings')
      .set({ ...INERTIA, 'X-Inertia-Version': '' })
      .expect(200);
    expect(pageFrom(page).props.errors).toEqual({
      updateEmail: { email: 'Enter a valid e-mail address.' },
    });
  });

  it('answers 422 with the errors to JSON clients', async () => {
    const response = await request(formApp())
      .put('/account-settings/email')
      .set('Accept', 'application/json')
      .send({ email: 'nope' })
      .expect(422);
    expect(response.body).toEqual({
      message: 'The given data was invalid.',
      errors: { email: 'Enter a valid e-mail address.' },
    });
  });
});

describe('redirect back', () => {
  function fakeRequest(headers: Record<string, string>) {
    return {
      get: (name: string) => headers[name.toLowerCase()],
    } as unknown as express.Request;
  }

  it('goes back to a same-host Referer, path and query only', () => {
    expect(
      backUrl(fakeRequest({ host: 'store.test', referer: 'https://store.test/login?x=1#top' })),
    ).toBe('/login?x=1');
  });

  it('falls back for other hosts, odd schemes, malformed or missing Referers', () => {
    const fallback = '/account-settings';
    expect(
      backUrl(fakeRequest({ host: 'store.test', referer: 'https://evil.test/login' }), fallback),
    ).toBe(fallback);
    expect(
      backUrl(fakeRequest({ host: 'store.test', referer: 'javascript:alert(1)' }), fallback),
    ).toBe(fallback);
    expect(backUrl(fakeRequest({ host: 'store.test', referer: 'not a url' }), fallback)).toBe(
      fallback,
    );
    expect(backUrl(fakeRequest({ host: 'store.test' }))).toBe('/');
  });
});

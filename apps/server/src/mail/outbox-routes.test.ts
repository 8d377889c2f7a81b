import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.ts';
import { TEST_DATABASE } from '../../test/services.ts';

const RESET_LINK = 'http://127.0.0.1:3000/password/reset/outbox-secret-token';

async function storeWithMail(env: Record<string, string>) {
  const store = await testApp({ env });
  expect(store.services.mailer.outbox).not.toBeNull();
  await store.services.mailer.send({
    to: 'admin@example.com',
    subject: 'Reset your Tessera UI password',
    text: `Reset it: ${RESET_LINK}`,
    html: `<a href="${RESET_LINK}">Reset</a>`,
  });
  const [mail] = (await store.services.mailer.outbox?.list()) ?? [];
  return { ...store, id: mail!.id };
}

const variants = (id: string) => [
  '/dev/mail',
  '/dev/mail/',
  `/dev/mail/${id}`,
  `/dev/mail/${id}/`,
  '/dev/%6Dail',
  '/dev/%6dail',
  '/%64ev/mail',
  '/dev%2Fmail',
  '/dev/mail%2F',
  `/dev/mail%2F${id}`,
  '/DEV/MAIL',
  '/Dev/Mail',
  `/DEV/MAIL/${id}`,
  '/dev//mail',
  '/dev/./mail',
  '/dev/mail?page=1',
  `/dev/mail/${encodeURIComponent(id)}`,
];

describe(`the development outbox page (${TEST_DATABASE})`, () => {
  it('lists the messages in development, on a loopback address (the control)', async () => {
    const { app, id } = await storeWithMail({ NODE_ENV: 'development' });
    const list = await request(app).get('/dev/mail').expect(200);
    expect(list.text).toContain('Reset your Tessera UI password');
    expect((await request(app).get(`/dev/mail/${id}`).expect(200)).text).toContain(RESET_LINK);
    // Express routes are case-insensitive: the variants reach it here, so they are worth trying.
    expect((await request(app).get('/DEV/MAIL').expect(200)).text).toContain(id);
  });

  it.each([
    ['production', { NODE_ENV: 'production', PASSWORD_HASH_COST: '17' }],
    ['test', { NODE_ENV: 'test' }],
    [
      'development on a public address',
      { NODE_ENV: 'development', APP_URL: 'http://shop.example' },
    ],
  ])('is a 404 in %s, for every spelling of its address', async (_name, env) => {
    const { app, id } = await storeWithMail({ APP_URL: 'http://127.0.0.1:3000', ...env });
    let tried = 0;
    for (const url of variants(id)) {
      const response = await request(app).get(url).set('Accept', 'text/html');
      tried += 1;
      expect([url, response.status]).toEqual([url, 404]);
      expect(response.text).not.toContain('outbox-secret-token');
      expect(response.text).not.toContain('Reset your Tessera UI password');
    }
    expect(tried).toBe(17);
  });
});

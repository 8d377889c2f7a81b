import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser.ts';
import { testApp } from '../../test/helpers.ts';
import { createUser, uniqueEmail } from '../../test/users.ts';

describe('the request log', () => {
  it('names the client (through the trusted proxy), the request id and the signed-in user', async () => {
    const { app, lines, services } = await testApp({ env: { TRUST_PROXY: '1' } });
    const email = uniqueEmail('logged');
    const userId = await createUser(services, email, 'correct horse battery');
    const browser = new TestBrowser(app);
    await request(app).get('/login').set('X-Forwarded-For', '203.0.113.7');
    await browser.submit('post', '/login', { email, password: 'correct horse battery' });
    await browser.agent
      .get('/account-settings')
      .set('X-Forwarded-For', '198.51.100.23')
      .set('X-Request-Id', 'req-abc-1');

    const visitor = lines.find((line) => line.msg?.startsWith('GET /login 200'));
    expect(visitor).toMatchObject({ clientAddress: '203.0.113.7' });
    expect(visitor).not.toHaveProperty('userId');
    const signedIn = lines.find((line) => line.msg?.startsWith('GET /account-settings'));
    expect(signedIn).toMatchObject({
      clientAddress: '198.51.100.23',
      userId: userId,
      req: { id: 'req-abc-1' },
    });
  });
});

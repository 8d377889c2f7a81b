import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { INERTIA, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';

describe(`links the chrome promises (${TEST_DATABASE})`, () => {
  it('sends /discord to the configured community invite, as an external Inertia visit too', async () => {
    const { app } = await testApp({ env: { COMMUNITY_URL: 'https://discord.gg/tessera-ui' } });
    const first = await request(app).get('/discord');
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('https://discord.gg/tessera-ui');
    const inApp = await request(app).get('/discord').set(INERTIA);
    expect(inApp.status).toBe(409);
    expect(inApp.headers['x-inertia-location']).toBe('https://discord.gg/tessera-ui');
  });

  it('explains on the Support page when no community chat is configured', async () => {
    const { app } = await testApp();
    const browser = new TestBrowser(app);
    const response = await browser.visit('/discord');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/support');
    const support = await browser.visit('/support');
    expect(support.body.component).toBe('Support');
    expect(support.body.flash.error).toMatch(/^Our community chat is not open yet\. Write to /);
  });

  it('refuses a community URL that is not https', async () => {
    await expect(testApp({ env: { COMMUNITY_URL: 'javascript:alert(1)' } })).rejects.toThrow(
      /COMMUNITY_URL/,
    );
  });

  it('leads the legacy chrome’s Docs link to the documentation, and nowhere else', async () => {
    const { app } = await testApp();
    const index = await request(app).get('/v1/documentation');
    expect(index.status).toBe(301);
    expect(index.headers.location).toBe('/documentation');
    const page = await request(app).get('/v1/documentation/getting-started?from=header');
    expect(page.headers.location).toBe('/documentation/getting-started?from=header');
    for (const hostile of ['/v1/documentation//evil.example', '/v1/documentation/a/b']) {
      expect((await request(app).get(hostile)).status, hostile).toBe(404);
    }
  });

  it('has a legacy home whose links stay in the legacy catalogue, and sends /v1/all-access to the one offer', async () => {
    const { app } = await testApp();
    const browser = new TestBrowser(app);
    const home = await browser.visit('/v1');
    expect(home.status).toBe(200);
    expect(home.body.component).toBe('Home');
    expect(home.body.props.versionPrefix).toBe('/v1');
    const offer = await request(app).get('/v1/all-access?from=home');
    expect(offer.status).toBe(301);
    expect(offer.headers.location).toBe('/all-access?from=home');
    for (const hostile of ['/v1/all-access/x', '/v1//all-access', '/v1/ALL-ACCESS/..']) {
      expect((await request(app).get(hostile)).status, hostile).toBe(404);
    }
  });
});

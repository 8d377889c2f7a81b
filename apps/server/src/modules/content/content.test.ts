import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { INERTIA, testApp } from '../../../test/helpers.ts';

describe('content pages', () => {
  it('serves the changelog newest first, as sanitised HTML', async () => {
    const { app } = await testApp();
    const page = (await request(app).get('/changelog').set(INERTIA)).body;
    expect(page.component).toBe('Changelog');
    const entries = page.props.entries as { anchor: string; date: string; html: string }[];
    expect(entries.length).toBeGreaterThanOrEqual(10);
    expect([...entries].sort((a, b) => b.date.localeCompare(a.date))).toEqual(entries);
    expect(entries.map((entry) => entry.html).join('')).not.toMatch(
      /<script|onerror=|javascript:/i,
    );
    // Our own mailing-list endpoint unless one is configured.
    expect(page.props.subscribeUrl).toBe('/newsletter');
  });

  it('posts the subscribe form to a configured mailing-list service, which the CSP allows', async () => {
    const url = 'https://lists.example.net/subscribe/tessera';
    const { app } = await testApp({ env: { NEWSLETTER_FORM_URL: url } });
    const response = await request(app).get('/changelog').set(INERTIA);
    expect(response.body.props.subscribeUrl).toBe(url);
    expect(response.headers['content-security-policy']).toContain(
      "form-action 'self' https://lists.example.net",
    );
    await expect(
      testApp({ env: { NEWSLETTER_FORM_URL: 'http://insecure.example' } }),
    ).rejects.toThrow(/NEWSLETTER_FORM_URL/);
  });

  it('serves documentation pages by slug with the table of contents, 404 for an unknown one', async () => {
    const { app } = await testApp();
    const start = await request(app).get('/documentation');
    expect(start.status).toBe(302);
    // The first page of the table of contents (content/docs/_toc.yaml).
    expect(start.headers.location).toBe('/documentation/getting-started');
    const page = (await request(app).get(start.headers.location!).set(INERTIA)).body;
    expect(page.component).toBe('Documentation');
    expect(page.props).toMatchObject({ slug: 'getting-started', title: 'Getting started' });
    expect(page.props.toc[0]).toMatchObject({ slug: 'getting-started', title: 'Getting started' });
    expect(page.props.toc.map((entry: { slug: string }) => entry.slug)).toContain('dark-mode');
    expect(page.props.html).toContain('<p>Tessera UI is a library of hand-written interface');
    expect((await request(app).get('/documentation/no-such-page').set(INERTIA)).status).toBe(404);
  });

  it('serves the privacy policy (last updated 2 November 2021) and the support page', async () => {
    const { app } = await testApp({ env: { SUPPORT_EMAIL: 'help@example.com' } });
    const privacy = (await request(app).get('/privacy-policy').set(INERTIA)).body;
    expect(privacy.component).toBe('PrivacyPolicy');
    expect(privacy.props.lastUpdated).toBe('2021-11-02');
    // The page prints the date once, from `lastUpdated`: the text does not say it again.
    expect(privacy.props.html).not.toMatch(/last updated/i);
    const support = (await request(app).get('/support').set(INERTIA)).body;
    expect(support.props.supportEmail).toBe('help@example.com');
    // No community chat configured: the page does not send anyone round the /discord loop.
    expect(support.props.hasCommunity).toBe(false);
  });
});

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { INERTIA, testApp } from '../../../test/helpers.ts';
import { TEST_DATABASE } from '../../../test/services.ts';
import { createUser, uniqueEmail } from '../../../test/users.ts';
import { seedDemo, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, DEMO_USERS } from '../../db/seed.ts';
import { signInFully } from '../../../test/second-factor.ts';

const PASSWORD = 'correct horse battery staple';

describe(`page views (${TEST_DATABASE})`, () => {
  it('records the path and the referring site only, never the query or a reset token', async () => {
    const app = await testApp();
    const db = app.services.database.db;
    const beacon = (body: object) => request(app.app).post('/page-views').send(body);
    expect(
      (
        await beacon({
          path: '/components?email=ada@example.com',
          referrer: 'https://news.example.org/item?id=1',
        })
      ).status,
    ).toBe(204);
    await beacon({ path: '/password/reset/secret-token-value' });
    await beacon({ path: 'https://evil.example.com/' });
    expect((await beacon({ path: { $gt: '' } })).status).not.toBe(204);
    const rows = await db
      .selectFrom('page_views')
      .select(['path', 'referrer_host'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { path: '/components', referrer_host: 'news.example.org' },
      { path: '/password/reset/:token', referrer_host: null },
    ]);
  });

  it('reports views per page in the back office, to admins only', async () => {
    const app = await testApp();
    await seedDemo(app.services.database, app.config);
    for (const path of ['/templates/salient', '/templates/salient', '/templates/keynote']) {
      await request(app.app).post('/page-views').send({ path });
    }
    const visitor = new TestBrowser(app.app);
    // The back office does not reveal itself: the same 404 as a page that does not exist.
    expect((await visitor.visit('/admin/page-views')).status).toBe(404);
    const customer = new TestBrowser(app.app);
    await customer.submit('post', '/login', {
      email: DEMO_USERS.customer,
      password: DEMO_PASSWORD,
    });
    expect((await customer.visit('/admin/page-views')).status).toBe(404);
    const admin = new TestBrowser(app.app);
    await signInFully(
      admin,
      app.services.database,
      { email: DEMO_USERS.admin, password: DEMO_PASSWORD },
      { secret: DEMO_ADMIN_TOTP_SECRET },
    );
    const report = await admin.visit('/admin/page-views');
    expect(report.body.component).toBe('AdminPageViews');
    expect(
      report.body.props.rows.filter((r: { path: string }) => r.path.startsWith('/templates/')),
    ).toEqual([
      { path: '/templates/salient', views: 2 },
      { path: '/templates/keynote', views: 1 },
    ]);
  });
});

describe(`changelog subscription (${TEST_DATABASE})`, () => {
  it('stores a subscriber once and leads to the thank-you page', async () => {
    const app = await testApp();
    const browser = new TestBrowser(app.app);
    const email = uniqueEmail('reader');
    for (let i = 0; i < 2; i += 1) {
      const response = await browser.submit('post', '/newsletter', {
        email_address: email.toUpperCase(),
      });
      expect(response.headers.location).toBe('/newsletter/thank-you');
    }
    const rows = await app.services.database.db
      .selectFrom('newsletter_subscribers')
      .select('email')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await browser.visit('/newsletter/thank-you')).body.component).toBe(
      'NewsletterThankYou',
    );
    await browser.submit('post', '/newsletter', { email_address: 'nope' });
    expect((await browser.errorsAfterRedirect('/')).email_address).toMatch(/valid email/);
  });
});

describe(`snippet language and entitlements (${TEST_DATABASE})`, () => {
  it('remembers the chosen language for a visitor (session) and a user (account)', async () => {
    const app = await testApp();
    const visitor = new TestBrowser(app.app);
    expect((await visitor.visit('/')).body.props.snippetLang).toBe('html');
    await visitor.submit('put', '/snippet-language', { snippet_lang: 'vue' });
    expect((await visitor.visit('/')).body.props.snippetLang).toBe('vue');
    await visitor.submit('put', '/snippet-language', { snippet_lang: 'cobol' });
    expect((await visitor.visit('/')).body.props.snippetLang).toBe('vue');

    const email = uniqueEmail();
    await createUser(app.services, email, PASSWORD);
    const user = new TestBrowser(app.app);
    await user.submit('post', '/login', { email, password: PASSWORD });
    await user.submit('put', '/snippet-language', { snippet_lang: 'react' });
    const again = new TestBrowser(app.app);
    await again.submit('post', '/login', { email, password: PASSWORD });
    expect((await again.visit('/')).body.props.snippetLang).toBe('react');
  });

  it('marks the packages a user holds an active licence for; a refunded one does not count', async () => {
    const app = await testApp();
    await seedDemo(app.services.database, app.config);
    const visitor = await request(app.app).get('/').set(INERTIA);
    expect(visitor.body.props.products.every((p: { isLicensed: boolean }) => !p.isLicensed)).toBe(
      true,
    );
    expect(visitor.body.props.can.purchaseAllAccess).toBe(true);

    const customer = new TestBrowser(app.app);
    await customer.submit('post', '/login', {
      email: DEMO_USERS.customer,
      password: DEMO_PASSWORD,
    });
    const page = await customer.visit('/');
    const licensed = Object.fromEntries(
      page.body.props.products.map((p: { name: string; isLicensed: boolean }) => [
        p.name,
        p.isLicensed,
      ]),
    );
    // Marketing and Application UI bought; Ecommerce refunded.
    expect(licensed).toEqual({ Marketing: true, 'Application UI': true, Ecommerce: false });

    const owner = new TestBrowser(app.app);
    await owner.submit('post', '/login', { email: DEMO_USERS.teamOwner, password: DEMO_PASSWORD });
    const ownerPage = await owner.visit('/');
    expect(ownerPage.body.props.can.purchaseAllAccess).toBe(false);
    expect(ownerPage.body.props.products.every((p: { isLicensed: boolean }) => p.isLicensed)).toBe(
      true,
    );
  });
});

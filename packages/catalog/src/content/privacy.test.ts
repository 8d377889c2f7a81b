import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPrivacyPolicy } from './privacy.ts';

describe('loadPrivacyPolicy', () => {
  it('was last updated on 2 November 2021, a date the page shows once (the body does not repeat it)', async () => {
    const policy = await loadPrivacyPolicy();
    expect(policy.lastUpdated).toBe('2021-11-02');
    expect(policy.html).not.toMatch(/last updated/i);
  });

  it('covers what the store collects, cookies, retention, rights and contact', async () => {
    const { html } = await loadPrivacyPolicy();
    for (const heading of ['What we collect', 'Cookies', 'How long we keep it', 'Your rights']) {
      expect(html).toContain(`>${heading}</h2>`);
    }
    expect(html).toContain('Paddle');
    expect(html).toContain('CSRF');
    expect(html).toContain('<a href="mailto:privacy@tessera-ui.com">');
    expect(html).toContain('Tessera UI');
  });

  it('refuses a policy whose front matter date disagrees with the constant', async () => {
    const contentDir = await mkdtemp(join(tmpdir(), 'content-privacy-'));
    try {
      await mkdir(join(contentDir, 'privacy'));
      await writeFile(
        join(contentDir, 'privacy', 'privacy-policy.md'),
        "---\nlastUpdated: '2024-01-01'\n---\n\nPolicy.\n",
      );
      await expect(loadPrivacyPolicy({ contentDir })).rejects.toThrow(
        /privacy-policy\.md: lastUpdated is 2024-01-01/,
      );
    } finally {
      await rm(contentDir, { recursive: true, force: true });
    }
  });
});

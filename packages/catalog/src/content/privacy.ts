import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFrontMatter, requireString } from './front-matter.ts';
import { renderMarkdown } from './markdown.ts';
import { contentDirOf, withBrand, type ContentOptions } from './options.ts';

/** The privacy policy's date; the page shows it once, as 'Last updated 2 November 2021'. */
export const PRIVACY_POLICY_LAST_UPDATED = '2021-11-02';

export type PrivacyPolicy = { lastUpdated: typeof PRIVACY_POLICY_LAST_UPDATED; html: string };

/** content/privacy/privacy-policy.md; its front matter must carry the same lastUpdated date. */
export async function loadPrivacyPolicy(options?: ContentOptions): Promise<PrivacyPolicy> {
  const file = join(contentDirOf(options), 'privacy', 'privacy-policy.md');
  const { data, body } = parseFrontMatter(await readFile(file, 'utf8'), file);
  const lastUpdated = requireString(data, 'lastUpdated', file);
  if (lastUpdated !== PRIVACY_POLICY_LAST_UPDATED) {
    throw new Error(
      `${file}: lastUpdated is ${lastUpdated}, but the policy's date is ${PRIVACY_POLICY_LAST_UPDATED}; change both together`,
    );
  }
  return {
    lastUpdated: PRIVACY_POLICY_LAST_UPDATED,
    html: await renderMarkdown(withBrand(body, options)),
  };
}

/**
 * The pages whose HTML and Inertia JSON may be compressed: the catalogue, the marketing and
 * content pages and error pages. Their bodies carry no secret of the viewer (every other page
 * carries the CSRF token its forms post natively, so the pages with a form are left out), so a BREACH-style attacker who reflects a guess in
 * the URL and watches the compressed length has nothing to learn but public text (and, signed
 * in, the viewer's own e-mail address in the header). Pages that show a secret (licence keys,
 * team invitation links, password-reset and invitation tokens, access tokens, the back office,
 * checkout) are left out and go uncompressed: a new page is uncompressed until it is listed.
 * docs/decisions/019-server-performance.md.
 */
export const COMPRESSIBLE_PAGES: ReadonlySet<string> = new Set([
  'AllAccess',
  'AlreadyOnPackage',
  'ComponentCategory',
  'Components',
  'Documentation',
  'ErrorPage',
  'Home',
  'NewsletterThankYou',
  'Preview',
  'PrivacyPolicy',
  'Support',
  'Template',
  'Templates',
]);

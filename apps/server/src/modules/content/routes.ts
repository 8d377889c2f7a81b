// The loaders alone: the package index also brings the build (Chromium, Tailwind).
import {
  disposeHighlighter,
  loadChangelog,
  loadDocumentation,
  loadPrivacyPolicy,
  type ChangelogEntry,
  type Documentation,
  type PrivacyPolicy,
} from '@tessera/catalog/content';
import type { ChangelogComponentLink } from '@tessera/pages';
import { Router } from 'express';

export interface ContentSettings {
  brandName: string;
  /** The store's address: the Documentation shows it where it gives URLs (`{{origin}}`). */
  appUrl?: string;
  supportEmail: string;
  issueTrackerUrl: string;
  /** Where the changelog's subscribe form posts (config NEWSLETTER_FORM_URL). */
  newsletterFormUrl: string;
  /** The community chat's invite link (config COMMUNITY_URL). */
  communityUrl?: string;
  /** The components each release added or changed, by release name (from the catalogue). */
  releaseComponents?: () => ReadonlyMap<string, ChangelogComponentLink[]>;
  /** Render the Markdown at start rather than on the first visit (production). */
  preload?: boolean;
  onPreloadError?: (error: unknown) => void;
}

interface Content {
  changelog: ChangelogEntry[];
  docs: Documentation;
  privacy: PrivacyPolicy;
}

/**
 * The changelog, documentation, privacy policy and support pages. Their Markdown is rendered
 * (and sanitised, packages/catalog/src/content/markdown.ts) once, on first use.
 */
export function contentRoutes(settings: ContentSettings): Router {
  let content: Promise<Content> | undefined;
  const load = () =>
    (content ??= (async () => {
      const options = { brand: settings.brandName, origin: settings.appUrl };
      const [changelog, docs, privacy] = await Promise.all([
        loadChangelog(options),
        loadDocumentation(options),
        loadPrivacyPolicy(options),
      ]);
      // Everything is highlighted now: the highlighter and its grammars' memory are let go.
      await disposeHighlighter();
      return { changelog, docs, privacy };
    })());

  if (settings.preload) load().catch((error: unknown) => settings.onPreloadError?.(error));

  const router = Router();
  router.get('/changelog', async (_req, res) => {
    const { changelog } = await load();
    const touched = settings.releaseComponents?.();
    return res.inertia('Changelog', {
      entries: changelog.map(({ release, ...entry }) => ({
        ...entry,
        components: touched?.get(release) ?? [],
      })),
      subscribeUrl: settings.newsletterFormUrl,
    });
  });
  // Pages that are the same for both versions (the documentation, the all-access offer): a link
  // from the legacy chrome, or an old bookmark, lands on the one page.
  router.get(/^\/v1\/(?:documentation(?:\/[^/]*)?|all-access)$/, (req, res) => {
    res.redirect(301, req.originalUrl.slice('/v1'.length));
  });
  router.get('/discord', async (req, res) => {
    if (settings.communityUrl) return res.inertiaLocation(settings.communityUrl);
    await res.flash({
      messages: {
        error: `Our community chat is not open yet. Write to ${settings.supportEmail} and we will help.`,
      },
    });
    return res.redirect('/support');
  });
  router.get('/documentation', async (_req, res) => {
    const { docs } = await load();
    const first = docs.toc[0];
    res.redirect(first ? `/documentation/${first.slug}` : '/');
  });
  router.get('/documentation/:slug', async (req, res, next) => {
    const { docs } = await load();
    const page = docs.pages.find((candidate) => candidate.slug === req.params.slug);
    if (!page) return next();
    return res.inertia('Documentation', { ...page, toc: docs.toc });
  });
  router.get('/privacy-policy', async (_req, res) => {
    const { privacy } = await load();
    return res.inertia('PrivacyPolicy', privacy);
  });
  router.get('/support', (_req, res) =>
    res.inertia('Support', {
      supportEmail: settings.supportEmail,
      issueTrackerUrl: settings.issueTrackerUrl,
      hasCommunity: Boolean(settings.communityUrl),
    }),
  );
  return router;
}

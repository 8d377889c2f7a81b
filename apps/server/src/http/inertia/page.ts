import type { FlashMessages } from '@tessera/pages';

/** Field-level validation messages, or bags of them when the client asked for an error bag. */
export type Errors = Record<string, string | Record<string, string>>;

export type PageProps = Record<string, unknown> & { errors: Errors };

/**
 * The page object of the Inertia v3 protocol, as `@inertiajs/core` 3.x reads it
 * (`types/types.d.ts` `Page`): what the client needs on first load and after each visit.
 */
export interface Page {
  component: string;
  props: PageProps;
  /** The request's path and query string. */
  url: string;
  /** Asset version; a mismatch on GET makes the client reload the whole document. */
  version: string;
  clearHistory: boolean;
  encryptHistory: boolean;
  /**
   * The one road of flash messages (`@tessera/pages` FlashMessages): the v3 client exposes it as
   * `usePage().flash` and `router.on('flash')`, and keeps it out of history.
   */
  flash: FlashMessages;
  /** Keys that came from shared props, so the client can keep them on instant visits. */
  sharedProps?: string[];
  /** Props the client remembers across visits and may tell us not to resend. */
  onceProps?: Record<string, { prop: string; expiresAt: number | null }>;
}

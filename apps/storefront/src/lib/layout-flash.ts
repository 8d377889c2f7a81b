import type { SharedPageData } from '@tessera/pages';
// From the import-free constants, not the account settings page: every page loads the layout,
// and importing the page's module put its code in every page's first load.
import {
  EMAIL_UPDATED as EMAIL_UPDATED_MESSAGE,
  OTHER_SESSIONS_LOGGED_OUT as OTHER_SESSIONS_LOGGED_OUT_MESSAGE,
  PASSWORD_UPDATED as PASSWORD_UPDATED_MESSAGE,
} from '@tessera/pages/constants';

/**
 * Success messages a page confirms beside the form that caused them (a `status` region, where
 * the eyes and a screen reader already are). The layout leaves those out, so the same words
 * never show twice; any other message still appears above the page.
 */
const SHOWN_INLINE: Record<string, readonly string[]> = {
  AccountSettings: [
    EMAIL_UPDATED_MESSAGE,
    PASSWORD_UPDATED_MESSAGE,
    OTHER_SESSIONS_LOGGED_OUT_MESSAGE,
  ],
};

export function layoutFlash(
  component: string,
  flash: SharedPageData['flash'],
): SharedPageData['flash'] {
  if (!flash.success || !SHOWN_INLINE[component]?.includes(flash.success)) return flash;
  return flash.error ? { error: flash.error } : {};
}

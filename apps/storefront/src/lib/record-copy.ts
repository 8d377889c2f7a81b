import type { CatalogComponent } from '@tessera/pages';
import { COMPONENT_COPIES_PATH } from '@tessera/pages/constants';
import { requestJson } from './json-request';

/**
 * Tells the store a signed-in customer copied a component's code, with the version the page
 * showed (decision 065), for 'Your updates'. Fire and forget: the copy itself already happened,
 * and a refusal or a network failure changes nothing on the page.
 */
export function recordCopy(component: CatalogComponent): void {
  if (component.version === undefined) return;
  void requestJson(COMPONENT_COPIES_PATH, {
    method: 'POST',
    body: { component: component.uuid, version: component.version },
  }).catch(() => undefined);
}

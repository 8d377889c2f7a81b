import type { ComponentTaken, ComponentUpdate, YourUpdatesPageData } from '@tessera/pages';
import { componentAnchor } from '@tessera/catalog/related';
import type { Catalogue, ComponentPlace } from '../catalog/index.ts';
import type { Db } from '../../db/database.ts';
import { componentsTakenRepository, type TakenRow } from './repository.ts';

/** A take's date as the pages show it: the UTC day. */
export const takenOn = (at: number) => new Date(Number(at)).toISOString().slice(0, 10);

export function presentTaken(row: TakenRow): ComponentTaken {
  return { version: row.version, on: takenOn(row.taken_at), how: row.how };
}

/**
 * The version a copy records (decision 065). The page said which version it showed; the store
 * keeps that number only as far as it can check it: a version of this component, never above
 * the one this instance serves. A page opened before an update was copied from the older code,
 * so it keeps the older number; a number from a newer catalogue (another instance, mid-deploy)
 * is lowered to the current one, so nothing claims a version the store has not served.
 */
export function copiedVersion(shown: number, place: ComponentPlace): number {
  return Math.max(1, Math.min(shown, place.component.version));
}

/** The YourUpdates page: what changed since each take, the most recently changed first. */
export function presentYourUpdates(
  catalogue: Catalogue,
  rows: readonly TakenRow[],
): YourUpdatesPageData {
  const updates: ComponentUpdate[] = [];
  for (const row of rows) {
    // A component no longer in the catalogue has nothing newer to show.
    const place = catalogue.component(row.component_uuid);
    if (!place || place.component.version <= row.version) continue;
    const { product, subcategory, component } = place;
    updates.push({
      uuid: component.uuid,
      name: component.name,
      category: `${product.name} · ${subcategory.name}`,
      url: `${subcategory.url}#${componentAnchor(component.slug)}`,
      taken: presentTaken(row),
      version: component.version,
      updatedOn: component.updatedOn,
      changes: component.history
        .filter((entry) => entry.version > row.version)
        .map(({ version, date, reason }) => ({ version, date, reason }))
        .reverse(),
    });
  }
  updates.sort(
    (a, b) => b.updatedOn.localeCompare(a.updatedOn) || a.name.localeCompare(b.name, 'en'),
  );
  return { updates, takenCount: rows.length };
}

/** What the other modules ask of this one, through app.ts: record an install, read the takes. */
export function componentsTaken(db: Db, now: () => number) {
  const takes = componentsTakenRepository(db);
  return {
    /** The registry served an item's code to a token's owner. */
    installed: (userId: number, componentUuid: string, version: number) =>
      takes.record({ userId, componentUuid, version, how: 'install', at: now() }),
    /** A subcategory page's owned components: what the viewer took of each, by uuid. */
    async byComponent(userId: number, uuids: string[]): Promise<Map<string, ComponentTaken>> {
      const rows = await takes.ofComponents(userId, uuids);
      return new Map(rows.map((row) => [row.component_uuid, presentTaken(row)]));
    },
  };
}

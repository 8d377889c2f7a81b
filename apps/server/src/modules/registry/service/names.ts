// The registry's item names (decision 015): `<product>-<subcategory>-<component>`, from the
// catalogue's slugs, e.g. `marketing-heroes-simple-centered`. Stable as long as those slugs are;
// unique across the catalogue, which is checked when the index is built (a collision stops the
// registry rather than serving one component under another's name).
import type { Catalogue, ComponentPlace } from '../../catalog/index.ts';

/** What a name may look like: lower-case kebab-case, as the CLI's `@tessera/<name>` needs. */
export const ITEM_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Names the protocol itself uses at the same URL: `/r/registry.json` is the index. */
const RESERVED = new Set(['registry', 'index']);

export function itemName(place: ComponentPlace): string {
  return [place.product.slug, place.subcategory.slug, place.component.slug].join('-');
}

export class RegistryNameCollisionError extends Error {
  override name = 'RegistryNameCollisionError';
}

export interface RegistryEntry extends ComponentPlace {
  name: string;
}

export interface RegistryNames {
  /** Every component, current and archived, by name. */
  byName: ReadonlyMap<string, RegistryEntry>;
  /** The current (not archived) components, in catalogue order: what the index lists. */
  current: readonly RegistryEntry[];
}

/** Names every component of `catalogue`; throws RegistryNameCollisionError on a clash. */
export function nameCatalogue(catalogue: Pick<Catalogue, 'subcategories'>): RegistryNames {
  const byName = new Map<string, RegistryEntry>();
  const current: RegistryEntry[] = [];
  const pathOf = (place: ComponentPlace) => `${place.subcategory.url}/${place.component.slug}`;
  for (const place of catalogue.subcategories()) {
    for (const component of place.subcategory.components) {
      const entry = { ...place, component, name: itemName({ ...place, component }) };
      if (!ITEM_NAME.test(entry.name) || RESERVED.has(entry.name)) {
        throw new RegistryNameCollisionError(
          `${pathOf(entry)} has no usable registry name ('${entry.name}')`,
        );
      }
      const taken = byName.get(entry.name);
      if (taken) {
        throw new RegistryNameCollisionError(
          `The registry name '${entry.name}' belongs to both ${pathOf(taken)} and ${pathOf(entry)}: rename one of their slugs`,
        );
      }
      byName.set(entry.name, entry);
      if (!component.archived) current.push(entry);
    }
  }
  return { byName, current };
}

const named = new WeakMap<object, RegistryNames>();

/** The names of a loaded catalogue, computed once per catalogue build. */
export function registryNames(catalogue: Catalogue): RegistryNames {
  let names = named.get(catalogue);
  if (!names) {
    names = nameCatalogue(catalogue);
    named.set(catalogue, names);
  }
  return names;
}

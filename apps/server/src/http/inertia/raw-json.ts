import { randomBytes } from 'node:crypto';

// A placeholder no string of a page can forge: JSON.stringify writes a real NUL as the six
// characters \u0000, and the token is secret to this process.
const TOKEN = randomBytes(12).toString('hex');
const PLACEHOLDER = new RegExp(`"\\\\u0000${TOKEN}:(\\d+)\\\\u0000"`, 'g');
let collecting: Map<number, string> | null = null;
let nextId = 0;

/**
 * Marks `value` (an object or array that never changes) as already serialized: inside
 * `stringifyPage` it stands as a short placeholder naming it, and its JSON is copied in from
 * `text` only when the whole is needed. That saves re-escaping large immutable parts of a page
 * (an owner's highlighted snippets, ~300 KB) on every request. Anywhere else it serializes as
 * itself.
 */
export function preserialized<T extends object>(value: T, text = JSON.stringify(value)): T {
  const id = nextId++;
  const copy = () => (Array.isArray(value) ? [...value] : { ...value });
  Object.defineProperty(value, 'toJSON', {
    enumerable: false,
    value() {
      if (!collecting) return copy();
      collecting.set(id, text);
      return `\u0000${TOKEN}:${id}\u0000`;
    },
  });
  return value;
}

export interface SerializedPage {
  /**
   * The page's JSON with each preserialized part as a placeholder naming it: as unique as the
   * JSON itself (a part never changes), and a fraction of its length.
   */
  key: string;
  /** `JSON.stringify(page)`, byte for byte. */
  json(): string;
}

export function stringifyPage(page: unknown): SerializedPage {
  const outer = collecting;
  const parts = new Map<number, string>();
  collecting = parts;
  let key: string;
  try {
    key = JSON.stringify(page);
  } finally {
    collecting = outer;
  }
  if (parts.size === 0) return { key, json: () => key };
  return {
    key,
    json: () => key.replace(PLACEHOLDER, (_match, id: string) => parts.get(Number(id))!),
  };
}

import { randomBytes } from 'node:crypto';

// A placeholder no string of a page can forge: JSON.stringify writes a real NUL as the six
// characters \u0000, and the token is secret to this process.
const TOKEN = randomBytes(12).toString('hex');
const PLACEHOLDER = new RegExp(`"\\\\u0000${TOKEN}:(\\d+)\\\\u0000"`, 'g');
let splicing: string[] | null = null;

/**
 * Marks `value` (an object or array that never changes) as already serialized: inside
 * `stringifyPage` its JSON is copied in from `text` instead of being built again, which saves
 * re-escaping large immutable parts of a page (an owner's highlighted snippets, ~300 KB) on
 * every request. Anywhere else it serializes as itself.
 */
export function preserialized<T extends object>(value: T, text = JSON.stringify(value)): T {
  const copy = () => (Array.isArray(value) ? [...value] : { ...value });
  Object.defineProperty(value, 'toJSON', {
    enumerable: false,
    value() {
      if (!splicing) return copy();
      splicing.push(text);
      return `\u0000${TOKEN}:${splicing.length - 1}\u0000`;
    },
  });
  return value;
}

/** `JSON.stringify(page)`, byte for byte, with preserialized parts copied in. */
export function stringifyPage(page: unknown): string {
  const outer = splicing;
  const parts: string[] = [];
  splicing = parts;
  let json: string;
  try {
    json = JSON.stringify(page);
  } finally {
    splicing = outer;
  }
  if (parts.length === 0) return json;
  return json.replace(PLACEHOLDER, (_match, index: string) => parts[Number(index)]!);
}

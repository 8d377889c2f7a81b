import { zipSync } from 'fflate';

export type ZipEntry = { path: string; bytes: Uint8Array };

/**
 * A fixed timestamp, built from local-time parts because ZIP stores local DOS dates: the bytes
 * are then the same in every time zone.
 */
const FIXED_MTIME = new Date(2024, 0, 1, 0, 0, 0);

/** Same entries in, same bytes out: sorted paths, one fixed mtime, fixed compression level. */
export function deterministicZip(entries: ZipEntry[]): Uint8Array {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const files: Record<string, [Uint8Array, { mtime: Date; level: 9 }]> = {};
  for (const entry of sorted) {
    if (files[entry.path]) throw new Error(`zip: duplicate entry ${entry.path}`);
    files[entry.path] = [entry.bytes, { mtime: FIXED_MTIME, level: 9 }];
  }
  return zipSync(files);
}

import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers.ts';
import { lazyCatalogue } from '../catalog/index.ts';
import type { CodeJson } from '../catalog/index.ts';
import { archiveEntries, manifestFor, writeArchive } from './service.ts';

const catalogue = lazyCatalogue(testConfig().catalogDist);

/** A response whose client reads nothing: every write stays pending. */
function stalledClient() {
  return new Writable({ highWaterMark: 16 * 1024, write: () => undefined });
}

/** Waits until `count()` has not moved for many turns of the event loop (the writer is stuck). */
async function settled(count: () => number) {
  let last = -1;
  let still = 0;
  while (still < 200) {
    await setImmediate();
    if (count() === last) still += 1;
    else [last, still] = [count(), 0];
  }
}

function setUp() {
  const product = catalogue().products.find((p) => p.slug === 'application-ui')!;
  const entries = archiveEntries(product, 'react', 'http://store.test');
  let reads = 0;
  // Incompressible snippets: each fills the client's buffer on its own.
  const read = (): Promise<CodeJson> => {
    reads += 1;
    const snippet = randomBytes(24 * 1024).toString('base64');
    return Promise.resolve({
      snippets: [{ language: 'react', label: 'React', snippet, highlight: '' }],
    });
  };
  const options = {
    folder: 'application-ui-react',
    entries,
    language: 'react' as const,
    read,
    manifest: manifestFor(product, 'react', entries, {
      version: 'test',
      generatedAt: new Date(0),
      licensedTo: 'someone@example.com',
    }),
    licence: '# Licence',
    mtime: new Date(0),
    imagesDir: catalogue().dirs.images,
  };
  return { entries, options, reads: () => reads };
}

describe('writeArchive', () => {
  it('reads the next component only when the client has taken the last: a stalled client holds a few, not the package', async () => {
    const { entries, options, reads } = setUp();
    const client = stalledClient();
    const done = writeArchive(client, options);
    // Until the client's buffer is full (deflate runs on the thread pool: slow on a busy machine).
    while (!client.writableNeedDrain) await setImmediate();
    await settled(reads);
    expect(entries.length).toBeGreaterThan(200);
    expect(reads()).toBeGreaterThan(0);
    // What the pipeline's buffers hold (a few high-water marks), not the package.
    expect(reads()).toBeLessThan(10);
    // The client goes away: the writer stops, reads nothing more and settles without error.
    client.destroy();
    await done;
    const after = reads();
    await settled(reads);
    expect(reads()).toBe(after);
  });

  it('fails (so the route cuts the response) when a component cannot be read midway', async () => {
    const { options } = setUp();
    let reads = 0;
    const read = async (uuid: string): Promise<CodeJson> => {
      reads += 1;
      if (reads === 3) throw new Error(`${uuid}: no such file`);
      return options.read();
    };
    const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    await expect(writeArchive(sink, { ...options, read })).rejects.toThrow(/no such file/);
    expect(reads).toBe(3);
  });
});

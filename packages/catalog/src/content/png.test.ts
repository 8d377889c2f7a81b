import { describe, expect, it } from 'vitest';
import { readPngSize } from './png.ts';

function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  bytes.set(
    [...'IHDR'].map((c) => c.charCodeAt(0)),
    12,
  );
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

describe('readPngSize', () => {
  it('reads width and height from the IHDR chunk', () => {
    expect(readPngSize(pngHeader(1600, 1280))).toEqual({ width: 1600, height: 1280 });
  });

  it('rejects bytes that are not a PNG', () => {
    expect(() => readPngSize(new TextEncoder().encode('GIF89a, definitely not a PNG'))).toThrow(
      'not a PNG',
    );
  });
});

import { zlibSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { comparePngs, decodePng } from './png.ts';
import { agreedShots, ScreenshotMismatchError } from './screenshots.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  out.set(
    [...type].map((char) => char.charCodeAt(0)),
    4,
  );
  out.set(body, 8);
  let crc = 0xffffffff;
  for (const byte of out.subarray(4, 8 + body.length))
    crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  view.setUint32(8 + body.length, (crc ^ 0xffffffff) >>> 0);
  return out;
}

/** An RGB PNG of `pixel(x, y)`. */
function png(width: number, height: number, pixel: (x: number, y: number) => number[]): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = new Uint8Array(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) {
    // Odd rows use the Up filter (each byte minus the one above), even rows none.
    const up = y % 2 === 1;
    raw[y * (width * 3 + 1)] = up ? 2 : 0;
    for (let x = 0; x < width; x++) {
      const value = pixel(x, y);
      const above = up ? pixel(x, y - 1) : [0, 0, 0];
      for (let c = 0; c < 3; c++) {
        raw[y * (width * 3 + 1) + 1 + x * 3 + c] = (value[c]! - above[c]!) & 255;
      }
    }
  }
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const parts = [
    signature,
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// A "component": a white page with a dark heading bar and a blue button.
const page = (x: number, y: number) =>
  y < 20 && x < 120
    ? [17, 24, 39]
    : y > 40 && y < 60 && x > 20 && x < 80
      ? [79, 70, 229]
      : [255, 255, 255];

describe('PNG comparison', () => {
  test('decodes what it is given', () => {
    const image = decodePng(png(100, 80, page));
    expect([image.width, image.height, image.channels]).toEqual([100, 80, 3]);
    expect([...image.data.subarray((50 * 100 + 50) * 3, (50 * 100 + 50) * 3 + 3)]).toEqual([
      79, 70, 229,
    ]);
  });

  test('anti-aliasing noise is within tolerance; blank, tiled or resized frames are not', () => {
    const shot = png(100, 80, page);
    const noisy = png(100, 80, (x, y) => (x === 50 && y === 50 ? [80, 70, 229] : page(x, y)));
    expect(comparePngs(shot, noisy)).toMatchObject({ withinTolerance: true, differing: 1 });
    const blank = png(100, 80, () => [255, 255, 255]);
    expect(comparePngs(shot, blank).withinTolerance).toBe(false);
    const tiled = png(100, 80, (x, y) => page(x % 50, y));
    expect(comparePngs(shot, tiled).withinTolerance).toBe(false);
    expect(comparePngs(shot, png(100, 81, page))).toMatchObject({ sameSize: false });
  });

  test('two renders must agree on every shot; a third decides, else the build is told', () => {
    const good = png(100, 80, page);
    const blank = png(100, 80, () => [255, 255, 255]);
    const render = (large: Uint8Array) =>
      [good, large, good, good] as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
    const agreement = { identical: 0, withinTolerance: 0, retaken: 0 };
    expect(agreedShots('u', [render(good), render(good)], agreement)[1]).toBe(good);
    expect(agreement.identical).toBe(4);
    expect(() => agreedShots('u', [render(blank), render(good)])).toThrow(ScreenshotMismatchError);
    expect(() => agreedShots('u', [render(blank), render(good)])).toThrow(
      'u: the large screenshot(s) differ between 2 independent renders',
    );
    // The corrupted first render is outvoted by two that agree.
    expect(agreedShots('u', [render(blank), render(good), render(good)])[1]).toEqual(good);
  });
});

import { describe, expect, test } from 'vitest';
import { decodePng, encodePng } from './png.ts';
import type { Pixels } from './png.ts';
import { cardThumbnail, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from './thumbnail.ts';

const WHITE = [255, 255, 255];
const INK = [17, 24, 39];

/** A 1280 px wide "large shot" drawn by `pixel`. */
function shot(height: number, pixel: (x: number, y: number) => number[]): Pixels {
  const width = 1280;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 3);
  }
  return { width, height, channels: 3, data };
}

/** A line of text between rows `top` and `bottom`, columns `left` to `right`: glyph-like ink. */
const text =
  (top: number, bottom: number, left = 40, right = 1240) =>
  (x: number, y: number) =>
    y >= top && y < bottom && x >= left && x < right && (x * 7 + y * 3) % 5 < 2;

const draw =
  (...lines: Array<(x: number, y: number) => boolean>) =>
  (x: number, y: number) =>
    lines.some((line) => line(x, y)) ? INK : WHITE;

/** Whether any pixel of rows `from`–`to` (inclusive) of the thumbnail is not white. */
function inkIn(image: Pixels, from: number, to: number, columns?: [number, number]): boolean {
  const [left, right] = columns ?? [0, image.width - 1];
  for (let y = from; y <= to; y++) {
    for (let x = left; x <= right; x++) {
      const at = (y * image.width + x) * image.channels;
      if (image.data[at]! < 250 || image.data[at + 1]! < 250 || image.data[at + 2]! < 250)
        return true;
    }
  }
  return false;
}

// The frame's height in the 1280 px shot: 1280 × 570 / 840.
const FRAME = 869;
const toThumb = (row: number) => Math.floor((row * THUMBNAIL_HEIGHT) / FRAME);

describe('the subcategory card thumbnail', () => {
  test('PNGs it encodes decode to the same pixels', () => {
    const image = shot(30, draw(text(5, 25)));
    expect(decodePng(encodePng(image))).toEqual(image);
  });

  test('a tall shot is cut above the line of text the card frame would slice, not through it', () => {
    // A headline near the top, and a paragraph line across the frame's lower edge (row 869).
    const large = encodePng(shot(2000, draw(text(100, 160), text(840, 900), text(1200, 1240))));
    const thumbnail = cardThumbnail(large);
    expect(thumbnail.fit).toBe('blank row');
    expect(thumbnail.rows).toBe(840); // rows 0–839: everything above the sliced line
    const image = decodePng(thumbnail.png);
    expect([image.width, image.height]).toEqual([THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT]);
    expect(inkIn(image, toThumb(100), toThumb(160))).toBe(true);
    // Not one row of the sliced line: the frame continues the blank row above it.
    expect(inkIn(image, toThumb(160) + 1, THUMBNAIL_HEIGHT - 1)).toBe(false);
  });

  test('a short shot is shown whole, its words at both edges kept', () => {
    // A footer as wide as the shot: the phone shot under object-cover lost both ends.
    const large = encodePng(shot(150, draw(text(60, 80, 0, 1280))));
    const thumbnail = cardThumbnail(large);
    expect(thumbnail.fit).toBe('whole');
    const image = decodePng(thumbnail.png);
    expect([image.width, image.height]).toEqual([THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT]);
    const top = toThumb(Math.floor((FRAME - 150) / 2));
    expect(inkIn(image, top + toThumb(60), top + toThumb(80), [0, 1])).toBe(true);
    expect(inkIn(image, top + toThumb(60), top + toThumb(80), [838, 839])).toBe(true);
    // The padding above and below is the page's background.
    expect(inkIn(image, 0, top + toThumb(60) - 2)).toBe(false);
    expect(inkIn(image, top + toThumb(80) + 2, THUMBNAIL_HEIGHT - 1)).toBe(false);
  });

  test('with a border down both sides, a still band of rows is the cut', () => {
    const border = (x: number) => x < 2 || x >= 1278;
    const large = encodePng(
      shot(1500, (x, y) =>
        border(x) ? [200, 200, 200] : draw(text(100, 160), text(840, 900))(x, y),
      ),
    );
    const thumbnail = cardThumbnail(large);
    expect(thumbnail.fit).toBe('still band');
    expect(thumbnail.rows).toBeLessThanOrEqual(840);
    const image = decodePng(thumbnail.png);
    expect(inkIn(image, toThumb(160) + 1, THUMBNAIL_HEIGHT - 1, [4, 835])).toBe(false);
  });

  test('a shot with no row free of text in the frame is shown whole, smaller', () => {
    const large = encodePng(
      shot(
        3000,
        draw((x, y) => (x * 7 + y * 3) % 5 < 2),
      ),
    );
    const thumbnail = cardThumbnail(large);
    expect(thumbnail.fit).toBe('scaled whole');
    expect(thumbnail.rows).toBe(3000);
    const image = decodePng(thumbnail.png);
    expect([image.width, image.height]).toEqual([THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT]);
  });
});

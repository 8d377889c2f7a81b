import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashParts } from './cache.ts';
import type { Cache } from './cache.ts';
import { decodePng, encodePng } from './png.ts';
import type { Pixels } from './png.ts';

/**
 * The subcategory card's picture: 840 × 570, the card's 56:38 frame at 1.5 times the 560 px the
 * card is laid out for, so the card shows it whole (object-cover of an image of the frame's own
 * proportions crops nothing).
 */
export const THUMBNAIL_WIDTH = 840;
export const THUMBNAIL_HEIGHT = 570;
export const THUMBNAIL_SUFFIX = '-card.png';

/** Rows whose channels differ by at most this much are the same row (anti-aliasing noise). */
const ROW_TOLERANCE = 2;
/**
 * Where no row of one colour is found: a band of this many identical rows is taken as a gap no
 * text crosses (a line of text changes from row to row; a card's side borders do not). Taller
 * than the part of a 72 px headline's capitals above its lowercase letters, whose stems alone
 * would repeat.
 */
const STILL_BAND = 24;

/**
 * How the frame was filled: the shot was shorter than the frame (`whole`, centred), or cut at a
 * row of one colour (`blank row`) or inside a band of identical rows (`still band`) and the rest
 * of the frame continues that row, or no such row was in the frame's lower half and the whole
 * shot is shown smaller (`scaled whole`). No case cuts through a line of text.
 */
export type ThumbnailFit = 'whole' | 'blank row' | 'still band' | 'scaled whole';

export type Thumbnail = {
  png: Uint8Array;
  fit: ThumbnailFit;
  /** source rows shown */ rows: number;
};

function sameRow(image: Pixels, a: number, b: number): boolean {
  const stride = image.width * image.channels;
  for (let x = 0; x < stride; x++) {
    if (Math.abs(image.data[a * stride + x]! - image.data[b * stride + x]!) > ROW_TOLERANCE)
      return false;
  }
  return true;
}

function blankRow(image: Pixels, y: number): boolean {
  const { channels, data } = image;
  const row = y * image.width * channels;
  for (let x = 1; x < image.width; x++) {
    for (let c = 0; c < channels; c++) {
      if (Math.abs(data[row + x * channels + c]! - data[row + c]!) > ROW_TOLERANCE) return false;
    }
  }
  return true;
}

/**
 * The lowest row at or above `limit` (and not above `limit / 2`) that no text crosses: a row of
 * one colour, else the lowest row of a band of STILL_BAND identical rows.
 */
export function findCut(
  image: Pixels,
  limit: number,
): { row: number; fit: 'blank row' | 'still band' } | null {
  const lowest = Math.floor(limit / 2);
  for (let y = limit; y >= lowest; y--) if (blankRow(image, y)) return { row: y, fit: 'blank row' };
  let run = 1;
  for (let y = limit; y > lowest; y--) {
    run = sameRow(image, y, y - 1) ? run + 1 : 1;
    if (run >= STILL_BAND) return { row: y + STILL_BAND - 2, fit: 'still band' };
  }
  return null;
}

/** The most frequent colour of the shot's left column: the component's page background. */
function backgroundOf(image: Pixels): Uint8Array {
  const { channels, data } = image;
  const counts = new Map<string, number>();
  let best = '';
  for (let y = 0; y < image.height; y++) {
    const at = y * image.width * channels;
    const key = data.subarray(at, at + channels).join(',');
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count > (counts.get(best) ?? 0)) best = key;
  }
  return new Uint8Array(best.split(',').map(Number));
}

/**
 * A `width` × `height` canvas with `rows` rows of `image` (from its top, full width) placed at
 * `top`, `left`. Below them the canvas continues their last row (a cut is made at a row no text
 * crosses, so the frame reads as the component's own background); elsewhere it is `fill`.
 */
function frame(
  image: Pixels,
  rows: number,
  width: number,
  height: number,
  top: number,
  left: number,
  fill: Uint8Array,
  continueLastRow: boolean,
): Pixels {
  const { channels } = image;
  const stride = width * channels;
  const data = new Uint8Array(stride * height);
  for (let x = 0; x < width; x++) data.set(fill, x * channels);
  const fillRow = data.slice(0, stride);
  const sourceStride = image.width * channels;
  for (let y = 0; y < height; y++) {
    const inside = y - top;
    const sourceY = inside >= rows && continueLastRow ? rows - 1 : inside;
    if (sourceY < 0 || sourceY >= rows) data.set(fillRow, y * stride);
    else {
      if (y > 0) data.set(fillRow, y * stride);
      const from = sourceY * sourceStride;
      data.set(image.data.subarray(from, from + sourceStride), y * stride + left * channels);
    }
  }
  return { width, height, channels, data };
}

/**
 * For each output index, the first input index it covers and the share of each covered input
 * (area average): `weights[index * span + k]` is the share of input `first[index] + k`.
 */
function coverage(inputSize: number, outputSize: number) {
  const scale = inputSize / outputSize;
  const span = Math.ceil(scale) + 1;
  const first = new Int32Array(outputSize);
  const weights = new Float32Array(outputSize * span);
  for (let index = 0; index < outputSize; index++) {
    const start = index * scale;
    const end = start + scale;
    first[index] = Math.floor(start);
    for (let k = 0; k < span; k++) {
      const input = first[index]! + k;
      if (input >= inputSize) break;
      const share = Math.min(end, input + 1) - Math.max(start, input);
      if (share > 0) weights[index * span + k] = share / scale;
    }
  }
  return { first, weights, span };
}

/** Scales pixels to `width` × `height`, each output pixel the average of the area it covers. */
export function resizeArea(image: Pixels, width: number, height: number): Pixels {
  const { channels } = image;
  const columns = coverage(image.width, width);
  const horizontal = new Float32Array(width * image.height * channels);
  for (let y = 0; y < image.height; y++) {
    const row = y * image.width;
    for (let x = 0; x < width; x++) {
      const out = (y * width + x) * channels;
      for (let k = 0; k < columns.span; k++) {
        const share = columns.weights[x * columns.span + k]!;
        if (share === 0) continue;
        const from = (row + columns.first[x]! + k) * channels;
        for (let c = 0; c < channels; c++) horizontal[out + c]! += image.data[from + c]! * share;
      }
    }
  }
  const rows = coverage(image.height, height);
  const lineLength = width * channels;
  const sums = new Float32Array(lineLength * height);
  for (let y = 0; y < height; y++) {
    const to = y * lineLength;
    for (let k = 0; k < rows.span; k++) {
      const share = rows.weights[y * rows.span + k]!;
      if (share === 0) continue;
      const from = (rows.first[y]! + k) * lineLength;
      for (let i = 0; i < lineLength; i++) sums[to + i]! += horizontal[from + i]! * share;
    }
  }
  const data = new Uint8Array(lineLength * height);
  for (let i = 0; i < data.length; i++) data[i] = Math.min(255, Math.round(sums[i]!));
  return { width, height, channels, data };
}

/**
 * The card thumbnail of a component from its large (1280 px, desktop layout) screenshot: the top
 * of the shot in the card's proportions, cut where no line of text crosses (see ThumbnailFit),
 * scaled down to THUMBNAIL_WIDTH × THUMBNAIL_HEIGHT. The phone shot the card used before was
 * cropped by the card's object-cover: a short shot lost its sides (words cut at both edges), a
 * tall one showed a band from its middle (lines cut through).
 */
export function cardThumbnail(largePng: Uint8Array): Thumbnail {
  const image = decodePng(largePng);
  const frameHeight = Math.round((image.width * THUMBNAIL_HEIGHT) / THUMBNAIL_WIDTH);
  const scaled = (framed: Pixels) =>
    encodePng(resizeArea(framed, THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT));
  const background = backgroundOf(image);
  if (image.height <= frameHeight) {
    const top = Math.floor((frameHeight - image.height) / 2);
    return {
      png: scaled(frame(image, image.height, image.width, frameHeight, top, 0, background, false)),
      fit: 'whole',
      rows: image.height,
    };
  }
  const cut = findCut(image, frameHeight);
  if (cut) {
    return {
      png: scaled(frame(image, cut.row + 1, image.width, frameHeight, 0, 0, background, true)),
      fit: cut.fit,
      rows: cut.row + 1,
    };
  }
  // Shown smaller, whole and centred: scaled to the frame's height first (a tall shot framed at
  // full size would need a canvas many times its own size).
  const smaller = resizeArea(
    image,
    Math.max(1, Math.round((image.width * THUMBNAIL_HEIGHT) / image.height)),
    THUMBNAIL_HEIGHT,
  );
  const left = Math.floor((THUMBNAIL_WIDTH - smaller.width) / 2);
  return {
    png: encodePng(
      frame(smaller, smaller.height, THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, 0, left, background, false),
    ),
    fit: 'scaled whole',
    rows: image.height,
  };
}

/**
 * Writes `<uuid>-card.png` beside the screenshots in `screenshotsDir` for each of `uuids` whose
 * large shot is there, from the cache when that shot was seen before; returns the uuids written.
 */
export function writeThumbnails(
  uuids: Iterable<string>,
  screenshotsDir: string,
  cache: Cache,
  codeHash: string,
): Set<string> {
  const written = new Set<string>();
  for (const uuid of uuids) {
    const large = join(screenshotsDir, `${uuid}-lg.png`);
    if (!existsSync(large)) continue;
    const output = join(screenshotsDir, `${uuid}${THUMBNAIL_SUFFIX}`);
    const key = hashParts(codeHash, readFileSync(large));
    if (cache.has('thumbnails', key, '.png')) cache.copyOut('thumbnails', key, '.png', output);
    else {
      const { png } = cardThumbnail(readFileSync(large));
      cache.writeFile('thumbnails', key, '.png', png);
      writeFileSync(output, png);
    }
    written.add(uuid);
  }
  return written;
}

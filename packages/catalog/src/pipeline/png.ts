import { crc32 } from 'node:zlib';
import { unzlibSync, zlibSync } from 'fflate';

/** A decoded 8-bit RGB or RGBA PNG: `channels` bytes per pixel, rows top to bottom. */
export type Pixels = { width: number; height: number; channels: number; data: Uint8Array };

/** Decodes the 8-bit, non-interlaced RGB/RGBA PNGs Chromium writes. */
export function decodePng(png: Uint8Array): Pixels {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const chunks: Uint8Array[] = [];
  while (offset < png.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      const depth = body[8]!;
      const colour = body[9]!;
      if (depth !== 8 || (colour !== 2 && colour !== 6) || body[12] !== 0)
        throw new Error(`unsupported PNG (depth ${depth}, colour type ${colour})`);
      channels = colour === 2 ? 3 : 4;
    } else if (type === 'IDAT') chunks.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const compressed = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    compressed.set(chunk, at);
    at += chunk.length;
  }
  const raw = unzlibSync(compressed);
  const stride = width * channels;
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    const previous = row - stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? data[row + x - channels]! : 0;
      const b = y > 0 ? data[previous + x]! : 0;
      const c = x >= channels && y > 0 ? data[previous + x - channels]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      data[row + x] = (raw[source + x]! + predictor) & 255;
    }
  }
  return { width, height, channels, data };
}

/**
 * How two renders of one shot may differ and still be the same picture: no channel of any pixel
 * by more than MAX_CHANNEL_DELTA (anti-aliasing and scrollbar shading vary by one or two
 * levels between runs), and at most MAX_DIFFERING_SHARE of the pixels at all. A tiled, half-drawn
 * or blank frame, or a different size, is far outside it.
 */
export const MAX_CHANNEL_DELTA = 8;
export const MAX_DIFFERING_SHARE = 0.001;

export type PixelComparison = {
  sameSize: boolean;
  differing: number;
  maxDelta: number;
  withinTolerance: boolean;
};

export function comparePngs(a: Uint8Array, b: Uint8Array): PixelComparison {
  const first = decodePng(a);
  const second = decodePng(b);
  if (first.width !== second.width || first.height !== second.height) {
    return { sameSize: false, differing: Infinity, maxDelta: 255, withinTolerance: false };
  }
  let differing = 0;
  let maxDelta = 0;
  const pixels = first.width * first.height;
  for (let pixel = 0; pixel < pixels; pixel++) {
    let delta = 0;
    for (let channel = 0; channel < 3; channel++) {
      const d = Math.abs(
        first.data[pixel * first.channels + channel]! -
          second.data[pixel * second.channels + channel]!,
      );
      if (d > delta) delta = d;
    }
    if (delta > 0) {
      differing++;
      if (delta > maxDelta) maxDelta = delta;
    }
  }
  return {
    sameSize: true,
    differing,
    maxDelta,
    withinTolerance: maxDelta <= MAX_CHANNEL_DELTA && differing <= pixels * MAX_DIFFERING_SHARE,
  };
}

function pngChunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  for (let index = 0; index < 4; index++) out[4 + index] = type.charCodeAt(index);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

/** Encodes 8-bit RGB or RGBA pixels as a PNG (every row with the Sub filter). */
export function encodePng({ width, height, channels, data }: Pixels): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  const stride = width * channels;
  const raw = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const at = y * (stride + 1);
    raw[at] = 1;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? data[y * stride + x - channels]! : 0;
      raw[at + 1 + x] = (data[y * stride + x]! - left) & 255;
    }
  }
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlibSync(raw)),
    pngChunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

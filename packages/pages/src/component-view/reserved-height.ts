import type { PreviewHeight } from '../catalog/types';
import type { PreviewColorScheme } from '../shared/shared-page-data';
import { previewFrameWidth } from './resizable-preview';

/** A frame with nothing recorded for it reserves this much, never 0 (it would look empty). */
export const PREVIEW_DEFAULT_HEIGHT = 480;

/** Beyond this track width the store's content column stops growing (its frames are 1200px). */
const WIDEST_TRACK = 1216;
const NARROWEST_TRACK = 240;

type Sample = { width: number; height: number };

/** What the component records, best first: the heights per frame width, else the two shots'. */
export function heightSamples(
  component: {
    previewHeights?: PreviewHeight[] | null;
    smallWidth: number;
    smallHeight: number;
    largeWidth: number;
    largeHeight: number;
  },
  scheme: 'light' | 'dark',
): Sample[] {
  const recorded = (component.previewHeights ?? [])
    .map((entry) => ({ width: entry.width, height: entry[scheme] }))
    .filter((sample) => sample.width > 0 && sample.height > 0);
  if (recorded.length > 0) return recorded.sort((a, b) => a.width - b.width);
  return [
    { width: component.smallWidth, height: component.smallHeight },
    { width: component.largeWidth, height: component.largeHeight },
  ].filter((sample) => sample.width > 0 && sample.height > 0);
}

/** The recorded height of the sample nearest to a frame width (the default without samples). */
export function reservedHeight(samples: readonly Sample[], frameWidth: number): number {
  let best: Sample | undefined;
  for (const sample of samples) {
    if (!best || Math.abs(sample.width - frameWidth) < Math.abs(best.width - frameWidth)) {
      best = sample;
    }
  }
  return best?.height ?? PREVIEW_DEFAULT_HEIGHT;
}

/**
 * CSS giving the frames matching `selector` the height recorded for the width they will have,
 * by container queries on the preview's container (`@container` in ResizablePreview): the
 * server's HTML is laid out at the right height before any script runs, so when the document
 * reports the same height nothing moves. One rule per run of track widths sharing a sample.
 */
export function reservedHeightCss(selector: string, samples: readonly Sample[]): string {
  const runs: Array<{ from: number; height: number }> = [];
  for (let track = NARROWEST_TRACK; track <= WIDEST_TRACK; track++) {
    const height = reservedHeight(samples, previewFrameWidth(track));
    if (runs.at(-1)?.height !== height) runs.push({ from: track, height });
  }
  const [first, ...rest] = runs;
  const rules = [`${selector}{height:${first!.height}px}`];
  for (const run of rest) {
    rules.push(`@container (width >= ${run.from}px){${selector}{height:${run.height}px}}`);
  }
  return rules.join('');
}

/** The scheme whose heights apply: `system` follows the reader's, dark or not. */
export function reservedHeightStyle(
  selector: string,
  component: Parameters<typeof heightSamples>[0],
  scheme: PreviewColorScheme,
): string {
  if (scheme !== 'system') return reservedHeightCss(selector, heightSamples(component, scheme));
  const dark = reservedHeightCss(selector, heightSamples(component, 'dark'));
  return (
    reservedHeightCss(selector, heightSamples(component, 'light')) +
    `@media (prefers-color-scheme: dark){${dark}}`
  );
}

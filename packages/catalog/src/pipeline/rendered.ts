import type { Browser, Page } from 'playwright-core';
import { LARGE_WIDTH, launchChromium, SMALL_WIDTH } from './screenshots.ts';

// The check that a snippet draws what the HTML draws: the HTML and each framework's rendering
// of its snippet are laid out with the component's CSS in Chromium, each in its own frame (a
// document of its own: ids and radio groups do not meet) at a phone and a desktop width, and
// their rendered text (`innerText`, which applies CSS whitespace processing: a lost space shows
// as "Streamlet.Read") and their heights must be equal. It judges whitespace with the browser's
// rules, not with the converter's model (whitespace.ts), so a wrong model cannot pass its own
// output.

export const RENDER_CHECK_WIDTHS = [SMALL_WIDTH, LARGE_WIDTH] as const;

export type RenderedCandidate = { label: string; html: string };

/** What one candidate draws at one width. */
export type RenderedMeasure = { text: string; height: number };

export type RenderedDifference = { label: string; width: number; detail: string };

function escapeStyle(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}

/** The document one candidate is laid out in: the component in a measured block. */
export function candidateDocument(css: string, html: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<style>${escapeStyle(css)}</style>`,
    // A block formatting context of its own: margins and floats stay inside the measure.
    '<style>#candidate { display: flow-root; }</style>',
    '</head>',
    '<body>',
    `<div id="candidate">${html.trim()}</div>`,
    '</body>',
    '</html>',
  ].join('\n');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** One frame per candidate and width, in `RENDER_CHECK_WIDTHS` order, candidate by candidate. */
export function comparisonDocument(css: string, candidates: RenderedCandidate[]): string {
  const frames = candidates.flatMap((candidate) =>
    RENDER_CHECK_WIDTHS.map(
      (width) =>
        `<iframe width="${width}" height="800" srcdoc="${escapeAttribute(candidateDocument(css, candidate.html))}"></iframe>`,
    ),
  );
  return `<!doctype html>\n<html><body style="margin:0">\n${frames.join('\n')}\n</body></html>\n`;
}

function firstDifference(expected: string, actual: string): string {
  let index = 0;
  while (index < expected.length && expected[index] === actual[index]) index++;
  const from = Math.max(0, index - 30);
  const excerpt = (text: string) =>
    JSON.stringify((from > 0 ? '…' : '') + text.slice(from, index + 30));
  return `draws ${excerpt(actual)} where the HTML draws ${excerpt(expected)}`;
}

/** Compares measures of the original (first) with each candidate's. */
export function compareMeasures(
  labels: string[],
  measures: Array<{ width: number; candidates: RenderedMeasure[] }>,
): RenderedDifference[] {
  const differences: RenderedDifference[] = [];
  for (let index = 1; index < labels.length; index++) {
    for (const { width, candidates } of measures) {
      const expected = candidates[0]!;
      const actual = candidates[index]!;
      if (actual.text !== expected.text) {
        differences.push({
          label: labels[index]!,
          width,
          detail: firstDifference(expected.text, actual.text),
        });
        break;
      }
      if (Math.abs(actual.height - expected.height) > 0.5) {
        const delta = actual.height - expected.height;
        differences.push({
          label: labels[index]!,
          width,
          detail: `is ${Math.abs(delta)} px ${delta < 0 ? 'shorter' : 'taller'} than the HTML`,
        });
        break;
      }
    }
  }
  return differences;
}

export type RenderChecker = {
  /**
   * Lays out `original` and `candidates` with `css` and returns every candidate that draws
   * different text or height from the original at one of RENDER_CHECK_WIDTHS.
   */
  compare(
    css: string,
    original: string,
    candidates: RenderedCandidate[],
  ): Promise<RenderedDifference[]>;
  close(): Promise<void>;
};

async function measure(page: Page): Promise<RenderedMeasure[]> {
  return page.evaluate(async () => {
    const frames = [...document.querySelectorAll('iframe')];
    // Each frame loaded (srcdoc), then two frames later: style and layout have settled.
    await Promise.all(
      frames.map((frame) =>
        frame.contentDocument?.readyState === 'complete'
          ? null
          : new Promise((resolve) => frame.addEventListener('load', resolve, { once: true })),
      ),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return frames.map((frame) => {
      const element = frame.contentDocument!.getElementById('candidate')!;
      return {
        text: element.innerText,
        height: Math.round(element.getBoundingClientRect().height * 100) / 100,
      };
    });
  });
}

export async function launchRenderChecker(): Promise<RenderChecker> {
  const browser: Browser = await launchChromium();
  const context = await browser.newContext({ deviceScaleFactor: 1, reducedMotion: 'reduce' });
  // Nothing is fetched: images keep their width and height attributes, the same in every copy.
  await context.route('**/*', (route) => route.abort());
  const page = await context.newPage();
  await page.setViewportSize({ width: LARGE_WIDTH + 100, height: 800 });
  let queue: Promise<unknown> = Promise.resolve();
  return {
    compare(css, original, candidates) {
      const run = async () => {
        const all = [{ label: 'HTML', html: original }, ...candidates];
        await page.setContent(comparisonDocument(css, all), { waitUntil: 'load' });
        const measured = await measure(page);
        const widths = RENDER_CHECK_WIDTHS.length;
        const measures = RENDER_CHECK_WIDTHS.map((width, w) => ({
          width,
          candidates: all.map((_, c) => measured[c * widths + w]!),
        }));
        return compareMeasures(
          all.map((candidate) => candidate.label),
          measures,
        );
      };
      // One page, one comparison at a time.
      const result = queue.then(run, run);
      queue = result.catch(() => {});
      return result;
    },
    async close() {
      await browser.close();
    },
  };
}

import { describe, expect, it } from 'vitest';
import {
  heightSamples,
  PREVIEW_DEFAULT_HEIGHT,
  reservedHeight,
  reservedHeightCss,
  reservedHeightStyle,
} from './reserved-height';

const component = {
  smallWidth: 375,
  smallHeight: 900,
  largeWidth: 1280,
  largeHeight: 500,
  previewHeights: [
    { width: 1200, light: 520, dark: 530 },
    { width: 342, light: 1000, dark: 1010 },
    { width: 704, light: 700, dark: 710 },
  ],
};

describe('heightSamples', () => {
  it('takes the recorded heights per width for the scheme, narrowest first', () => {
    expect(heightSamples(component, 'dark')).toEqual([
      { width: 342, height: 1010 },
      { width: 704, height: 710 },
      { width: 1200, height: 530 },
    ]);
  });

  it('falls back to the screenshots’ heights, and drops zero ones (a build without Chromium)', () => {
    expect(heightSamples({ ...component, previewHeights: null }, 'light')).toEqual([
      { width: 375, height: 900 },
      { width: 1280, height: 500 },
    ]);
    expect(
      heightSamples(
        { ...component, previewHeights: null, smallHeight: 0, largeHeight: 0 },
        'light',
      ),
    ).toEqual([]);
  });
});

describe('reservedHeight', () => {
  it('is the height recorded at the nearest width, or the default, never 0', () => {
    const samples = heightSamples(component, 'light');
    expect(reservedHeight(samples, 1200)).toBe(520);
    expect(reservedHeight(samples, 342)).toBe(1000);
    expect(reservedHeight(samples, 690)).toBe(700);
    expect(reservedHeight([], 1200)).toBe(PREVIEW_DEFAULT_HEIGHT);
  });
});

describe('reservedHeightCss', () => {
  /** The height the CSS gives a frame in a container this wide (later matching rules win). */
  function heightAt(css: string, container: number): number {
    let height = Number(/^[^{]+\{height:(\d+)px\}/.exec(css)![1]);
    for (const match of css.matchAll(
      /@container \(width >= (\d+)px\)\{[^{]+\{height:(\d+)px\}\}/g,
    )) {
      if (container >= Number(match[1])) height = Number(match[2]);
    }
    return height;
  }

  it('gives each container width the height recorded for the frame width it makes', () => {
    const css = reservedHeightCss('iframe[data-reserve="x"]', heightSamples(component, 'light'));
    expect(css.startsWith('iframe[data-reserve="x"]{height:1000px}')).toBe(true);
    expect(heightAt(css, 342)).toBe(1000); // a 390px phone: no handle, frame = container
    expect(heightAt(css, 720)).toBe(700); // 768px viewport: frame 704 beside the handle
    expect(heightAt(css, 1216)).toBe(520); // desktop: frame 1200
    expect(heightAt(css, 2000)).toBe(520);
  });

  it('with nothing recorded reserves the default height everywhere', () => {
    expect(reservedHeightCss('iframe', [])).toBe(`iframe{height:${PREVIEW_DEFAULT_HEIGHT}px}`);
  });
});

describe('reservedHeightStyle', () => {
  it('uses the dark heights in dark, and both by media query for system', () => {
    expect(reservedHeightStyle('f', component, 'dark')).toContain('height:530px');
    expect(reservedHeightStyle('f', component, 'dark')).not.toContain('height:520px');
    const system = reservedHeightStyle('f', component, 'system');
    expect(system).toMatch(/height:520px.*@media \(prefers-color-scheme: dark\)\{.*height:530px/);
  });
});

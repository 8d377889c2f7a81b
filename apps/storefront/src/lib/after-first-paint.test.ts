import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

/** A font set whose `ready` the test settles, and frames the test draws. */
function pendingPaint() {
  let fontsLoaded!: () => void;
  const ready = new Promise<FontFaceSet>((resolve) => {
    fontsLoaded = () => resolve(document.fonts);
  });
  // jsdom has no font set: give the document one for the test.
  Object.defineProperty(document, 'fonts', { configurable: true, value: { ready } });
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.push(callback);
    return frames.length;
  });
  return { fontsLoaded, drawFrame: () => frames.shift()?.(performance.now()), frames };
}

function visibility(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
}

const settled = (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  return () => done;
};

afterEach(() => {
  delete (document as { fonts?: FontFaceSet }).fonts;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('afterFirstPaint', () => {
  it('waits for the text face and for a frame drawn after it, then for the paint', async () => {
    visibility('visible');
    const paint = pendingPaint();
    const done = settled(afterFirstPaint());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(paint.frames).toHaveLength(0);
    expect(done()).toBe(false);

    paint.fontsLoaded();
    await vi.waitFor(() => expect(paint.frames).toHaveLength(1));
    expect(done()).toBe(false);

    paint.drawFrame();
    // The frame callback runs before the paint: the store starts in the task after it, not in
    // the callback's own microtasks.
    for (let hop = 0; hop < 10; hop += 1) await Promise.resolve();
    expect(done()).toBe(false);
    await vi.waitFor(() => expect(done()).toBe(true));
  });

  it('starts at once in a hidden tab, which paints nothing and draws no frame', async () => {
    visibility('hidden');
    const paint = pendingPaint();
    await afterFirstPaint();
    expect(paint.frames).toHaveLength(0);
  });
});

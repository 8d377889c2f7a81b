/**
 * Resolves once the server's HTML has painted in its text face: the font is loaded (or failed)
 * and a frame has been drawn since. A hidden document paints nothing, so it resolves at once.
 */
export async function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return;
  // (Every browser the store supports has a font set; a test document may not.)
  if ('fonts' in document) await document.fonts.ready;
  // The frame callback runs before the paint; the task it queues runs after it.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

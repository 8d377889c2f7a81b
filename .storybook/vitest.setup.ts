import { afterEach, beforeAll, expect } from 'vitest';
import { page } from 'vitest/browser';

// Visual regression: every story is compared with its committed baseline in __screenshots__/.
// The story renders into document.body; fonts are bundled, animations are off, dates fixed.
beforeAll(() => {
  document.documentElement.classList.add('sb-screenshot-stable');
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') return;
  await document.fonts.ready;
  await expect(page.elementLocator(document.body)).toMatchScreenshot();
});

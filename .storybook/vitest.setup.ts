import { afterEach as axeAfterEach } from '@storybook/addon-a11y/preview';
import { afterEach, beforeAll, expect } from 'vitest';
import { page } from 'vitest/browser';

// Visual regression: every story is compared with its committed baseline in __screenshots__/.
// The story renders into document.body; fonts are bundled, animations are off, dates fixed.
beforeAll(() => {
  document.documentElement.classList.add('sb-screenshot-stable');
});

type AxeReport = { status: string; result?: { violations?: { id: string; help: string }[] } };

/** The addon's own axe pass (its rules and exclusions), on the page as it is now. */
async function axeViolations(storyId: string): Promise<string[]> {
  const reports: AxeReport[] = [];
  const run = axeAfterEach as unknown as (context: object) => Promise<void>;
  await run({
    id: storyId,
    reporting: { addReport: (report: AxeReport) => reports.push(report) },
    parameters: { a11y: { test: 'error' } },
    globals: { a11y: { manual: false } },
    viewMode: 'story',
  });
  if (reports.length === 0) return ['axe did not run'];
  return reports.flatMap((report) =>
    report.status === 'passed'
      ? []
      : (report.result?.violations ?? [{ id: 'error', help: 'axe failed to run' }]).map(
          (violation) => `${violation.id}: ${violation.help}`,
        ),
  );
}

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') return;
  await document.fonts.ready;
  await expect(page.elementLocator(document.body)).toMatchScreenshot();
  // The store in dark mode (decision 066): the same story, state and all, drawn in the dark
  // scheme the server draws on <html>, checked by axe again and compared with a baseline of its
  // own (`<story>-dark-…png`).
  const root = document.documentElement;
  root.dataset.colorScheme = 'dark';
  try {
    expect(await axeViolations(context.task.id), 'axe in the dark scheme').toEqual([]);
    const name = context.task.name.replace(/[^\w]+/g, '-');
    await expect(page.elementLocator(document.body)).toMatchScreenshot(`${name}-dark`);
  } finally {
    delete root.dataset.colorScheme;
  }
});

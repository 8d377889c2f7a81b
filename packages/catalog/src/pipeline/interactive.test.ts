// Interactive components really work, in all three languages: each preview document (the HTML,
// and the React and Vue versions client-rendered in Chromium) is driven with the keyboard only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compileTailwindCss } from '../tailwind.ts';
import { bundleFrameworkSnippets, frameworkPreviewDocument } from './framework-preview.ts';
import type { FrameworkLanguage } from './framework-preview.ts';
import { CONTENT_DIR, loadCatalog } from './load.ts';
import type { ComponentEntry } from './load.ts';
import {
  LARGE_WIDTH,
  launchChromium,
  PREVIEW_ORIGIN,
  servePreviews,
  SMALL_WIDTH,
} from './screenshots.ts';
import { buildRealCatalog } from './testing.ts';
import type { CodeJson } from './types.ts';

type Language = 'html' | FrameworkLanguage;
const LANGUAGES: Language[] = ['html', 'react', 'vue'];

const isInteractive = (component: ComponentEntry) =>
  component.meta.requiresJavaScript ||
  /<dialog[\s>]|\spopover[\s>=]|<details[\s>]/.test(component.html);
const interactive = loadCatalog().components.filter(isInteractive);
const scripted = interactive.filter((component) => component.meta.requiresJavaScript);

let browser: Browser;
let context: BrowserContext;
const files = new Map<string, string>();

beforeAll(async () => {
  const { outDir } = await buildRealCatalog({ screenshots: false });
  const snippets: Record<FrameworkLanguage, Array<{ uuid: string; snippet: string }>> = {
    react: [],
    vue: [],
  };
  for (const component of interactive) {
    files.set(
      `html/${component.uuid}.html`,
      readFileSync(join(outDir, 'previews', `${component.uuid}.html`), 'utf8'),
    );
    const code = JSON.parse(
      readFileSync(join(outDir, 'code', `${component.uuid}.json`), 'utf8'),
    ) as CodeJson;
    for (const snippet of code.snippets) {
      if (snippet.language === 'react' || snippet.language === 'vue') {
        snippets[snippet.language].push({ uuid: component.uuid, snippet: snippet.snippet });
      }
    }
  }
  const css = await compileTailwindCss([
    ...interactive.map((component) => component.html),
    ...snippets.react.map((entry) => entry.snippet),
  ]);
  for (const language of ['react', 'vue'] as const) {
    files.set(`${language}.js`, await bundleFrameworkSnippets(language, snippets[language]));
    for (const component of interactive) {
      files.set(
        `${language}/${component.uuid}.html`,
        frameworkPreviewDocument({
          uuid: component.uuid,
          name: component.meta.name,
          css,
          bundleUrl: `/${language}.js`,
        }),
      );
    }
  }
  browser = await launchChromium();
  context = await browser.newContext({
    viewport: { width: LARGE_WIDTH, height: 800 },
    reducedMotion: 'reduce',
  });
  await servePreviews(context, join(CONTENT_DIR, 'images'), files);
});

afterAll(async () => {
  await browser?.close();
});

async function open(
  page: Page,
  language: Language,
  component: ComponentEntry,
  width: number,
): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`${PREVIEW_ORIGIN}/${language}/${component.uuid}.html`, { waitUntil: 'load' });
  if (language !== 'html') {
    await page.waitForFunction(() => document.getElementById('root')?.firstElementChild !== null);
  }
}

type TargetKind = 'dialog' | 'dismiss' | 'popover' | 'details' | 'combobox';
type Target = {
  key: string;
  kind: TargetKind;
  element: string;
  visible: boolean;
  /** Hidden by the layout at this width (not by a closed dialog, disclosure or popover). */
  hiddenAtThisWidth: boolean;
};

/**
 * Finds what can be opened or closed, marks each trigger with data-keyboard-target, and closes
 * dialogs that render open for the screenshot (the test opens them itself).
 */
function discoverTargets(): Target[] {
  const targets: Target[] = [];
  const visible = (element: Element) => element.checkVisibility({ visibilityProperty: true });
  const add = (trigger: Element, key: string, kind: TargetKind, element: string) => {
    trigger.setAttribute('data-keyboard-target', key);
    targets.push({ key, kind, element, visible: false, hiddenAtThisWidth: false });
  };
  document.querySelectorAll('dialog[id]').forEach((dialog) => {
    const id = dialog.id;
    const opener = [...document.querySelectorAll(`[commandfor="${CSS.escape(id)}"]`)].find(
      (button) =>
        ['show-modal', 'show'].includes(button.getAttribute('command') ?? '') &&
        !dialog.contains(button),
    );
    if (opener) {
      if ((dialog as HTMLDialogElement).open) (dialog as HTMLDialogElement).close();
      add(opener, `dialog#${id}`, 'dialog', id);
    } else if ((dialog as HTMLDialogElement).open) {
      const closer = dialog.querySelector(`[command="close"][commandfor="${CSS.escape(id)}"]`);
      if (closer) add(closer, `dismiss#${id}`, 'dismiss', id);
    }
  });
  document.querySelectorAll('[popover][id]').forEach((popover) => {
    const id = popover.id;
    const trigger = [...document.querySelectorAll(`[popovertarget="${CSS.escape(id)}"]`)].find(
      (element) => (element as HTMLElement).tabIndex >= 0,
    );
    if (trigger) {
      add(trigger, `popover#${id}`, 'popover', id);
      return;
    }
    const listbox = popover.querySelector('[role="listbox"][id]');
    const input =
      listbox &&
      document.querySelector(`[role="combobox"][aria-controls="${CSS.escape(listbox.id)}"]`);
    if (input) add(input, `combobox#${id}`, 'combobox', id);
  });
  document.querySelectorAll('details').forEach((details, index) => {
    const summary = details.querySelector(':scope > summary');
    details.setAttribute('data-keyboard-details', String(index));
    if (summary) add(summary, `details:${index}`, 'details', String(index));
  });
  const insideSomethingClosed = (element: Element) => {
    for (let node = element.parentElement; node; node = node.parentElement) {
      if (node instanceof HTMLDialogElement && !node.open) return true;
      if (
        node instanceof HTMLDetailsElement &&
        !node.open &&
        !node.querySelector(':scope > summary')?.contains(element)
      ) {
        return true;
      }
      if (node.hasAttribute('popover') && !node.matches(':popover-open')) return true;
    }
    return false;
  };
  for (const target of targets) {
    const trigger = document.querySelector(`[data-keyboard-target="${CSS.escape(target.key)}"]`)!;
    target.visible = visible(trigger);
    target.hiddenAtThisWidth = !target.visible && !insideSomethingClosed(trigger);
  }
  return targets;
}

function targetState(target: Target): { open: boolean; visible: boolean } {
  const visible = (element: Element | null) =>
    element?.checkVisibility({ visibilityProperty: true }) ?? false;
  if (target.kind === 'dialog' || target.kind === 'dismiss') {
    const dialog = document.getElementById(target.element) as HTMLDialogElement | null;
    return { open: dialog?.open ?? false, visible: visible(dialog) };
  }
  if (target.kind === 'details') {
    const details = document.querySelector(
      `[data-keyboard-details="${target.element}"]`,
    ) as HTMLDetailsElement;
    const content = [...details.children].filter((child) => child.tagName !== 'SUMMARY');
    return { open: details.open, visible: content.some((child) => visible(child)) };
  }
  const popover = document.getElementById(target.element);
  return { open: popover?.matches(':popover-open') ?? false, visible: visible(popover) };
}

/**
 * Puts the sequential focus navigation starting point just before the trigger, then presses Tab
 * until the trigger has focus: it must be in the tab order, not only focusable by script.
 */
async function tabTo(page: Page, key: string): Promise<number> {
  await page.evaluate((target) => {
    const trigger = document.querySelector(`[data-keyboard-target="${CSS.escape(target)}"]`)!;
    const start = document.createElement('span');
    start.tabIndex = -1;
    trigger.before(start);
    start.focus();
    start.remove();
  }, key);
  for (let presses = 1; presses <= 50; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      () => document.activeElement?.getAttribute('data-keyboard-target') ?? null,
    );
    if (focused === key) return presses;
  }
  throw new Error(`${key} cannot be reached with the Tab key`);
}

/** Lets toggle events, framework re-renders and focus fix-up run before looking. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

const OPEN_KEY: Record<TargetKind, string> = {
  dialog: 'Enter',
  dismiss: 'Enter',
  popover: 'Enter',
  details: 'Space',
  combobox: 'ArrowDown',
};
// <details> has no Escape behaviour in the platform, and these components add no script for it:
// a disclosure closes the way it opened, with Space on its summary.
const CLOSE_KEY: Record<TargetKind, string | null> = {
  dialog: 'Escape',
  dismiss: null,
  popover: 'Escape',
  details: 'Space',
  combobox: 'Escape',
};

// Pages are independent, so components and languages run side by side (vitest's maxConcurrency).
describe.concurrent.each(interactive.map((component) => [component.path, component] as const))(
  '%s',
  (_path, component) => {
    test.for(LANGUAGES)('%s: opens and closes with the keyboard', async (language, { expect }) => {
      const page = await context.newPage();
      const tested: string[] = [];
      try {
        // Desktop first; triggers only shown on small screens (mobile menus) are tried at 375 px.
        for (const width of [LARGE_WIDTH, SMALL_WIDTH]) {
          await open(page, language, component, width);
          const targets = await page.evaluate(discoverTargets);
          const needsSmallScreen = targets.some((target) => target.hiddenAtThisWidth);
          for (const target of targets) {
            if (!target.visible || tested.includes(target.key)) continue;
            await tabTo(page, target.key);
            const state = async () => {
              await settle(page);
              return page.evaluate(targetState, target);
            };
            const before = await state();
            if (target.kind === 'details') {
              // A disclosure may render open (an accordion's first answer): it toggles both ways.
              await page.keyboard.press(OPEN_KEY.details);
              expect(await state(), `${target.key} toggles`).toEqual({
                open: !before.open,
                visible: !before.open,
              });
              await page.keyboard.press(CLOSE_KEY.details!);
              expect(await state(), `${target.key} toggles back`).toEqual({
                open: before.open,
                visible: before.open,
              });
            } else if (target.kind === 'dismiss') {
              expect(before, `${target.key} starts open`).toEqual({ open: true, visible: true });
              await page.keyboard.press(OPEN_KEY.dismiss);
              expect(await state(), `${target.key} closes`).toEqual({
                open: false,
                visible: false,
              });
            } else {
              expect(before.open, `${target.key} starts closed`).toBe(false);
              await page.keyboard.press(OPEN_KEY[target.kind]);
              expect(await state(), `${target.key} opens`).toEqual({ open: true, visible: true });
              if (target.kind === 'combobox') {
                // The arrow that opens the list lands on its first option, not the second.
                const highlighted = await page.evaluate((key) => {
                  const input = document.querySelector(
                    `[data-keyboard-target="${CSS.escape(key)}"]`,
                  );
                  const list = document.getElementById(input?.getAttribute('aria-controls') ?? '');
                  const first = [
                    ...(list?.querySelectorAll<HTMLElement>('[role="option"]') ?? []),
                  ].find((option) => !option.hidden);
                  return { active: input?.getAttribute('aria-activedescendant'), first: first?.id };
                }, target.key);
                expect(highlighted.active, `${target.key} highlights the first option`).toBe(
                  highlighted.first,
                );
              }
              await page.keyboard.press(CLOSE_KEY[target.kind]!);
              expect(await state(), `${target.key} closes`).toEqual({
                open: false,
                visible: false,
              });
            }
            tested.push(target.key);
          }
          if (!needsSmallScreen) break;
        }
      } finally {
        await page.close();
      }
      expect(tested.length, 'at least one trigger reachable from the keyboard').toBeGreaterThan(0);
    });
  },
);

/** What the scripted behaviour shows after each keyboard step, compared across languages. */
type Snapshot = Record<string, unknown>;

function snapshot(): Snapshot {
  const input = document.querySelector('[role="combobox"]') as HTMLInputElement;
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '')!;
  const popover = listbox.closest('[popover]');
  const dialog = input.closest('dialog');
  const options = [...listbox.querySelectorAll('[role="option"]')];
  const empty = document.querySelector('[id$="-empty"]') as HTMLElement | null;
  return {
    value: input.value,
    focused: document.activeElement === input,
    expanded: input.getAttribute('aria-expanded'),
    activeDescendant: input.getAttribute('aria-activedescendant'),
    shown: options.filter((option) => !(option as HTMLElement).hidden).map((option) => option.id),
    selected: options
      .filter((option) => option.getAttribute('aria-selected') === 'true')
      .map((option) => option.id),
    chosen: options
      .filter((option) => option.hasAttribute('data-chosen'))
      .map((option) => option.id),
    hiddenGroups: [...listbox.querySelectorAll('[role="group"]')]
      .filter((group) => (group as HTMLElement).hidden)
      .map((group) => group.getAttribute('aria-labelledby')),
    emptyShown: empty ? !empty.hidden : null,
    popoverOpen: popover ? popover.matches(':popover-open') : null,
    dialogOpen: dialog ? dialog.open : null,
    dialogModal: dialog ? dialog.matches(':modal') : null,
    preview: document.querySelector('[id$="-preview-name"]')?.textContent ?? null,
  };
}

/** A query matching some but not all options, by the same rule as the HTML scripts. */
function pickQuery(): string {
  const options = [...document.querySelectorAll('[role="option"]')].map((option) =>
    (option.textContent ?? '').toLowerCase(),
  );
  for (const query of ['an', 'er', 'on', 'in', 're', 'e', 'a']) {
    const count = options.filter((text) => text.includes(query)).length;
    if (count >= 2 && count < options.length) return query;
  }
  throw new Error('no query narrows these options');
}

async function replaceText(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  if (text) await page.keyboard.type(text);
  else await page.keyboard.press('Backspace');
}

async function trace(page: Page, query: string, kind: 'combobox' | 'palette'): Promise<Snapshot[]> {
  const steps: Snapshot[] = [];
  const record = async () => {
    await settle(page);
    steps.push(await page.evaluate(snapshot));
  };
  if (kind === 'combobox') {
    await tabTo(page, 'combobox');
    await record();
    await replaceText(page, query);
    await record();
    await page.keyboard.press('ArrowDown');
    await record();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await record();
    await page.keyboard.press('Enter');
    await record();
    await page.keyboard.press('ArrowDown');
    await record();
    await page.keyboard.press('Escape');
    await record();
    await replaceText(page, 'zzzz');
    await record();
    return steps;
  }
  await record(); // the dialog renders open, its search field autofocused
  await replaceText(page, query);
  await record();
  await page.keyboard.press('ArrowDown');
  await record();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await record();
  await replaceText(page, 'zzzz');
  await record();
  await replaceText(page, '');
  await record();
  await page.evaluate(() => document.querySelector('dialog')?.close());
  await settle(page);
  await page.keyboard.press('ControlOrMeta+K');
  await record();
  await page.keyboard.press('Escape');
  await record();
  return steps;
}

describe.concurrent.each(scripted.map((component) => [component.path, component] as const))(
  '%s',
  (_path, component) => {
    const kind = component.subcategory === 'comboboxes' ? 'combobox' : 'palette';

    test('the React and Vue versions behave like the HTML script, key for key', async ({
      expect,
    }) => {
      const page = await context.newPage();
      try {
        const traces: Partial<Record<Language, Snapshot[]>> = {};
        let query = '';
        for (const language of LANGUAGES) {
          await open(page, language, component, LARGE_WIDTH);
          await page.evaluate(() =>
            document
              .querySelector('[role="combobox"]')
              ?.setAttribute('data-keyboard-target', 'combobox'),
          );
          query ||= await page.evaluate(pickQuery);
          traces[language] = await trace(page, query, kind);
        }
        const html = traces.html!;
        // The HTML script really filters, highlights and opens: the trace is not trivially equal.
        expect(html[1]!.shown).not.toEqual(html[0]!.shown);
        expect((html[1]!.shown as string[]).length).toBeGreaterThan(0);
        expect(html[2]!.selected).not.toEqual(html[1]!.selected);
        expect(html.some((step) => step.emptyShown === true)).toBe(true);
        if (kind === 'palette') {
          expect(html[0]!.focused).toBe(true);
          expect(html.at(-2)).toMatchObject({ dialogOpen: true, dialogModal: true, focused: true });
          expect(html.at(-1)).toMatchObject({ dialogOpen: false });
        } else {
          expect(html[4]!.popoverOpen).toBe(false);
          expect(html[4]!.chosen).toEqual(html[3]!.selected);
        }
        expect(traces.react).toEqual(html);
        expect(traces.vue).toEqual(html);
      } finally {
        await page.close();
      }
    });
  },
);

test('a preview reports its height to the parent frame with its uuid', async () => {
  const component = interactive[0]!;
  const page = await context.newPage();
  try {
    // The listener is in place before the frame loads, as on the component page.
    files.set(
      'frame.html',
      `<!doctype html><body style="margin:0"><script>
        window.messages = [];
        addEventListener('message', (event) => messages.push({ ...event.data, fromFrame: event.source === document.querySelector('iframe').contentWindow }));
      </script><iframe sandbox="allow-scripts" src="/html/${component.uuid}.html" style="width:600px;height:100px;border:0"></iframe></body>`,
    );
    await page.goto(`${PREVIEW_ORIGIN}/frame.html`);
    await page.waitForFunction(
      () => (window as unknown as { messages: unknown[] }).messages.length > 0,
    );
    const [message] = await page.evaluate(
      () =>
        (
          window as unknown as {
            messages: Array<{ type: string; name: string; height: number; fromFrame: boolean }>;
          }
        ).messages,
    );
    expect(message).toMatchObject({ type: 'BODY_HEIGHT', name: component.uuid, fromFrame: true });
    expect(message!.height).toBeGreaterThan(100);
  } finally {
    await page.close();
  }
});

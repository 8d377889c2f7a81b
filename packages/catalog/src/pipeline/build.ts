import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import {
  codeFingerprint,
  createCache,
  hashParts,
  screenshotCodeFiles,
  toolFingerprint,
} from './cache.ts';
import type { Cache } from './cache.ts';
import { checkSnippet, FidelityError } from './fidelity.ts';
import { highlight } from './highlight.ts';
import { CATALOG_ROOT, CONTENT_DIR, loadCatalog, OVERRIDES_DIR } from './load.ts';
import type { ComponentEntry } from './load.ts';
import { PREVIEW_FONT_FILE, previewDocument, withDirectionSwitch } from './preview.ts';
import { launchRenderChecker } from './rendered.ts';
import type { RenderChecker } from './rendered.ts';
import { compileTailwindCss } from '../tailwind.ts';
import { addedOnOf, addingRelease, loadReleases } from '../content/releases.ts';
import { formatSummary } from './report.ts';
import { historyDiffs } from '../history/diffs.ts';
import type { VersionDiff } from '../history/diffs.ts';
import { HistoryError, loadHistory } from '../history/history.ts';
import type { ComponentHistory, VersionCode } from '../history/history.ts';
import { THUMBNAIL_SUFFIX, writeThumbnails } from './thumbnail.ts';
import {
  launchRtlChecker,
  physicalClassesIn,
  readRtlPending,
  unmirroredIconsIn,
  RTL_CHECK_VERSION,
  rtlProblems,
  writeRtlPending,
  type RtlVerdict,
} from './rtl.ts';
import {
  launchChromium,
  launchScreenshotter,
  PREVIEW_FONT_SOURCE,
  ScreenshotMismatchError,
} from './screenshots.ts';
import type { ComponentShots, Screenshotter } from './screenshots.ts';
import { darkModeProblems, readDarkPending, writeDarkPending } from './dark-mode.ts';
import { componentNameFromSlug, htmlToReact } from './to-react.ts';
import { htmlToVue } from './to-vue.ts';
import { reactCompanions, typeScriptToJavaScript } from './typescript.ts';
import type {
  CatalogJson,
  CodeJson,
  ComponentJson,
  HistoryJson,
  Snippet,
  SubcategoryJson,
} from './types.ts';

export type BuildOptions = {
  /** Where catalog.json, code/, previews/, screenshots/ and images/ are written. */
  outDir: string;
  /** The content-hash cache (packages/catalog/.cache by default in the CLI). */
  cacheDir: string;
  /** Render PNGs with Chromium. Without, dimensions come from the cache or are null. */
  screenshots: boolean;
  log?: (line: string) => void;
  contentDir?: string;
  overridesDir?: string;
  /** Chromium pages working in parallel. */
  pages?: number;
  /** Delete cache entries this build did not use. */
  prune?: boolean;

  /**
   * The dark-mode allowlist (see dark-mode.ts); `dark-pending.txt` beside the content directory
   * by default, none if that file does not exist.
   */
  darkPendingFile?: string;
  /** Rewrite the allowlist with exactly the components failing the dark-mode check. */
  writeDarkPending?: boolean;
  /** The right-to-left allowlist (see rtl.ts); `rtl-pending.txt` beside the content directory. */
  rtlPendingFile?: string;
  /** Rewrite it with exactly the components failing the right-to-left check. */
  writeRtlPending?: boolean;
  /**
   * Tests only: alters a component's first render before it is compared with the second (a
   * corrupted shot must fail the build).
   */
  tamperScreenshots?: Parameters<typeof launchScreenshotter>[0]['tamper'];
  /** The package whose code keys the cache (its src/); tests point it at a copy. */
  codeRoot?: string;
};

export type BuildStats = {
  components: number;
  /** Components converted, checked, highlighted and previewed in this run (cache misses). */
  converted: number;
  convertedFromCache: number;
  screenshotsTaken: number;
  screenshotsFromCache: number;
  /**
   * Shots taken in this run whose two independent renders were byte-identical, equal within the
   * tolerance of png.ts, and components a third render had to decide.
   */
  screenshotAgreement: { identical: number; withinTolerance: number; retaken: number };
  /** Components whose light and dark renders were checked (all that have screenshots). */
  darkChecked: number;
  /** Components on the dark-mode allowlist. */
  darkPending: number;
  /** Components laid out right to left in Chromium in this run (cache misses). */
  rtlChecked: number;
  rtlFromCache: number;
  /** Components with a right-to-left verdict that pass it. */
  rtlPassed: number;
  /** Components on the right-to-left allowlist. */
  rtlPending: number;
  timings: {
    load: number;
    convert: number;
    /** Chromium laying out the HTML and the snippets' renders side by side. */
    rendered: number;
    highlight: number;
    previews: number;
    screenshots: number;
    /** Chromium page time summed over the parallel pages, per mode. */
    screenshotsLight: number;
    screenshotsDark: number;
    /** Converting earlier versions and diffing them (cache misses only). */
    history: number;
    total: number;
  };
};

export type BuildResult = { catalog: CatalogJson; stats: BuildStats };

export type BuildFailure = { component: string; message: string };

/** The build could not produce a faithful catalogue; `failures` names every broken component. */
export class CatalogBuildError extends Error {
  override name = 'CatalogBuildError';
  failures: BuildFailure[];

  constructor(failures: BuildFailure[]) {
    super(
      `${failures.length} component(s) failed to build:\n${failures.map((failure) => `  - ${failure.message}`).join('\n')}`,
    );
    this.failures = failures;
  }
}

/** What the conversion step caches per component. */
type ConvertedEntry = {
  snippets: Snippet[];
  preview: string;
};

type ShotEntry = {
  smallWidth: number;
  smallHeight: number;
  largeWidth: number;
  largeHeight: number;
  smallDarkHeight: number;
  largeDarkHeight: number;
  previewHeights: ComponentShots['heights'];
  probes: ComponentShots['probes'];
};

const SHOT_FILES = ['-sm.png', '-lg.png', '-sm-dark.png', '-lg-dark.png'] as const;

const IMAGE_REFERENCE = /\/images\/catalog\/([a-z0-9-]+\/[A-Za-z0-9._-]+)/g;

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Validates what the converter relies on before converting. */
function checkAuthoringRules(component: ComponentEntry): void {
  const hasScript = /<script[\s>]/i.test(component.html);
  if (hasScript && !component.meta.requiresJavaScript) {
    throw new Error(`${component.path}: has a <script> but is not marked requiresJavaScript`);
  }
  if (component.meta.requiresJavaScript) {
    const missing = (['react', 'vue'] as const).filter(
      (language) => !component.overrides[language],
    );
    if (missing.length > 0) {
      throw new Error(
        `${component.path}: requires JavaScript, so its ${missing.join(' and ')} version must be completed by hand in overrides/${component.path}${missing[0] === 'react' ? '.react.tsx' : '.vue'}`,
      );
    }
  }
}

async function convertComponent(
  component: ComponentEntry,
  timings: BuildStats['timings'],
  renderChecker: () => Promise<RenderChecker>,
): Promise<ConvertedEntry> {
  checkAuthoringRules(component);
  let started = performance.now();
  const react =
    component.overrides.react?.source ??
    htmlToReact(component.html, {
      componentName: componentNameFromSlug(component.slug),
      file: component.path,
    });
  const vue =
    component.overrides.vue?.source ?? htmlToVue(component.html, { file: component.path });
  const options = { component: component.path, dropScripts: component.meta.requiresJavaScript };
  const reactHtml = await checkSnippet('react', react, component.html, options);
  const vueHtml = await checkSnippet('vue', vue, component.html, options);
  timings.convert += performance.now() - started;

  // The text and heights Chromium draws for each snippet against the HTML's (rendered.ts).
  started = performance.now();
  const css = await compileTailwindCss([component.html]);
  const checker = await renderChecker();
  const differences = await checker.compare(
    css,
    component.html.replace(/<script[\s\S]*?<\/script>/gi, ''),
    [
      { label: 'React', html: reactHtml },
      { label: 'Vue', html: vueHtml },
    ],
  );
  const first = differences[0];
  if (first) {
    throw new FidelityError(
      component.path,
      first.label === 'React' ? 'react' : 'vue',
      `${first.width} px wide`,
      `it ${first.detail}`,
    );
  }
  timings.rendered += performance.now() - started;

  started = performance.now();
  const html = component.html.trim() + '\n';
  const snippets: Snippet[] = [
    { language: 'html', label: 'HTML', snippet: html, highlight: await highlight(html, 'html') },
    {
      language: 'react',
      label: 'React',
      snippet: react,
      highlight: await highlight(react, component.overrides.react ? 'tsx' : 'jsx'),
      ...(component.overrides.react
        ? { javascript: await typeScriptToJavaScript(react, `${component.path}.react.tsx`) }
        : {}),
      ...companionsOf(react),
    },
    { language: 'vue', label: 'Vue', snippet: vue, highlight: await highlight(vue, 'vue') },
  ];
  timings.highlight += performance.now() - started;

  started = performance.now();
  const preview = previewDocument({
    uuid: component.uuid,
    name: component.meta.name,
    html: component.html,
    css,
  });
  timings.previews += performance.now() - started;
  return { snippets, preview };
}

/**
 * Applies the dark-mode rule to every component that has screenshots, against the allowlist
 * (or rewrites the allowlist). Returns one failure per component that breaks it.
 */
function checkDarkMode(
  components: ComponentEntry[],
  shots: Map<string, ShotEntry | null>,
  pendingFile: string,
  rewrite: boolean,
  stats: BuildStats,
  log: (line: string) => void,
): BuildFailure[] {
  const pending = readDarkPending(pendingFile);
  const failing: string[] = [];
  const failures: BuildFailure[] = [];
  const paths = new Set(components.map((component) => component.path));
  for (const component of components) {
    const shot = shots.get(component.uuid);
    if (!shot) continue;
    stats.darkChecked++;
    const problems = darkModeProblems(shot.probes);
    if (problems.length > 0) failing.push(component.path);
    if (rewrite) continue;
    if (problems.length > 0 && !pending.has(component.path)) {
      failures.push({
        component: component.path,
        message: `${component.path}: not ready for dark mode: ${problems.join('; ')}`,
      });
    } else if (problems.length === 0 && pending.has(component.path)) {
      failures.push({
        component: component.path,
        message: `${component.path}: passes the dark-mode check, so remove it from ${pendingFile}`,
      });
    }
  }
  if (rewrite) {
    // Components not checked in this run (no screenshots) keep their line.
    const unchecked = [...pending].filter(
      (path) => paths.has(path) && !shots.get(components.find((c) => c.path === path)!.uuid),
    );
    writeDarkPending(pendingFile, [...failing, ...unchecked]);
    stats.darkPending = failing.length + unchecked.length;
    log(`Wrote ${stats.darkPending} component(s) to ${pendingFile}.`);
    return [];
  }
  for (const path of pending) {
    if (!paths.has(path)) {
      failures.push({
        component: path,
        message: `${path}: listed in ${pendingFile} but no such component exists`,
      });
    }
  }
  stats.darkPending = pending.size;
  return failures;
}

/** A component's code as its history hashes it: the HTML and its hand-completed overrides. */
function codeOf(component: ComponentEntry): VersionCode {
  const code: VersionCode = { html: component.html };
  if (component.overrides.react) code.react = component.overrides.react.source;
  if (component.overrides.vue) code.vue = component.overrides.vue.source;
  return code;
}

/** A changelog release's name: its file name without `.md`. */
function releaseName(file: string): string {
  return basename(file, '.md');
}

function releaseNameOf(release: { file: string } | undefined): string | null {
  return release ? releaseName(release.file) : null;
}

/**
 * Each component's right-to-left verdict (rtl.ts), cached under its own key: the preview
 * document, its images and the check's version, never the screenshots' key, so a change to the
 * check takes no screenshot again. Misses are laid out in Chromium, one page for all of them;
 * without Chromium (no screenshots) they stay unchecked.
 */
async function rightToLeftVerdicts(
  components: ComponentEntry[],
  previews: Map<string, string>,
  context: {
    cache: Cache;
    tools: string;
    imagesDir: string;
    inChromium: boolean;
    stats: BuildStats;
  },
): Promise<Map<string, RtlVerdict>> {
  const { cache, tools, imagesDir, stats } = context;
  const verdicts = new Map<string, RtlVerdict>();
  const missing: { component: ComponentEntry; key: string; preview: string }[] = [];
  for (const component of components) {
    const preview = previews.get(component.uuid);
    if (preview === undefined) continue;
    const key = hashParts(
      `rtl-check-${RTL_CHECK_VERSION}`,
      tools,
      preview,
      component.html,
      ...imageFingerprint(component.html, imagesDir),
    );
    const cached = cache.readJson<RtlVerdict>('rtl', key);
    if (cached) {
      verdicts.set(component.uuid, cached);
      stats.rtlFromCache++;
    } else missing.push({ component, key, preview });
  }
  if (missing.length === 0 || !context.inChromium) return verdicts;
  const browser = await launchChromium();
  try {
    const checker = await launchRtlChecker({ browser, imagesDir });
    for (const { component, key, preview } of missing) {
      const verdict = await checker.check(key, preview, component.html);
      cache.writeJson('rtl', key, verdict);
      verdicts.set(component.uuid, verdict);
      stats.rtlChecked++;
    }
    await checker.close();
  } finally {
    await browser.close();
  }
  return verdicts;
}

/**
 * The right-to-left rule against its allowlist, like the dark-mode one: a failing component
 * not listed fails the build, and so does a listed one that passes.
 */
function checkRightToLeft(
  components: ComponentEntry[],
  verdicts: Map<string, RtlVerdict>,
  pendingFile: string,
  rewrite: boolean,
  stats: BuildStats,
  log: (line: string) => void,
): BuildFailure[] {
  const pending = readRtlPending(pendingFile);
  const failing: string[] = [];
  const failures: BuildFailure[] = [];
  const paths = new Set(components.map((component) => component.path));
  for (const component of components) {
    const verdict = verdicts.get(component.uuid);
    if (!verdict) continue;
    // The classes and icons are read again from the HTML, not the cache: a change to those
    // rules (rtl.ts) needs no layout taken again.
    const problems = rtlProblems({
      ...verdict,
      physicalClasses: physicalClassesIn(component.html),
      unmirroredIcons: unmirroredIconsIn(component.html),
    });
    if (problems.length > 0) failing.push(component.path);
    else stats.rtlPassed++;
    if (rewrite) continue;
    if (problems.length > 0 && !pending.has(component.path)) {
      failures.push({
        component: component.path,
        message: `${component.path}: not right to left: ${problems.join('; ')}`,
      });
    } else if (problems.length === 0 && pending.has(component.path)) {
      failures.push({
        component: component.path,
        message: `${component.path}: passes the right-to-left check, so remove it from ${pendingFile}`,
      });
    }
  }
  if (rewrite) {
    const unchecked = [...pending].filter(
      (path) => paths.has(path) && !verdicts.has(components.find((c) => c.path === path)!.uuid),
    );
    writeRtlPending(pendingFile, [...failing, ...unchecked]);
    stats.rtlPending = failing.length + unchecked.length;
    log(`Wrote ${stats.rtlPending} component(s) to ${pendingFile}.`);
    return [];
  }
  for (const path of pending) {
    if (!paths.has(path)) {
      failures.push({
        component: path,
        message: `${path}: listed in ${pendingFile} but no such component exists`,
      });
    }
  }
  stats.rtlPending = pending.size;
  return failures;
}

function companionsOf(react: string): Pick<Snippet, 'companions'> {
  const companions = reactCompanions(react);
  return companions.length > 0 ? { companions } : {};
}

/** The images a component's HTML shows, `<product>/<file>`, sorted. */
export function imagesOf(html: string): string[] {
  return [...new Set([...html.matchAll(IMAGE_REFERENCE)].map((m) => m[1]!))].sort();
}

function imageFingerprint(html: string, imagesDir: string): string[] {
  const parts: string[] = [];
  for (const match of new Set([...html.matchAll(IMAGE_REFERENCE)].map((m) => m[1]!))) {
    const file = join(imagesDir, match);
    parts.push(match, existsSync(file) ? hashParts(readFileSync(file)) : 'missing');
  }
  return parts;
}

/**
 * Builds the catalogue: for every component a React and a Vue snippet (generated and proven
 * faithful, or hand-completed overrides checked against the HTML), Shiki-highlighted code,
 * a standalone preview document and small/large screenshots. Unchanged components come from
 * the cache. Throws CatalogBuildError naming every component that fails.
 */
export async function buildCatalog(options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const contentDir = resolve(options.contentDir ?? CONTENT_DIR);
  const imagesDir = join(contentDir, 'images');
  const outDir = resolve(options.outDir);
  const cache: Cache = createCache(resolve(options.cacheDir));
  const started = performance.now();
  const timings: BuildStats['timings'] = {
    load: 0,
    convert: 0,
    rendered: 0,
    highlight: 0,
    previews: 0,
    screenshots: 0,
    screenshotsLight: 0,
    screenshotsDark: 0,
    history: 0,
    total: 0,
  };
  const source = loadCatalog({ contentDir, overridesDir: options.overridesDir ?? OVERRIDES_DIR });
  const releases = loadReleases(
    contentDir,
    source.components.map((component) => component.path),
  );
  // A change to a component's code without a new version in its history fails here, before any
  // conversion (history.ts).
  let histories: Map<string, ComponentHistory>;
  try {
    histories = loadHistory(
      contentDir,
      source.components.map((component) => ({ path: component.path, code: codeOf(component) })),
      new Map(releases.map((release) => [releaseName(release.file), release.date])),
    );
  } catch (error) {
    if (!(error instanceof HistoryError)) throw error;
    throw new CatalogBuildError(
      error.problems.map((problem) => ({ component: problem.split(/[: ]/)[0]!, message: problem })),
    );
  }
  timings.load = performance.now() - started;

  for (const dir of ['code', 'previews', 'screenshots', 'images', 'fonts', 'history']) {
    rmSync(join(outDir, dir), { recursive: true, force: true });
    mkdirSync(join(outDir, dir), { recursive: true });
  }
  rmSync(join(outDir, 'catalog.json'), { force: true });

  const stats: BuildStats = {
    components: source.components.length,
    converted: 0,
    convertedFromCache: 0,
    screenshotsTaken: 0,
    screenshotsFromCache: 0,
    screenshotAgreement: { identical: 0, withinTolerance: 0, retaken: 0 },
    darkChecked: 0,
    darkPending: 0,
    rtlChecked: 0,
    rtlFromCache: 0,
    rtlPassed: 0,
    rtlPending: 0,
    timings,
  };
  const failures: BuildFailure[] = [];
  const shots = new Map<string, ShotEntry | null>();
  const componentKeys: string[] = [];
  const previews = new Map<string, string>();
  let screenshotter: Promise<Screenshotter> | undefined;
  let checker: Promise<RenderChecker> | undefined;
  const renderChecker = () => (checker ??= launchRenderChecker());
  let screenshotStart: number | undefined;
  let screenshotEnd = 0;
  const pendingShots: Array<Promise<void>> = [];
  const tools = toolFingerprint();
  // A converter change rebuilds every snippet; only a change to how shots are taken retakes them.
  const codeHash = codeFingerprint(options.codeRoot);
  const shotCodeHash = codeFingerprint(options.codeRoot, screenshotCodeFiles(options.codeRoot));
  // The diffs depend on the converters (codeHash) and on how they are made (src/history/diffs.ts).
  const historyCodeRoot = options.codeRoot ?? CATALOG_ROOT;
  const historyCodeHash = codeFingerprint(historyCodeRoot, [
    join(historyCodeRoot, 'src', 'history', 'diffs.ts'),
  ]);

  const shoot = (component: ComponentEntry, preview: string) => {
    const key = hashParts(
      shotCodeHash,
      tools,
      preview,
      ...imageFingerprint(component.html, imagesDir),
    );
    const output = (suffix: string) => join(outDir, 'screenshots', `${component.uuid}${suffix}`);
    const cached = cache.readJson<ShotEntry>('screenshots', key);
    if (cached && SHOT_FILES.every((suffix) => cache.has('screenshots', key, suffix))) {
      for (const suffix of SHOT_FILES) cache.copyOut('screenshots', key, suffix, output(suffix));
      shots.set(component.uuid, cached);
      stats.screenshotsFromCache++;
      return;
    }
    if (!options.screenshots) {
      shots.set(component.uuid, null);
      return;
    }
    screenshotter ??= launchScreenshotter({
      imagesDir,
      fontFile: PREVIEW_FONT_SOURCE,
      pages: options.pages ?? 3,
      ...(options.tamperScreenshots ? { tamper: options.tamperScreenshots } : {}),
    });
    const shot = (async () => {
      const shooter = await screenshotter!;
      if (failures.length > 0) return; // the build fails anyway; do not spend Chromium time
      screenshotStart ??= performance.now();
      let rendered: ComponentShots;
      try {
        rendered = await shooter.shoot(component.uuid, preview);
      } catch (error) {
        if (!(error instanceof ScreenshotMismatchError)) throw error;
        failures.push({
          component: component.path,
          message: `${component.path}: ${error.message}`,
        });
        return;
      }
      const { light, dark, probes, timings: modeTimings, heights } = rendered;
      screenshotEnd = performance.now();
      timings.screenshotsLight += modeTimings.light;
      timings.screenshotsDark += modeTimings.dark;
      const entry: ShotEntry = {
        smallWidth: light.smallSize.width,
        smallHeight: light.smallSize.height,
        largeWidth: light.largeSize.width,
        largeHeight: light.largeSize.height,
        smallDarkHeight: dark.smallSize.height,
        largeDarkHeight: dark.largeSize.height,
        previewHeights: heights,
        probes,
      };
      const files = [light.small, light.large, dark.small, dark.large];
      SHOT_FILES.forEach((suffix, index) => {
        cache.writeFile('screenshots', key, suffix, files[index]!);
        writeFileSync(output(suffix), files[index]!);
      });
      cache.writeJson('screenshots', key, entry);
      shots.set(component.uuid, entry);
      stats.screenshotsTaken++;
    })();
    // Awaited after the conversion loop; until then a failure must not count as unhandled.
    shot.catch(() => {});
    pendingShots.push(shot);
  };

  try {
    for (const component of source.components) {
      const key = hashParts(
        codeHash,
        tools,
        component.path,
        component.source,
        component.overrides.react?.source ?? '',
        component.overrides.vue?.source ?? '',
      );
      componentKeys.push(key);
      let entry = cache.readJson<ConvertedEntry>('components', key);
      if (entry) stats.convertedFromCache++;
      else {
        try {
          entry = await convertComponent(component, timings, renderChecker);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          failures.push({
            component: component.path,
            message:
              error instanceof FidelityError || message.startsWith(component.path)
                ? message
                : `${component.path}: ${message}`,
          });
          continue;
        }
        cache.writeJson('components', key, entry);
        stats.converted++;
      }
      const code: CodeJson = { snippets: entry.snippets };
      writeFileSync(join(outDir, 'code', `${component.uuid}.json`), JSON.stringify(code));
      writeFileSync(
        join(outDir, 'previews', `${component.uuid}.html`),
        withDirectionSwitch(entry.preview),
      );
      const history = histories.get(component.path)!;
      if (history.entries.length > 1) {
        // Each change's diff in each language; cached, since it runs the converters.
        const historyKey = hashParts(
          codeHash,
          historyCodeHash,
          tools,
          component.path,
          ...history.entries.map((version) => version.hash),
        );
        let changes = cache.readJson<VersionDiff[]>('history', historyKey);
        if (!changes) {
          const diffStarted = performance.now();
          changes = historyDiffs(history, codeOf(component));
          cache.writeJson('history', historyKey, changes);
          timings.history += performance.now() - diffStarted;
        }
        const json: HistoryJson = { changes };
        writeFileSync(join(outDir, 'history', `${component.uuid}.json`), JSON.stringify(json));
      }
      shoot(component, entry.preview);
      previews.set(component.uuid, entry.preview);
    }
    await Promise.all(pendingShots);
  } finally {
    if (screenshotter)
      await screenshotter.then(
        (shooter) => Object.assign(stats.screenshotAgreement, shooter.agreement),
        () => {},
      );
    if (checker)
      await checker.then(
        (instance) => instance.close(),
        () => {},
      );
    if (screenshotter)
      await screenshotter.then(
        (shooter) => shooter.close(),
        () => {},
      );
  }
  if (screenshotStart !== undefined) timings.screenshots = screenshotEnd - screenshotStart;
  if (failures.length > 0) throw new CatalogBuildError(failures);
  const rtl = await rightToLeftVerdicts(source.components, previews, {
    cache,
    tools,
    imagesDir,
    inChromium: options.screenshots,
    stats,
  });
  failures.push(
    ...checkRightToLeft(
      source.components,
      rtl,
      options.rtlPendingFile ?? join(contentDir, '..', 'rtl-pending.txt'),
      options.writeRtlPending ?? false,
      stats,
      log,
    ),
  );
  failures.push(
    ...checkDarkMode(
      source.components,
      shots,
      options.darkPendingFile ?? join(contentDir, '..', 'dark-pending.txt'),
      options.writeDarkPending ?? false,
      stats,
      log,
    ),
  );
  if (failures.length > 0) throw new CatalogBuildError(failures);

  if (existsSync(imagesDir)) cpSync(imagesDir, join(outDir, 'images'), { recursive: true });
  cpSync(PREVIEW_FONT_SOURCE, join(outDir, 'fonts', PREVIEW_FONT_FILE));

  // Each subcategory card shows its first current component, framed for the card (thumbnail.ts).
  const thumbnails = writeThumbnails(
    source.products
      .flatMap((product) =>
        product.categories.flatMap((category) =>
          category.subcategories.flatMap((subcategory) =>
            subcategory.components.filter((component) => !component.meta.archived).slice(0, 1),
          ),
        ),
      )
      .map((component) => component.uuid),
    join(outDir, 'screenshots'),
    cache,
    codeHash,
  );

  const generatedFrom = hashParts(
    codeHash,
    ...componentKeys,
    ...Object.entries(source.metadata).flat(),
    ...releases.flatMap((release) => [release.date, ...release.added]),
    ...[...histories.values()].flatMap((history) => [
      history.path,
      ...history.entries.flatMap((version) => [
        version.date,
        version.hash,
        version.reason,
        version.release ?? '',
      ]),
    ]),
    ...imageFingerprint(source.components.map((component) => component.html).join('\n'), imagesDir),
  );
  const catalog: CatalogJson = {
    generatedFrom,
    products: source.products.map((product) => ({
      slug: product.slug,
      name: product.name,
      description: product.description,
      url: `/components#product-${product.slug}`,
      categories: product.categories.map((category) => ({
        slug: category.slug,
        name: category.name,
        description: category.description,
        subcategories: category.subcategories.map((subcategory): SubcategoryJson => {
          const components = subcategory.components.map((component): ComponentJson => {
            const shot = shots.get(component.uuid) ?? null;
            const history = histories.get(component.path)!;
            return {
              uuid: component.uuid,
              slug: component.slug,
              name: component.meta.name,
              order: component.meta.order ?? null,
              addedOn: addedOnOf(releases, component.path),
              addedIn: releaseNameOf(addingRelease(releases, component.path)),
              version: history.entries.length,
              updatedOn: history.entries.at(-1)!.date,
              history: history.entries.map((version) => ({
                version: version.version,
                date: version.date,
                reason: version.reason,
                release: version.release ?? null,
              })),
              archived: component.meta.archived,
              requiresJavaScript: component.meta.requiresJavaScript,
              imageCreditsHtml: component.meta.imageCredits
                ? escapeHtml(component.meta.imageCredits)
                : null,
              smallWidth: shot?.smallWidth ?? null,
              smallHeight: shot?.smallHeight ?? null,
              largeWidth: shot?.largeWidth ?? null,
              largeHeight: shot?.largeHeight ?? null,
              smallDarkHeight: shot?.smallDarkHeight ?? null,
              largeDarkHeight: shot?.largeDarkHeight ?? null,
              previewHeights: shot?.previewHeights ?? null,
              smallScreenshotUrl: `/catalog/screenshots/${component.uuid}-sm.png`,
              largeScreenshotUrl: `/catalog/screenshots/${component.uuid}-lg.png`,
              smallDarkScreenshotUrl: `/catalog/screenshots/${component.uuid}-sm-dark.png`,
              largeDarkScreenshotUrl: `/catalog/screenshots/${component.uuid}-lg-dark.png`,
              images: imagesOf(component.html),
            };
          });
          const current = components.filter((component) => !component.archived);
          return {
            slug: subcategory.slug,
            name: subcategory.name,
            description: subcategory.description,
            introduction: subcategory.introduction,
            url: `/components/${product.slug}/${category.slug}/${subcategory.slug}`,
            thumbnailUrl:
              current[0] && thumbnails.has(current[0].uuid)
                ? `/catalog/screenshots/${current[0].uuid}${THUMBNAIL_SUFFIX}`
                : null,
            componentCount: current.length,
            hasArchived: components.length > current.length,
            lastAddedOn:
              current
                .map((component) => component.addedOn)
                .filter((date): date is string => date !== null)
                .sort()
                .at(-1) ?? null,
            components,
          };
        }),
      })),
    })),
  };
  writeFileSync(join(outDir, 'catalog.json'), JSON.stringify(catalog, null, 2) + '\n');
  if (options.prune) cache.prune();

  timings.total = performance.now() - started;
  for (const line of formatSummary(catalog, stats)) log(line);
  return { catalog, stats };
}

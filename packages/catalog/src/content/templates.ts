import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { renderMarkdown } from './markdown.ts';
import { contentDirOf, withBrand, type ContentOptions } from './options.ts';

/**
 * The store's templates and UI kits, in the order it lists them (the footer directory, the
 * Templates page, the All-access page). A folder under content/templates must be one of these.
 */
export const TEMPLATE_SLUGS = [
  'catalyst',
  'spotlight',
  'salient',
  'protocol',
  'commit',
  'primer',
  'studio',
  'transmit',
  'pocket',
  'syntax',
  'keynote',
] as const;

type TemplateSlug = (typeof TEMPLATE_SLUGS)[number];

/** Tailwind colour families a template's banner may use as its accent. */
const ACCENTS = [
  'slate',
  'red',
  'orange',
  'amber',
  'emerald',
  'teal',
  'cyan',
  'sky',
  'blue',
  'indigo',
  'violet',
  'purple',
  'fuchsia',
  'pink',
  'rose',
] as const;

type Accent = (typeof ACCENTS)[number];

export type TemplateTechnology = { name: string; version: string | null };

/** Money as integer minor units plus an ISO currency code. */
export type Price = { currency: string; amount: number };

export type TemplateFaqEntry = { question: string; answerHtml: string };

export type Template = {
  slug: TemplateSlug;
  name: string;
  type: string;
  summary: string;
  descriptionHtml: string;
  technologies: TemplateTechnology[];
  faq: TemplateFaqEntry[];
  price: Price;
  order: number;
  imageUrl: string;
  bannerUrl: string;
  previewUrl: string;
  /**
   * The zip, relative to the content output directory: under private/, which no static mount
   * covers; only the owners-only download route reads it.
   */
  downloadPath: string;
};

/** template.yaml as authored (Markdown not yet rendered). */
export type TemplateMeta = {
  name: string;
  type: string;
  summary: string;
  description: string;
  technologies: TemplateTechnology[];
  price: Price;
  order: number;
  accent: Accent;
  faq: { question: string; answer: string }[];
};

type TemplateFile = { path: string; bytes: Uint8Array };

export type TemplateSource = {
  slug: TemplateSlug;
  /** content/templates/<slug> */
  dir: string;
  meta: TemplateMeta;
  /** Everything under source/, paths relative to it with `/`, sorted. */
  files: TemplateFile[];
};

/** Files every template's source/ must have (what the demo and the README rely on). */
export const REQUIRED_SOURCE_FILES = [
  'index.html',
  'README.md',
  'package.json',
  'src/styles.css',
] as const;

/** index.html links the CLI's output; the demo inlines the compiled CSS in its place. */
export const STYLESHEET_LINK = '<link rel="stylesheet" href="./dist/styles.css" />';

const META_KEYS = new Set([
  'name',
  'type',
  'summary',
  'description',
  'technologies',
  'price',
  'order',
  'accent',
  'faq',
]);

export function templateUrls(slug: string) {
  const base = `/catalog/templates/${slug}`;
  return {
    imageUrl: `${base}/image.png`,
    bannerUrl: `${base}/banner.png`,
    previewUrl: `${base}/demo.html`,
    downloadPath: `private/templates/${slug}.zip`,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(raw: Record<string, unknown>, key: string, where: string): string {
  const value = raw[key];
  if (typeof value !== 'string' || !value.trim()) {
    throw new Error(`${where}: '${key}' must be a non-empty string`);
  }
  return value.trim();
}

/** Checks template.yaml's shape; every error names the file and the field. */
export function parseTemplateMeta(source: string, file: string): TemplateMeta {
  let raw: unknown;
  try {
    raw = parseYaml(source);
  } catch (error) {
    throw new Error(`${file}: not valid YAML (${(error as Error).message})`, {
      cause: error,
    });
  }
  if (!isRecord(raw)) throw new Error(`${file}: must be a YAML mapping`);
  for (const key of Object.keys(raw)) {
    if (!META_KEYS.has(key)) throw new Error(`${file}: unknown field '${key}'`);
  }
  const summary = text(raw, 'summary', file);
  if (summary.includes('\n')) throw new Error(`${file}: 'summary' must be one line`);

  if (!Array.isArray(raw.technologies) || raw.technologies.length === 0) {
    throw new Error(`${file}: 'technologies' must be a non-empty list of {name, version}`);
  }
  const technologies = raw.technologies.map((item, index): TemplateTechnology => {
    const where = `${file}: technologies[${index}]`;
    if (!isRecord(item)) throw new Error(`${where} must be a mapping with name and version`);
    const version = item.version;
    if (version !== null && version !== undefined && typeof version !== 'string') {
      throw new Error(`${where}: 'version' must be a string (quote numbers) or left out`);
    }
    return { name: text(item, 'name', where), version: version ?? null };
  });

  const price = raw.price;
  if (
    !isRecord(price) ||
    typeof price.currency !== 'string' ||
    !/^[A-Z]{3}$/.test(price.currency) ||
    !Number.isInteger(price.amount) ||
    (price.amount as number) <= 0
  ) {
    throw new Error(
      `${file}: 'price' must be {currency: 'USD', amount: <positive integer in minor units>}`,
    );
  }

  if (!Number.isInteger(raw.order)) throw new Error(`${file}: 'order' must be an integer`);
  const accent = raw.accent;
  if (typeof accent !== 'string' || !(ACCENTS as readonly string[]).includes(accent)) {
    throw new Error(`${file}: 'accent' must be one of ${ACCENTS.join(', ')}`);
  }

  if (!Array.isArray(raw.faq) || raw.faq.length === 0) {
    throw new Error(`${file}: 'faq' must be a non-empty list of {question, answer}`);
  }
  const faq = raw.faq.map((item, index) => {
    const where = `${file}: faq[${index}]`;
    if (!isRecord(item)) throw new Error(`${where} must be a mapping with question and answer`);
    return { question: text(item, 'question', where), answer: text(item, 'answer', where) };
  });

  return {
    name: text(raw, 'name', file),
    type: text(raw, 'type', file),
    summary,
    description: text(raw, 'description', file),
    technologies,
    price: { currency: price.currency, amount: price.amount as number },
    order: raw.order as number,
    accent: accent as Accent,
    faq,
  };
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name !== '.DS_Store')
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

async function readTemplateSource(
  templatesDir: string,
  slug: TemplateSlug,
): Promise<TemplateSource> {
  const dir = join(templatesDir, slug);
  const yamlFile = join(dir, 'template.yaml');
  let yamlSource: string;
  try {
    yamlSource = await readFile(yamlFile, 'utf8');
  } catch {
    throw new Error(`${yamlFile}: missing (every template needs a template.yaml)`);
  }
  const meta = parseTemplateMeta(yamlSource, yamlFile);
  const sourceDir = join(dir, 'source');
  let paths: string[];
  try {
    paths = await listFiles(sourceDir);
  } catch {
    throw new Error(`${sourceDir}: missing (the template's downloadable source)`);
  }
  for (const required of REQUIRED_SOURCE_FILES) {
    if (!paths.includes(required)) throw new Error(`${join(sourceDir, required)}: missing`);
  }
  const generated = paths.find(
    (path) => path.startsWith('dist/') || path.startsWith('node_modules/'),
  );
  if (generated) {
    throw new Error(`${join(sourceDir, generated)}: build output does not belong in source/`);
  }
  const files = await Promise.all(
    paths.map(async (path) => ({
      path,
      bytes: new Uint8Array(await readFile(join(sourceDir, path))),
    })),
  );
  const index = new TextDecoder().decode(files.find((f) => f.path === 'index.html')?.bytes);
  if (index.split(STYLESHEET_LINK).length !== 2) {
    throw new Error(`${join(sourceDir, 'index.html')}: must contain ${STYLESHEET_LINK} once`);
  }
  return { slug, dir, meta, files };
}

/** Reads and validates every template directory; unknown or missing templates are errors. */
export async function readTemplateSources(options?: ContentOptions): Promise<TemplateSource[]> {
  const templatesDir = join(contentDirOf(options), 'templates');
  const dirs = (await readdir(templatesDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  for (const name of dirs) {
    if (!(TEMPLATE_SLUGS as readonly string[]).includes(name)) {
      throw new Error(
        `${join(templatesDir, name)}: not one of the templates (${TEMPLATE_SLUGS.join(', ')})`,
      );
    }
  }
  const sources = await Promise.all(
    TEMPLATE_SLUGS.map((slug) => {
      if (!dirs.includes(slug)) throw new Error(`${join(templatesDir, slug)}: missing template`);
      return readTemplateSource(templatesDir, slug);
    }),
  );
  const orders = new Map<number, string>();
  for (const source of sources) {
    const clash = orders.get(source.meta.order);
    if (clash)
      throw new Error(`${source.dir}: order ${source.meta.order} is also used by ${clash}`);
    orders.set(source.meta.order, source.slug);
  }
  return sources.sort((a, b) => a.meta.order - b.meta.order);
}

/** The store's view of a template: Markdown rendered, URLs filled in. */
export async function toTemplate(
  source: TemplateSource,
  options?: ContentOptions,
): Promise<Template> {
  const { meta } = source;
  return {
    slug: source.slug,
    name: meta.name,
    type: meta.type,
    summary: withBrand(meta.summary, options),
    descriptionHtml: await renderMarkdown(withBrand(meta.description, options)),
    technologies: meta.technologies,
    faq: await Promise.all(
      meta.faq.map(async ({ question, answer }) => ({
        question: withBrand(question, options),
        answerHtml: await renderMarkdown(withBrand(answer, options)),
      })),
    ),
    price: meta.price,
    order: meta.order,
    ...templateUrls(source.slug),
  };
}

export async function loadTemplates(options?: ContentOptions): Promise<Template[]> {
  const sources = await readTemplateSources(options);
  return Promise.all(sources.map((source) => toTemplate(source, options)));
}

// A package's components in one language as a zip, written entry by entry to a stream
// (decision 016): each component's code is read from the catalogue build when its turn comes
// and handed to the zip writer, which compresses and writes it out; the next one is read only
// once the response has taken the last. Nothing holds the whole archive.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_PUBLIC_DIR } from '@tessera/catalog/catalogue';
import { Readable, type Writable } from 'node:stream';
import type { PackageDownloads } from '@tessera/pages';
import {
  SNIPPET_LANGUAGE_LABELS,
  SNIPPET_LANGUAGES,
  type SnippetLanguage,
} from '@tessera/pages/constants';
import type { Entitlements } from '../licensing/index.ts';
import { ZipFile } from 'yazl';
import type { Catalogue, CodeJson, ComponentPlace, ProductJson } from '../catalog/index.ts';

/** The file extension a language's snippet is saved with. */
export const EXTENSIONS: Record<SnippetLanguage, string> = {
  html: 'html',
  react: 'jsx',
  vue: 'vue',
};

/** `/downloads/marketing/react.zip`: the one address of a package's archive in a language. */
export const downloadUrl = (productSlug: string, language: SnippetLanguage) =>
  `/downloads/${productSlug}/${language}.zip`;

/** The licence page's download links: every component package the viewer owns. */
export function downloadsFor(catalogue: Catalogue, viewer: Entitlements): PackageDownloads[] {
  return catalogue.products
    .filter((product) => viewer.has(product.slug))
    .map((product) => ({
      package: product.name,
      archives: SNIPPET_LANGUAGES.map((language) => ({
        language,
        label: SNIPPET_LANGUAGE_LABELS[language],
        url: downloadUrl(product.slug, language),
      })),
    }));
}

/** The archive's file name and its single top-level folder: `marketing-react`. */
export const archiveName = (productSlug: string, language: SnippetLanguage) =>
  `${productSlug}-${language}`;

export interface ArchiveEntry {
  place: ComponentPlace;
  /** Inside the archive's folder: `sections/heroes/simple-centered.jsx`. */
  path: string;
  /** Where the component is shown in the store (absolute). */
  url: string;
}

/** Every component of `product` (archived ones too: their owners see their code on the site). */
export function archiveEntries(
  product: ProductJson,
  language: SnippetLanguage,
  appUrl: string,
): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  for (const category of product.categories) {
    for (const subcategory of category.subcategories) {
      for (const component of subcategory.components) {
        const query = component.archived ? '?include=archived' : '';
        entries.push({
          place: { product, category, subcategory, component },
          path: `${category.slug}/${subcategory.slug}/${component.slug}.${EXTENSIONS[language]}`,
          url: new URL(`${subcategory.url}${query}`, appUrl).href,
        });
      }
    }
  }
  return entries;
}

export interface Manifest {
  package: { slug: string; name: string };
  language: SnippetLanguage;
  /** The catalogue build this archive was made from (changes whenever any component does). */
  version: string;
  generatedAt: string;
  licensedTo: string;
  licence: string;
  files: {
    path: string;
    name: string;
    category: string;
    subcategory: string;
    archived: boolean;
    requiresJavaScript: boolean;
    url: string;
  }[];
  /**
   * The images the components show, inside the archive's folder (`public/images/catalog/…`):
   * copy `public/` into the project's public folder (the site root) so `/images/catalog/…`
   * resolves.
   */
  images: string[];
}

/** Every image the package's components show (`<product>/<file>`), sorted. */
export function archiveImages(entries: ArchiveEntry[]): string[] {
  return [...new Set(entries.flatMap((entry) => entry.place.component.images ?? []))].sort();
}

/** Where an image goes inside the archive's folder. */
export const imageArchivePath = (image: string) => `${IMAGE_PUBLIC_DIR}/${image}`;

export function manifestFor(
  product: ProductJson,
  language: SnippetLanguage,
  entries: ArchiveEntry[],
  meta: { version: string; generatedAt: Date; licensedTo: string },
): Manifest {
  return {
    package: { slug: product.slug, name: product.name },
    language,
    version: meta.version,
    generatedAt: meta.generatedAt.toISOString(),
    licensedTo: meta.licensedTo,
    licence: 'LICENSE.md',
    files: entries.map(({ place, path, url }) => ({
      path,
      name: place.component.name,
      category: place.category.name,
      subcategory: place.subcategory.name,
      archived: place.component.archived,
      requiresJavaScript: place.component.requiresJavaScript,
      url,
    })),
    images: archiveImages(entries).map(imageArchivePath),
  };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The licence as Markdown, from the Documentation's "Licence basics" page (the one place its
 * wording is written), so the text in every archive is the text on the site.
 */
export function licenceText(
  catalogue: Catalogue,
  meta: { brandName: string; packageName: string; licensedTo: string; appUrl: string },
): string {
  const page = catalogue.docs.pages.find((doc) => doc.slug === 'licence-basics');
  const body = page
    ? decodeEntities(
        page.html
          .replace(/<h2[^>]*>([\s\S]*?)<\/h2>/g, '\n## $1\n')
          .replace(/<li>/g, '- ')
          .replace(/<\/?(strong|b)>/g, '**')
          .replace(/<\/?code>/g, '`')
          .replace(/<[^>]+>/g, '')
          .replace(/\n{3,}/g, '\n\n'),
      ).trim()
    : 'Use the components in unlimited projects; do not resell or redistribute them.';
  return [
    `# ${meta.brandName} licence`,
    '',
    `${meta.packageName}, licensed to ${meta.licensedTo}.`,
    `Licence terms and your licences: ${new URL('/license', meta.appUrl).href}`,
    '',
    body,
    '',
  ].join('\n');
}

/** Reads one component's code without keeping it (the catalogue's cache is for pages). */
export type CodeReader = (uuid: string) => Promise<CodeJson>;

export const readCodeFile =
  (catalogue: Catalogue): CodeReader =>
  async (uuid) =>
    JSON.parse(await readFile(catalogue.codeFile(uuid), 'utf8')) as CodeJson;

/**
 * Writes the archive to `out`. Every entry is declared up front, but its code is read only when
 * the zip writer reaches it (`addReadStreamLazy`), and the writer reaches the next entry only
 * once the previous one has flowed out through `out` (the pipe's back-pressure): memory holds
 * about one component whatever the package's size, and a client that stops reading stops the
 * reading. Settles (without error) when `out` is closed early by the client.
 */
export async function writeArchive(
  out: Writable,
  options: {
    folder: string;
    entries: ArchiveEntry[];
    language: SnippetLanguage;
    read: CodeReader;
    manifest: Manifest;
    licence: string;
    mtime: Date;
    /** The catalogue's image folder (`<product>/<file>` below it). */
    imagesDir: string;
  },
): Promise<void> {
  const zip = new ZipFile();
  // yazl's types say NodeJS.ReadableStream; it is a PassThrough.
  const output = zip.outputStream as unknown as Readable;
  const { mtime, folder, language } = options;
  const file = { mtime, mode: 0o644 };
  const written = new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    output.on('error', reject);
    out.on('error', reject);
    out.on('finish', () => resolve());
    out.on('close', () => {
      // Gone before the end: stop feeding a response nobody reads.
      output.unpipe(out);
      output.destroy();
      resolve();
    });
  });
  output.pipe(out);

  zip.addBuffer(Buffer.from(options.licence, 'utf8'), `${folder}/LICENSE.md`, file);
  zip.addBuffer(
    Buffer.from(`${JSON.stringify(options.manifest, null, 2)}\n`, 'utf8'),
    `${folder}/manifest.json`,
    file,
  );
  for (const entry of options.entries) {
    const { uuid } = entry.place.component;
    zip.addReadStreamLazy(`${folder}/${entry.path}`, file, (callback) => {
      options.read(uuid).then(
        (code) => {
          const snippet = code.snippets.find((s) => s.language === language);
          if (!snippet) return callback(new Error(`${uuid} has no ${language} code`), null!);
          // A `.jsx` file holds JavaScript: a component written in TypeScript ships its JS.
          const text =
            language === 'react' ? (snippet.javascript ?? snippet.snippet) : snippet.snippet;
          callback(null, Readable.from([Buffer.from(text, 'utf8')]));
        },
        (error: unknown) => callback(error as Error, null!),
      );
    });
  }
  for (const image of archiveImages(options.entries)) {
    zip.addReadStreamLazy(`${folder}/${imageArchivePath(image)}`, file, (callback) => {
      callback(null, createReadStream(path.join(options.imagesDir, image)));
    });
  }
  zip.end();
  await written;
}

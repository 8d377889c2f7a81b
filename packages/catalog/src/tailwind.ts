import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);
// Resolve `@import 'tailwindcss'` from this package, wherever the caller runs.
const base = dirname(require.resolve('tailwindcss/package.json'));

// `dark:` follows a `dark` class on <html> (CONTENT.md, docs "Dark mode → A toggle on your site"),
// so a preview's parent can switch it without reloading.
const TAILWIND_INPUT = `@import 'tailwindcss';\n@custom-variant dark (&:where(.dark, .dark *));\n`;

/** Compiles the Tailwind v4 CSS that exactly these HTML sources use (no CDN, no runtime). */
export async function compileTailwindCss(
  sources: string[],
  { minify = true }: { minify?: boolean } = {},
): Promise<string> {
  const compiler = await compile(TAILWIND_INPUT, { base, onDependency: () => {} });
  const scanner = new Scanner({ sources: [] });
  const candidates = scanner.scanFiles(sources.map((content) => ({ content, extension: 'html' })));
  const css = compiler.build(candidates);
  return minify ? optimize(css, { minify: true }).code : css;
}

import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);
// Resolve `@import 'tailwindcss'` from this package, as src/tailwind.ts does.
const base = dirname(require.resolve('tailwindcss/package.json'));

export const TAILWIND_VERSION = (require('tailwindcss/package.json') as { version: string })
  .version;

/**
 * Builds a template's own Tailwind entry CSS (its `@theme`, variants, base layer) against the
 * classes its HTML uses, like `@tailwindcss/cli -i src/styles.css` does for an owner.
 */
export async function compileTemplateCss(
  entryCss: string,
  htmlSources: string[],
  { minify }: { minify: boolean },
): Promise<string> {
  const compiler = await compile(entryCss, { base, onDependency: () => {} });
  const scanner = new Scanner({ sources: [] });
  const candidates = scanner.scanFiles(
    htmlSources.map((content) => ({ content, extension: 'html' })),
  );
  return optimize(compiler.build(candidates), { minify }).code;
}

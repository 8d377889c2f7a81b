import { compileScript, compileTemplate, parse as parseSfc } from '@vue/compiler-sfc';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { CATALOG_ROOT } from './load.ts';

export type FrameworkLanguage = 'react' | 'vue';

/** One snippet to mount in the browser, addressed by the component's uuid. */
export type FrameworkSnippet = { uuid: string; snippet: string };

/** Compiles a Vue SFC (template-only or with `<script setup>`) to an ES module. */
function compileVueModule(source: string, file: string): { code: string; lang: 'ts' | 'js' } {
  const { descriptor, errors } = parseSfc(source, { filename: file });
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]!.message}`);
  if (!descriptor.template) throw new Error(`${file}: the SFC has no <template>`);
  const id = createHash('sha256').update(file).digest('hex').slice(0, 8);
  if (descriptor.script || descriptor.scriptSetup) {
    const script = compileScript(descriptor, { id, inlineTemplate: true });
    const lang = descriptor.scriptSetup?.lang ?? descriptor.script?.lang;
    return { code: script.content, lang: lang === 'ts' || lang === 'tsx' ? 'ts' : 'js' };
  }
  const template = compileTemplate({ source: descriptor.template.content, filename: file, id });
  if (template.errors.length > 0) throw new Error(`${file}: ${String(template.errors[0])}`);
  return { code: `${template.code}\nexport default { render };\n`, lang: 'js' };
}

function snippetsPlugin(language: FrameworkLanguage, snippets: FrameworkSnippet[]): Plugin {
  const byUuid = new Map(snippets.map((entry) => [entry.uuid, entry.snippet]));
  return {
    name: 'catalog-snippets',
    setup(build) {
      build.onResolve({ filter: /^snippet:/ }, (args) => ({
        path: args.path.slice(8),
        namespace: 'snippet',
      }));
      build.onLoad({ filter: /.*/, namespace: 'snippet' }, (args) => {
        const source = byUuid.get(args.path);
        if (source === undefined) return { errors: [{ text: `no snippet ${args.path}` }] };
        if (language === 'react')
          return { contents: source, loader: 'tsx', resolveDir: CATALOG_ROOT };
        const { code, lang } = compileVueModule(source, `${args.path}.vue`);
        return { contents: code, loader: lang, resolveDir: CATALOG_ROOT };
      });
    },
  };
}

/**
 * Bundles React or Vue snippets for the browser (one script for all of them). The page calls
 * `mountSnippet(uuid, element)` to client-render one snippet into an element — how a customer
 * would use it, so interactive components can be driven with a real keyboard.
 */
export async function bundleFrameworkSnippets(
  language: FrameworkLanguage,
  snippets: FrameworkSnippet[],
): Promise<string> {
  const imports = snippets.map(
    (entry, index) => `import C${index} from ${JSON.stringify(`snippet:${entry.uuid}`)};`,
  );
  const table = `const components = {${snippets.map((entry, index) => `${JSON.stringify(entry.uuid)}: C${index}`).join(', ')}};`;
  const mount =
    language === 'react'
      ? `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
window.mountSnippet = (uuid, element) => createRoot(element).render(createElement(components[uuid]));`
      : `import { createApp } from 'vue';
window.mountSnippet = (uuid, element) => createApp(components[uuid]).mount(element);`;
  const result = await build({
    stdin: {
      contents: [...imports, table, mount].join('\n'),
      resolveDir: CATALOG_ROOT,
      loader: 'js',
    },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'chrome120',
    logLevel: 'silent',
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': '"production"',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    plugins: [snippetsPlugin(language, snippets)],
  });
  return result.outputFiles[0]!.text;
}

/** A document that mounts one snippet from a bundle served at `bundleUrl`. */
export function frameworkPreviewDocument({
  uuid,
  name,
  css,
  bundleUrl,
}: {
  uuid: string;
  name: string;
  css: string;
  bundleUrl: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name.replace(/[<&]/g, '')}</title>
<style>${css}</style>
</head>
<body>
<div id="root"></div>
<script src="${bundleUrl}"></script>
<script>mountSnippet(${JSON.stringify(uuid)}, document.getElementById('root'));</script>
</body>
</html>
`;
}

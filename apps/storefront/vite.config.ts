import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `.vite/modules.json` beside the manifest: for each emitted chunk, the rendered length of
 * each package (or workspace source) in it, so `pnpm bench bundles` can say what a page's
 * first-load kilobytes are made of (decision 058). Only the build's own metadata: no source maps.
 */
function moduleReport(): Plugin {
  const owner = (id: string) => {
    const parts = id.replace(/\\/g, '/').split('/node_modules/');
    if (parts.length === 1) {
      const workspace = /\/(apps|packages)\/([^/]+)\//.exec(id);
      return workspace ? `(${workspace[1]}/${workspace[2]})` : '(other)';
    }
    const path = parts.at(-1)!.split('/');
    return path[0]!.startsWith('@') ? `${path[0]}/${path[1]}` : path[0]!;
  };
  return {
    name: 'tessera-module-report',
    apply: 'build',
    generateBundle(options, bundle) {
      if (options.format !== 'es' || this.environment?.name === 'ssr') return;
      const report: Record<string, Record<string, number>> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const sizes: Record<string, number> = {};
        for (const [id, module] of Object.entries(chunk.modules)) {
          sizes[owner(id)] = (sizes[owner(id)] ?? 0) + module.renderedLength;
        }
        report[chunk.fileName] = sizes;
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/modules.json',
        source: JSON.stringify(report),
      });
    },
  };
}

// The client is served by the Express server under /build/; the server reads the manifest
// to link the entry's JS and CSS, and loads dist/ssr/ssr.js to render the first visit.
export default defineConfig({
  base: '/build/',
  plugins: [react(), tailwindcss(), moduleReport()],
  build: {
    manifest: true,
    rollupOptions: { input: 'src/main.tsx' },
  },
  ssr: {
    // Workspace packages are TypeScript sources: bundle them into the SSR build.
    noExternal: [/^@tessera\//],
  },
});

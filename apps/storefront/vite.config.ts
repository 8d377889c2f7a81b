import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client is served by the Express server under /build/; the server reads the manifest
// to link the entry's JS and CSS, and loads dist/ssr/ssr.js to render the first visit.
export default defineConfig({
  base: '/build/',
  plugins: [react(), tailwindcss()],
  build: {
    manifest: true,
    rollupOptions: { input: 'src/main.tsx' },
  },
  ssr: {
    // Workspace packages are TypeScript sources: bundle them into the SSR build.
    noExternal: [/^@tessera\//],
  },
});

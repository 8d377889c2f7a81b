import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { chromiumPath, chromiumArgs } from './scripts/chromium.mjs';
import { serverProject } from './scripts/vitest-server.project.ts';

const root = import.meta.dirname;

export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'apps/storefront/src/**/*.test.{ts,tsx}'],
          // The catalogue pipeline runs in Node (Tailwind, Shiki, Chromium), not in jsdom.
          exclude: ['packages/catalog/**', '**/node_modules/**'],
          setupFiles: ['./scripts/vitest-unit.setup.ts'],
        },
      },
      serverProject,
      {
        extends: false,
        test: {
          name: 'catalog',
          environment: 'node',
          include: ['packages/catalog/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 600_000,
        },
      },
      {
        extends: false,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['./scripts/vitest-catalogue.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at once, each with its own store (port, data folder) and browser: a
          // journey waits on pages and the server more than it computes, so on two cores the
          // second file fills the wait (decision 068).
          maxWorkers: 2,
        },
      },
      {
        extends: false,
        plugins: [storybookTest({ configDir: path.join(root, '.storybook') }), tailwindcss()],
        test: {
          name: 'storybook',
          setupFiles: ['./.storybook/vitest.setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
            viewport: { width: 1200, height: 900 },
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.001 },
              },
            },
          },
        },
      },
    ],
  },
});

import type { TestProjectInlineConfiguration } from 'vitest/config';

// The server project, shared by vitest.config.ts and the mutation run (stryker.vitest.config.ts).
export const serverProject = {
  extends: false,
  test: {
    name: 'server',
    environment: 'node',
    include: ['apps/server/**/*.test.ts'],
    globalSetup: ['./scripts/vitest-catalogue.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
} satisfies TestProjectInlineConfiguration;

import { defineConfig } from 'vitest/config';
import { serverProject } from './scripts/vitest-server.project.ts';

// `pnpm mutate` runs only the server project, and only on SQLite with database sessions, so
// a run needs no PostgreSQL or Redis and every mutant meets the same engine.
export default defineConfig({
  test: {
    projects: [
      {
        ...serverProject,
        test: {
          ...serverProject.test,
          env: { TEST_DATABASE: 'sqlite', TEST_SESSION_STORE: 'database' },
        },
      },
    ],
  },
});

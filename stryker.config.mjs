// `pnpm mutate`: mutation testing of the security-critical server modules with StrykerJS.
// Not part of `npm test`; see the README's "Mutation testing" section.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // pnpm does not hoist the runner beside @stryker-mutator/core, where Stryker's default
  // "@stryker-mutator/*" plugin glob looks, so it is named by its resolved location.
  plugins: [import.meta.resolve('@stryker-mutator/vitest-runner')],
  vitest: { configFile: 'stryker.vitest.config.ts', related: true },
  coverageAnalysis: 'perTest',
  mutate: [
    'apps/server/src/http/csrf.ts',
    // The one safe-path gate every redirect-back goes through (decision 043).
    'apps/server/src/http/redirect-back.ts',
    'apps/server/src/http/session/*.ts',
    // The back office's door and impersonation (decision 011).
    'apps/server/src/modules/admin/middleware.ts',
    'apps/server/src/modules/admin/routes.ts',
    // What an impersonating operator may do: refused, audited or hidden (decision 042).
    'apps/server/src/modules/admin/impersonation.ts',
    // Test mode (decision 040): every message of a test store marked, in the mailer.
    'apps/server/src/mail/mailer.ts',
    // A credited purchase is not refunded without the operator's override (decision 041).
    'apps/server/src/modules/payments/service/refunds.ts',
    'apps/server/src/modules/auth/**/*.ts',
    'apps/server/src/modules/catalog/presenter.ts',
    // Licences, teams and the access policy: redemption, seats, roles, who holds what.
    'apps/server/src/modules/licensing/**/*.ts',
    '!**/*.test.ts',
    // The run is SQLite with database sessions only (stryker.vitest.config.ts): no test would
    // reach the Redis store, so its mutants could only count as uncovered.
    '!apps/server/src/http/session/redis-session-store.ts',
  ],
  // A static mutant (a module-level constant) reloads the app and runs every covering test
  // file from scratch; on the server suite that is minutes per mutant. `--ignoreStatic false`
  // brings them back for a full run.
  ignoreStatic: true,
  // The sandbox needs the sources and the built catalogue, not the caches and screenshots.
  ignorePatterns: [
    '/.tools',
    '/stryker-tmp',
    // Other runs' sandboxes, when modules are measured side by side with their own tempDirName.
    '/stryker-tmp-*',
    '/data',
    '/storybook-static',
    '/.vitest',
    '/packages/catalog/.cache',
    '**/__screenshots__',
  ],
  concurrency: 2,
  timeoutMS: 10_000,
  dryRunTimeoutMinutes: 15,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Not a dot-folder: Express's sendFile refuses paths through one, so previews would 404.
  tempDirName: 'stryker-tmp',
};

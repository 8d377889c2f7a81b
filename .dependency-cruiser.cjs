// The server's module boundaries, checked by `pnpm lint` (dependency-cruiser). A module under
// apps/server/src/modules/ is reached only through its index.ts, no files import each other in
// a circle, and the infrastructure below the modules (http/, db/, mail/, config, logger) never
// imports one. The composition roots (app.ts, services.ts, main.ts, server.ts, dev.ts, seed.ts
// and the demo world's db/seed.ts) wire modules together and are free to. That no two modules
// import each other in a circle, tests aside, is .dependency-cruiser-modules.cjs.
const MODULES = '^apps/server/src/modules/';
const FACE = '^apps/server/src/modules/[^/]+/index\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-face-only',
      severity: 'error',
      comment:
        "A module is reached only through its index.ts: export what others need there instead of importing the module's inside.",
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, FACE] },
    },
    {
      name: 'module-face-only-from-outside',
      severity: 'error',
      comment:
        "app.ts, the tests' support code and everything outside modules/ import a module through its index.ts only.",
      from: { pathNot: MODULES },
      to: { path: `${MODULES}[^/]+/`, pathNot: FACE },
    },
    {
      name: 'no-file-cycles',
      severity: 'error',
      comment: 'Files import each other in a circle; split out what both need.',
      from: { path: '^apps/server/' },
      to: { circular: true },
    },
    {
      name: 'infrastructure-below-modules',
      severity: 'error',
      comment:
        'http/, db/, mail/, config.ts and logger.ts serve every module and import none: pass what they need in as an argument.',
      from: {
        path: '^apps/server/src/(http/|db/|mail/|config\\.ts|logger\\.ts)',
        // Tests there may run a module against the real thing.
        pathNot: ['^apps/server/src/db/seed\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: MODULES },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'modules/shared holds helpers every module may use; it imports no other module.',
      from: { path: `${MODULES}shared/` },
      to: { path: MODULES, pathNot: `${MODULES}shared/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
  },
};

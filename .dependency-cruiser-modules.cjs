// No import cycle between server modules (folders under apps/server/src/modules/), counting
// the running code only: a test may import whatever it exercises. Run by `pnpm lint` over the
// modules alone, so the folders above them (src/, test/) do not close cycles of their own.
const MODULES = '^apps/server/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      severity: 'error',
      comment:
        'Modules form a hierarchy: one that needs another must not be needed by it, directly or through others. Move the shared part down (into the lower module, or shared/) or pass it in from app.ts.',
      scope: 'folder',
      from: { path: `${MODULES}[^/]+$` },
      to: { path: `${MODULES}[^/]+$`, circular: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '^apps/server/src/(?!modules/)'] },
    exclude: { path: ['node_modules', '\\.test(-d)?\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
  },
};

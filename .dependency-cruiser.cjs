// Import rules of src/ and of the web explorer's web/src (docs/architecture.md "Layers"), checked by
// test/layering.test.ts and by `npx depcruise src web/src`. The layers of src/, lowest first: a module may import its own layer and any layer
// below it, never one above it, and no chain of imports may come back to where it started.
//
// Why this order: sources read snapshots and hand tables into records; geo repairs and simplifies
// the shapes the sources read; model assembles records and shapes; store declares the temporal store
// (tables, periods, rollups, search) that publish writes at build and serve reads; publish turns the
// model into artifacts and the store; release seals them; serve answers from sealed releases; deploy
// writes the nginx config for a release served by serve; cli wires the commands. The explorer
// (web/src) is bundled for the browser: it takes types from any layer (the answers it reads are typed
// from the server's response schemas) but values only from src/lib, so no server code reaches the
// bundle, and no module of src/ imports it.
const LAYERS = [
  'lib',
  'sources',
  'geo',
  'model',
  'store',
  'publish',
  'release',
  'serve',
  'deploy',
  'cli',
];

const upward = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `no-upward-from-${layer}`,
  comment: `src/${layer} is below ${LAYERS.slice(i + 1).join(', ')} and must not import them`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: `^src/(${LAYERS.slice(i + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'no-circular',
      comment: 'an import cycle makes load order matter and the modules one concern',
      severity: 'error',
      from: { path: '^(src|web/src)/' },
      to: { circular: true },
    },
    {
      name: 'no-server-code-in-the-explorer',
      comment:
        'web/src is bundled for the browser: from src/ it may take values of src/lib only (types from anywhere)',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^src/(?!lib/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-explorer-in-src',
      comment: 'the server does not depend on the browser app it serves',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^web/' },
    },
    {
      name: 'no-unlayered',
      comment: 'every directory of src/ has its place in LAYERS',
      severity: 'error',
      from: { path: `^src/(?!(${LAYERS.join('|')})/)` },
      to: {},
    },
    {
      name: 'no-dev-dependency-at-run-time',
      comment:
        "a production install (npm ci --omit=dev) has no devDependencies: src may take only types from them (exceljs, the tests' second workbook reader, stays out of src)",
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // type-only imports count: a type taken from a higher layer ties the layers together all the same
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

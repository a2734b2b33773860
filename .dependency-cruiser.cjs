// Import rules of src/ (docs/architecture.md "Layers"), checked by test/layering.test.ts and by
// `npx depcruise src`. The layers, lowest first: a module may import its own layer and any layer
// below it, never one above it, and no chain of imports may come back to where it started.
//
// Why this order: sources read snapshots and hand tables into records; geo repairs and simplifies
// the shapes the sources read; model assembles records and shapes; store declares the temporal store
// (tables, periods, rollups, search) that publish writes at build and serve reads; publish turns the
// model into artifacts and the store; release seals them; serve answers from sealed releases; deploy
// writes the nginx config for a release served by serve; cli wires the commands.
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
      from: { path: '^src/' },
      to: { circular: true },
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

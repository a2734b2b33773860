// dist/ compiled from the sources under test, for the files that run the `dala` command as `npm start`
// runs it (test/support/dala-command.ts): tsc with tsconfig.build.json, as `npm run build:js` compiles
// it, but incremental (its build info kept in the git-ignored .cache/tsc/), so a run recompiles only
// what changed. Exits 0 once emitted: type errors are the tsc check's to report (tsc exits 2 when it
// reports errors and still emits every file).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const HOME = resolve(import.meta.dirname, '../..');
const BUILD_INFO = '.cache/tsc/build.tsbuildinfo';

// tsc trusts its build info: with dist/ removed since, it would emit nothing
if (!existsSync('dist/cli/main.js')) rmSync(BUILD_INFO, { force: true });
const tsc = spawnSync(
  join(HOME, 'node_modules/.bin/tsc'),
  ['-p', 'tsconfig.build.json', '--incremental', '--tsBuildInfoFile', BUILD_INFO],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
const emitted = tsc.status === 0 || tsc.status === 2;
if (emitted) process.stdout.write('"compiled"\n');
process.exitCode = emitted ? 0 : 1;

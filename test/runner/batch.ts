// Several test files in one process: each file's tests (and its hooks) under a suite named by the
// file, run one file after the other, as `node --test` would run them one process each. A process
// costs a second or more before its first test (the TypeScript loader, the modules, an app over the
// real release); a batch of files pays it once. test/runner/groups.ts says which files may share a
// process: none that changes what the others see (the environment, a global, the working directory).
//
//   node --import tsx test/runner/batch.ts <test file> <test file> ...
import { resolve } from 'node:path';
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';

// The file's module is evaluated inside the suite's function, so every test and hook it declares at
// its top level is declared in the suite (node:test finds the parent by the async context).
for (const file of process.argv.slice(2))
  describe(file, async () => {
    await import(pathToFileURL(resolve(file)).href);
  });

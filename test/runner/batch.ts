// Several test files in one process: each file's tests (and its hooks) under a suite named by the
// file, run one file after the other, as `node --test` would run them one process each. A process
// costs a second or more before its first test (the TypeScript loader, the modules, an app over the
// real release); a batch of files pays it once. test/runner/groups.ts says which files may share a
// process: none that changes what the others see, and none that declares tests after an await.
//
//   node --import tsx test/runner/batch.ts <test file> <test file> ...
import { executionAsyncResource, type AsyncResource } from 'node:async_hooks';
import { resolve } from 'node:path';
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';

// node:test takes a test's parent from the async context it is declared in, so each file's module is
// evaluated in its suite's scope. One at a time: a module the files share that awaits at its top level
// (a loaded registry) would otherwise let the first importer's context evaluate the others, and their
// tests would be declared in the first file's suite.
let previous: Promise<void> = Promise.resolve();
for (const file of process.argv.slice(2)) {
  const ready = previous;
  let imported!: () => void;
  previous = new Promise((done) => (imported = done));
  describe(file, async () => {
    const suite = executionAsyncResource() as AsyncResource; // the suite being declared
    try {
      await ready;
      await suite.runInAsyncScope(() => import(pathToFileURL(resolve(file)).href));
    } finally {
      imported();
    }
  });
}

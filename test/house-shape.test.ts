// The shape of the tree a newcomer reads (docs/architecture.md "Code layout"): the server's root
// holds only the app and the server, every other file of src/serve lives in the folder of its
// concern, and no source file grows past what one reads in one sitting.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = new URL('..', import.meta.url).pathname;
const MAX_LINES = 400;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

test('the root of src/serve holds at most four files; every other server file lives in the folder of its concern', () => {
  const files = readdirSync(join(ROOT, 'src/serve')).filter((name) =>
    statSync(join(ROOT, 'src/serve', name)).isFile(),
  );
  assert.ok(files.length <= 4, `src/serve/ holds ${files.length} files: ${files.join(', ')}`);
});

test(`no source file of src/ or web/src/ is longer than ${MAX_LINES} lines`, () => {
  const long = [...sourceFiles('src'), ...sourceFiles('web/src')]
    .map((path) => ({ path, lines: readFileSync(join(ROOT, path), 'utf8').split('\n').length - 1 }))
    .filter((f) => f.lines > MAX_LINES)
    .map((f) => `${f.path}: ${f.lines} lines`);
  assert.deepEqual(long, []);
});

// Where `npm test` (test/run.ts) places a test file: its group follows from what it imports, itself
// or through the test helpers it imports, so a new file is placed without being listed.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { groupOf, sharesProcess, testRuns } from './runner/groups.js';
import { tempDir } from './support/temp-dir.js';

/** A project of its own: test/support/ helpers as the repository's are, and the file `text`. */
function projectWith(text: string): string {
  const root = tempDir('dala-groups-');
  mkdirSync(join(root, 'test', 'support'), { recursive: true });
  const helpers: Record<string, string> = {
    'explorer.ts': "import { chromium } from 'playwright-core';\nimport './release.js';",
    'release.ts': "import { cp } from 'node:fs/promises';",
    'serve-child.ts': "import { spawn } from 'node:child_process';",
    'pdftotext.ts': "import { execFileSync } from 'node:child_process';",
    'v1-fixture.ts': "import { buildApp } from '../../src/serve/app.js';",
    'temp-dir.ts': "import { mkdtempSync } from 'node:fs';",
    'served.ts': "import { before } from 'node:test';\nbefore(async () => {});",
  };
  for (const [name, source] of Object.entries(helpers))
    writeFileSync(join(root, 'test', 'support', name), source);
  writeFileSync(join(root, 'test', 'new.test.ts'), text);
  return root;
}

const groupOfText = (text: string) => groupOf(projectWith(text), 'test/new.test.ts');

/** Whether the file `text` may share a process with other files of its group (a route test here). */
function sharesText(text: string): boolean {
  const root = projectWith(`import { makeV1Release } from './support/v1-fixture.js';\n${text}`);
  return sharesProcess(root, {
    file: 'test/new.test.ts',
    group: groupOf(root, 'test/new.test.ts'),
  });
}

test('a test file is grouped by the costliest thing it reaches through its imports, not by words it contains', () => {
  assert.equal(groupOfText("import { startExplorer } from './support/explorer.js';"), 'browser');
  assert.equal(
    groupOfText(
      "import { realRelease } from './support/release.js';\nimport { spawn } from 'node:child_process';",
    ),
    'real',
  );
  assert.equal(groupOfText("import { startServe } from './support/serve-child.js';"), 'system');
  assert.equal(groupOfText("import { pdfText } from './support/pdftotext.js';"), 'system');
  assert.equal(groupOfText("import { execFile } from 'node:child_process';"), 'system');
  assert.equal(groupOfText("import { makeV1Release } from './support/v1-fixture.js';"), 'routes');
  assert.equal(
    groupOfText("const { buildApp } = await import('../src/serve/app.js');"),
    'routes',
    'a dynamic import counts',
  );
  assert.equal(
    groupOfText(
      "import { tempDir } from './support/temp-dir.js';\n// unlike './support/explorer.js', which starts Chromium\nconst s = \"import x from './support/release.js'\";",
    ),
    'unit',
    'a path named in a comment or a string is no import',
  );
});

test('every test file of the repository is in a group, and the soak runs only in the extra group', () => {
  const runs = testRuns(join(import.meta.dirname, '..'));
  assert.deepEqual(
    runs.filter((r) => r.file === 'test/soak.test.ts').map((r) => r.group),
    ['extra'],
  );
  assert.equal(runs.find((r) => r.file === 'test/web-explorer.test.ts')?.group, 'browser');
  assert.equal(runs.find((r) => r.file === 'test/publish-kill.test.ts')?.group, 'system');
  assert.equal(runs.find((r) => r.file === 'test/house-shape.test.ts')?.group, 'unit');
  const names = runs.map((r) => r.label ?? r.file);
  assert.equal(new Set(names).size, names.length, 'every run has a name of its own');
});

test('a file shares its process with others of its group unless it changes what they see, measures the process, declares tests after an await or reaches a helper that declares hooks on import', () => {
  assert.equal(sharesText("test('x', () => {});"), true);
  assert.equal(sharesText("process.env.DALA_X = '1';"), false, 'the environment');
  assert.equal(sharesText("globalThis.fetch = async () => new Response('');"), false, 'a global');
  assert.equal(sharesText("process.on('warning', () => {});"), false, 'a process handler');
  assert.equal(sharesText('const used = process.cpuUsage();'), false, 'CPU measured');
  assert.equal(sharesText("import { s } from './support/served.js';"), false, 'hooks on import');
  assert.equal(
    sharesText("if (process.env.DALA_X === '1') test('x', () => {});"),
    true,
    'read only',
  );
  const root = projectWith("import { startServe } from './support/serve-child.js';");
  assert.equal(sharesProcess(root, { file: 'test/new.test.ts', group: 'system' }), false);
});

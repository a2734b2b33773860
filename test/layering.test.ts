// The import rules of src/ and web/src (.dependency-cruiser.cjs, docs/architecture.md "Layers"): no
// module imports a layer above its own, no import chain comes back to where it started, and the
// browser bundle takes no server code. Checked with dependency-cruiser over the TypeScript import
// graph, type-only imports included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { tempDir } from './support/temp-dir.js';

const ROOT = resolve(import.meta.dirname, '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

/** Cruises `src` and `web/src` under `cwd` with the project's rules and returns every violation. */
async function violations(cwd: string): Promise<Violation[]> {
  const run = promisify(execFile);
  let stdout: string;
  try {
    ({ stdout } = await run(
      process.execPath,
      [CLI, 'src', 'web/src', '--config', CONFIG, '--output-type', 'json'],
      { cwd, maxBuffer: 64 << 20 },
    ));
  } catch (error) {
    // the CLI exits non-zero when it finds violations; its JSON report is still on stdout
    stdout = (error as { stdout?: string }).stdout ?? '';
    if (!stdout) throw error;
  }
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const describe = (v: Violation) =>
  `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name).join(' -> ')})` : ''}`;

test('no module of src imports a higher layer, the explorer takes no server code, and neither has an import cycle', async () => {
  const found = await violations(ROOT);
  assert.deepEqual(found.map(describe), []);
});

test('the layer check reports an upward type import, import cycles in src and web/src, a directory outside the layers and server code in the explorer', async () => {
  const dir = tempDir('dala-layers-');
  try {
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
        },
        include: ['src', 'web/src'],
      }),
      'src/model/types.ts': 'export interface Point { value: number }\n',
      'src/sources/reader.ts':
        "import type { Point } from '../model/types.js';\nexport const read = (): Point[] => [];\n",
      'src/sources/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'src/sources/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
      'src/misc/x.ts': "import { read } from '../sources/reader.js';\nexport const x = read;\n",
      'src/serve/app.ts': "export const app = () => 'server';\nexport type App = string;\n",
      'src/lib/names.ts': "export const NAMES = ['kk'];\n",
      // type-only imports of the server and values of src/lib are allowed in the explorer
      'web/src/view.ts':
        "import type { App } from '../../src/serve/app.js';\nimport { NAMES } from '../../src/lib/names.js';\nexport const view = (a: App) => [a, ...NAMES];\n",
      'web/src/page.tsx':
        "import { app } from '../../src/serve/app.js';\nimport type { Shown } from './shown';\nexport const page = (s: Shown) => [s, app()];\n",
      'web/src/shown.ts': "import type { page } from './page';\nexport type Shown = typeof page;\n",
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    // a cycle is reported once, from whichever of its modules the cruise met first
    const found = [
      ...new Set(
        (await violations(dir)).map((v) =>
          v.rule.name === 'no-circular'
            ? `no-circular: ${[v.from, v.to].sort().join(' <-> ')}`
            : `${v.rule.name}: ${v.from} -> ${v.to}`,
        ),
      ),
    ].sort();
    assert.deepEqual(found, [
      'no-circular: src/sources/a.ts <-> src/sources/b.ts',
      'no-circular: web/src/page.tsx <-> web/src/shown.ts',
      'no-server-code-in-the-explorer: web/src/page.tsx -> src/serve/app.ts',
      'no-unlayered: src/misc/x.ts -> src/sources/reader.ts',
      'no-upward-from-sources: src/sources/reader.ts -> src/model/types.ts',
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

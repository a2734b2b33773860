// `npm test` (test/run.ts) on a small project of its own: files that test in process share a process
// (each reported and recorded on its own), the run fails when any file fails (and still runs the
// others), a file that hangs is stopped, and every file's duration and tests are recorded in
// .cache/test-runs/latest.json for the next run.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { runPool } from './runner/jobs.js';
import type { RunRecord } from './runner/records.js';
import { tempDir } from './support/temp-dir.js';

const RUNNER = resolve(import.meta.dirname, 'run.ts');

const FILES: Record<string, string> = {
  'test/passes.test.ts': `import { describe, it, test } from 'node:test';
test('one', () => {});
describe('a suite', () => { it('two', () => {}); });
`,
  'test/fails.test.ts': `import assert from 'node:assert/strict';
import { test } from 'node:test';
test('holds', () => {});
test('breaks', () => assert.equal(1, 2));
`,
  'test/hangs.test.ts': `import { test } from 'node:test';
test('never ends', () => new Promise(() => setInterval(() => {}, 1000)));
`,
};

function project(): string {
  const dir = tempDir('dala-runner-');
  mkdirSync(join(dir, 'test'));
  for (const [path, text] of Object.entries(FILES)) writeFileSync(join(dir, path), text);
  return dir;
}

function run(dir: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), RUNNER, ...args], {
    cwd: dir,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const latest = JSON.parse(
    readFileSync(join(dir, '.cache/test-runs/latest.json'), 'utf8'),
  ) as RunRecord;
  return { status: r.status, stdout: r.stdout, latest };
}

test('the run fails when one file fails, runs the others, and records each file with its duration and tests', () => {
  const dir = project();
  const { status, stdout, latest } = run(dir, ['test/passes.test.ts', 'test/fails.test.ts']);
  assert.equal(status, 1, stdout);
  assert.match(stdout, /✔ .* test\/passes\.test\.ts \(2 tests\)/);
  assert.match(stdout, /✖ .* test\/fails\.test\.ts \(2 tests\)/);
  assert.match(stdout, /failing tests:[\s\S]*breaks/, 'the failure is shown');
  assert.match(
    stdout,
    /✖ .* unit batch 1 of 1: test\/(passes|fails)\.test\.ts, test\/(passes|fails)\.test\.ts/,
    'the two in-process files shared a process',
  );
  assert.match(stdout, /2 test files: tests 4, suites 1, pass 3, fail 1/);
  const byName = new Map(latest.records.map((r) => [r.name, r]));
  const passes = byName.get('test/passes.test.ts')!;
  assert.equal(passes.ok, true);
  assert.ok(passes.ms > 0);
  assert.deepEqual(
    passes.tests!.map((t) => [t.name, t.ok]),
    [
      ['one', true],
      ['a suite > two', true],
    ],
  );
  assert.equal(byName.get('test/fails.test.ts')!.ok, false);
  assert.deepEqual(byName.get('test/fails.test.ts')!.counts!.fail, 1);

  const again = run(dir, ['test/passes.test.ts']);
  assert.equal(again.status, 0, again.stdout);
  assert.match(again.stdout, /all passed/);
});

test('a file that does not end is stopped at the timeout, and the run fails', () => {
  const dir = project();
  const { status, stdout, latest } = run(dir, ['test/hangs.test.ts'], {
    DALA_TEST_TIMEOUT_MS: '5000',
  });
  assert.equal(status, 1, stdout);
  assert.match(stdout, /✖ .* test\/hangs\.test\.ts: stopped after 5 s/);
  const hangs = latest.records.find((r) => r.name === 'test/hangs.test.ts')!;
  assert.equal(hangs.ok, false);
  assert.ok(hangs.ms < 30_000, `${hangs.ms} ms`);
});

test('in-process files run side by side, browser files one at a time beside them, and the serial group one file at a time after them all', async () => {
  const sleeper = (name: string, group: string) => ({
    name,
    group,
    command: [process.execPath, '-e', 'setTimeout(() => {}, 700)'],
    expectedMs: group === 'system' ? 9_000 : 1_000, // the serial ones expected longest: still last
  });
  const jobs = [
    sleeper('a', 'unit'),
    sleeper('b', 'routes'),
    sleeper('s1', 'system'),
    sleeper('s2', 'system'),
    sleeper('w1', 'browser'),
    sleeper('w2', 'browser'),
  ];
  const results = await runPool(jobs, {
    root: tempDir('dala-pool-'),
    jobs: 2,
    perGroup: {},
    serial: ['system'],
    beside: ['browser'],
    timeoutMs: 60_000,
    onDone: () => {},
  });
  const span = new Map(results.map((r) => [r.job.name, [r.startedAt, r.startedAt + r.ms]]));
  const overlap = (x: string, y: string) =>
    span.get(x)![0]! < span.get(y)![1]! && span.get(y)![0]! < span.get(x)![1]!;
  assert.ok(results.every((r) => r.ok));
  assert.ok(overlap('a', 'b'), 'the in-process files ran side by side');
  assert.ok(
    overlap('w1', 'a') && overlap('w1', 'b'),
    'a browser file ran beside them, outside the cap of 2',
  );
  assert.ok(!overlap('w1', 'w2'), 'one browser file at a time');
  for (const s of ['s1', 's2'])
    for (const other of ['a', 'b', 'w1', 'w2', s === 's1' ? 's2' : 's1'])
      assert.ok(!overlap(s, other), `${s} ran alone, not beside ${other}`);
});

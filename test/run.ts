// `npm test`: the checks and every test file, grouped by cost (test/runner/groups.ts). First, side by
// side on the machine's cores: Prettier's check and tsc (both incremental, caches in .cache/), the real
// release built once for the run (or reused while its inputs are unchanged: test/support/release.ts)
// while the unit and route tests run, then the files that read it; then the serial groups (system:
// servers, nginx, Redis, R, workers; browser: Chromium) one file at a time. Every file runs in its own
// process, as `node --test` runs it, longest first by the last run's durations. Prints each file's
// result as it ends, the failures' output, the slowest files and the test counts; records every
// file's duration (.cache/test-runs/latest.json). Exits 1 when any check or file fails.
//
//   node --import tsx test/run.ts [group|file ...] [--jobs N] [--list]
//   groups: unit routes real system browser (the default: all five) and extra (`npm run test:extra`)
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { GROUPS, nameOf, testRuns, type Group, type TestRun } from './runner/groups.js';
import { runPool, stopAll, type Job, type JobResult } from './runner/jobs.js';
import {
  lastDurations,
  logPath,
  outcomesPath,
  prepareRecords,
  readOutcomes,
  writeRun,
  type JobRecord,
} from './runner/records.js';
import { HANDED_DOWN } from './support/release.js';

// The project whose tests run: the current directory (npm runs scripts at the package root).
const ROOT = process.cwd();
// This runner's own repository: its reporter, release step and tools.
const HOME = resolve(import.meta.dirname, '..');
const DEFAULT_GROUPS: Group[] = ['unit', 'routes', 'real', 'system', 'browser'];
const NEEDS_RELEASE: Group[] = ['real', 'browser', 'extra'];
const SERIAL: Group[] = ['system', 'browser', 'extra'];
const BIN = (name: string) => join(HOME, 'node_modules', '.bin', name);
const TSX = ['--import', import.meta.resolve('tsx')];
const PRETTIER_CACHE = '.cache/prettier/cache';

interface Options {
  groups: Group[];
  files: string[];
  jobs: number;
  list: boolean;
}

function parse(argv: string[]): Options {
  const opts: Options = { groups: [], files: [], jobs: 0, list: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--jobs') opts.jobs = Number(argv[++i]);
    else if (arg === '--list') opts.list = true;
    else if ((GROUPS as readonly string[]).includes(arg)) opts.groups.push(arg as Group);
    else if (arg.endsWith('.test.ts')) opts.files.push(arg.replace(/^\.\//, ''));
    else
      throw new Error(
        `unknown argument ${arg}: a group (${GROUPS.join(', ')}), a test file, --jobs N or --list`,
      );
  }
  if (opts.groups.length === 0 && opts.files.length === 0) opts.groups = DEFAULT_GROUPS;
  // one process per core for the files that test in process (the serial groups run alone)
  opts.jobs ||= Number(process.env.DALA_TEST_JOBS) || availableParallelism();
  return opts;
}

function testJob(run: TestRun, expected: Map<string, number>): Job {
  const name = nameOf(run);
  return {
    name,
    group: run.group,
    command: [
      process.execPath,
      ...TSX,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${join(HOME, 'test/runner/outcome-reporter.ts')}`,
      `--test-reporter-destination=${outcomesPath(ROOT, name)}`,
      ...(run.args ?? []),
      run.file,
    ],
    // DALA_WORKERS is not set: the servers a test starts run the default configuration (one serving
    // process per core), as `npm start` does, unless the test names a count. Colour codes would
    // make the recorded logs unreadable.
    env: { ...run.env, FORCE_COLOR: '0' },
    after: NEEDS_RELEASE.includes(run.group) ? 'real release' : undefined,
    handedEnv: (handed) => ({ [HANDED_DOWN]: JSON.parse(handed) as string }),
    expectedMs: expected.get(name) ?? 30_000,
  };
}

/**
 * The checks: formatting, then types of the server and tests, and of the web explorer. Both are
 * incremental: Prettier's cache and tsc's build info (tsconfig.json, web/tsconfig.json) are kept in
 * the git-ignored .cache/, so a run re-checks only what changed.
 */
function checkJobs(expected: Map<string, number>): Job[] {
  const jobs: Omit<Job, 'expectedMs'>[] = [
    {
      name: 'prettier --check',
      group: 'check',
      command: [BIN('prettier'), '--check', '--cache', '--cache-location', PRETTIER_CACHE, '.'],
    },
    { name: 'tsc', group: 'check', command: [BIN('tsc'), '--noEmit'] },
    { name: 'tsc -p web', group: 'check', command: [BIN('tsc'), '--noEmit', '-p', 'web'] },
  ];
  return jobs.map((j) => ({ ...j, expectedMs: expected.get(j.name) ?? 60_000 }));
}

function releaseJob(expected: Map<string, number>): Job {
  return {
    name: 'real release',
    group: 'release',
    command: [process.execPath, ...TSX, join(HOME, 'test/runner/real-release.ts')],
    // first: every file of the real and browser groups waits for it
    expectedMs: Math.max(expected.get('real release') ?? 0, 10 * 60_000),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const cpu = (r: { cpuMs?: number }) => (r.cpuMs === undefined ? '' : seconds(r.cpuMs));

function summarise(
  results: JobResult[],
  records: JobRecord[],
  wallMs: number,
  opts: Options,
): boolean {
  const failed = results.filter((r) => !r.ok);
  for (const r of failed) {
    process.stdout.write(`\n──── ${r.job.name} failed${r.note ? ` (${r.note})` : ''} ────\n`);
    // the spec reporter repeats every failure at its end; the whole output is in the log
    const failing = r.output.lastIndexOf('✖ failing tests:');
    const shown = failing >= 0 ? r.output.slice(failing) : r.output;
    process.stdout.write(shown.length > 100_000 ? `…${shown.slice(-100_000)}` : shown);
    if (r.output) process.stdout.write(`(whole output: ${logPath(ROOT, r.job.name)})\n`);
  }
  const slowest = [...records].sort((a, b) => b.ms - a.ms).slice(0, 15);
  process.stdout.write('\nslowest (wall, CPU):\n');
  for (const r of slowest)
    process.stdout.write(
      `  ${seconds(r.ms).padStart(8)} ${cpu(r).padStart(8)}  ${r.group.padEnd(8)} ${r.name}\n`,
    );
  const cpuTotal = records.reduce((sum, r) => sum + (r.cpuMs ?? 0), 0);
  const total: Record<string, number> = {};
  for (const r of records)
    for (const [k, v] of Object.entries(r.counts ?? {})) total[k] = (total[k] ?? 0) + v;
  const counts = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo']
    .map((k) => `${k} ${total[k] ?? 0}`)
    .join(', ');
  process.stdout.write(
    `\n${records.filter((r) => r.counts).length} test files: ${counts}\n` +
      `${failed.length === 0 ? 'all passed' : `${failed.length} failed: ${failed.map((r) => r.job.name).join(', ')}`}` +
      ` in ${seconds(wallMs)}, ${seconds(cpuTotal)} of CPU (${opts.jobs} at once; load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})\n`,
  );
  return failed.length === 0 && !total.fail && !total.cancelled;
}

async function main(): Promise<number> {
  const opts = parse(process.argv.slice(2));
  const expected = lastDurations(ROOT);
  const runs = testRuns(ROOT).filter(
    (r) => opts.groups.includes(r.group) || (opts.files.includes(r.file) && !r.label),
  );
  if (opts.list) {
    for (const r of runs) process.stdout.write(`${r.group.padEnd(8)} ${nameOf(r)}\n`);
    return 0;
  }
  const jobs = runs.map((r) => testJob(r, expected));
  if (jobs.some((j) => j.after)) jobs.push(releaseJob(expected));
  // the checks run with the default groups (what `npm test` runs), not with a chosen group or file
  if (opts.files.length === 0 && opts.groups.some((g) => DEFAULT_GROUPS.includes(g)))
    jobs.push(...checkJobs(expected));
  prepareRecords(ROOT);
  const started = Date.now();
  const load = loadavg();
  process.stdout.write(
    `${runs.length} test files in ${[...new Set(runs.map((r) => r.group))].join(', ')}; ${opts.jobs} at once\n`,
  );
  const records: JobRecord[] = [];
  process.once('SIGINT', () => {
    stopAll();
    process.exit(130);
  });
  const results = await runPool(jobs, {
    root: ROOT,
    jobs: opts.jobs,
    perGroup: {},
    // servers, child processes and Chromium assert timings and take cores of their own: alone, last
    serial: SERIAL,
    timeoutMs: Number(process.env.DALA_TEST_TIMEOUT_MS) || 15 * 60_000,
    onDone: (r) => {
      writeFileSync(logPath(ROOT, r.job.name), r.output);
      const record: JobRecord = {
        name: r.job.name,
        group: r.job.group,
        ms: r.ms,
        cpuMs: r.cpuMs,
        ok: r.ok,
        note: r.note,
        ...(r.job.group === 'check' || r.job.group === 'release'
          ? {}
          : readOutcomes(ROOT, r.job.name)),
      };
      records.push(record);
      const tests = record.counts ? ` (${record.counts.tests} tests)` : '';
      process.stdout.write(
        `${r.ok ? '✔' : '✖'} ${seconds(r.ms).padStart(8)} ${cpu(r).padStart(8)}  ${r.job.group.padEnd(8)} ${r.job.name}${tests}${r.note ? `: ${r.note}` : ''}\n`,
      );
    },
  });
  const wallMs = Date.now() - started;
  const ok = summarise(results, records, wallMs, opts);
  const file = writeRun(ROOT, {
    startedAt: new Date(started).toISOString(),
    wallMs,
    jobs: opts.jobs,
    groups: opts.groups,
    load,
    records,
  });
  process.stdout.write(`durations: ${file}\n`);
  return ok ? 0 : 1;
}

process.exitCode = await main();

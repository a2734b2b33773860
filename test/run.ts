// `npm test`: the checks and every test file, grouped by cost (test/runner/groups.ts). First, side by
// side on the machine's cores: Prettier's check and tsc (both incremental, caches in .cache/), the real
// release built once for the run (or reused while its inputs are unchanged: test/support/release.ts)
// while the unit and route tests run, then the files that read it, with the browser files (Chromium)
// one at a time beside them; then the system group (servers, nginx, Redis, R, workers) one file at a
// time, alone. Every file runs in its own process, as `node --test` runs it, longest first by the last
// run's durations. Prints each file's result as it ends, the failures' output, the slowest files and
// the test counts; records every file's duration (.cache/test-runs/latest.json). Exits 1 when any
// check or file fails.
//
//   node --import tsx test/run.ts [group|file ...] [--jobs N] [--list]
//   groups: unit routes real system browser (the default: all five) and extra (`npm run test:extra`)
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import {
  BATCHED_GROUPS,
  GROUPS,
  nameOf,
  sharesProcess,
  testRuns,
  type Group,
  type TestRun,
} from './runner/groups.js';
import { BATCHED, COUNTED } from './runner/outcome-reporter.js';
import { runPool, stopAll, type Job, type JobResult } from './runner/jobs.js';
import {
  lastDurations,
  logPath,
  outcomesPath,
  prepareRecords,
  readBatchOutcomes,
  readOutcomes,
  writeRun,
  type JobRecord,
} from './runner/records.js';
import { COMPILED_HANDED } from './support/dala-command.js';
import { HANDED_DOWN } from './support/release.js';

// The project whose tests run: the current directory (npm runs scripts at the package root).
const ROOT = process.cwd();
// This runner's own repository: its reporter, release step and tools.
const HOME = resolve(import.meta.dirname, '..');
const DEFAULT_GROUPS: Group[] = ['unit', 'routes', 'real', 'system', 'browser'];
const NEEDS_RELEASE: Group[] = ['real', 'browser', 'extra'];
const SERIAL: Group[] = ['system', 'extra'];
// Chromium's tests wait on the page far more than they compute (about 0.6 of a core): one at a time
// beside the in-process files, rather than alone after them
const BESIDE: Group[] = ['browser'];
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

/** What a file's job waits for: the real release, or (a system file) dist/ compiled for `dala`. */
function prerequisiteOf(group: Group): Pick<Job, 'after' | 'handedEnv'> {
  if (NEEDS_RELEASE.includes(group))
    return {
      after: 'real release',
      handedEnv: (handed) => ({ [HANDED_DOWN]: JSON.parse(handed) as string }),
    };
  if (group === 'system')
    return { after: 'compile dist', handedEnv: () => ({ [COMPILED_HANDED]: '1' }) };
  return {};
}

/** The reporters of a test job: the spec reporter for the person, the outcomes for the records. */
const reporters = (name: string) => [
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  `--test-reporter=${join(HOME, 'test/runner/outcome-reporter.ts')}`,
  `--test-reporter-destination=${outcomesPath(ROOT, name)}`,
];

function testJob(run: TestRun, expected: Map<string, number>): Job {
  const name = nameOf(run);
  return {
    name,
    group: run.group,
    command: [process.execPath, ...TSX, ...reporters(name), ...(run.args ?? []), run.file],
    // DALA_WORKERS is not set: the servers a test starts run the default configuration (one serving
    // process per core), as `npm start` does, unless the test names a count. Colour codes would
    // make the recorded logs unreadable.
    env: { ...run.env, FORCE_COLOR: '0' },
    ...prerequisiteOf(run.group),
    expectedMs: expected.get(name) ?? 30_000,
  };
}

// A batch's expected time: long enough that its process's start is a small part of it, short enough
// that the batches of a group spread over the cores and the longest start first.
const BATCH_MS = 40_000;

/**
 * The files of a group that may share a process (sharesProcess) packed into batches of about
 * BATCH_MS by their last durations, longest first, each into the batch expected to end first.
 */
function batchJobs(group: Group, runs: TestRun[], expected: Map<string, number>): Job[] {
  const expectedOf = (r: TestRun) => expected.get(r.file) ?? 10_000;
  const sorted = [...runs].sort((a, b) => expectedOf(b) - expectedOf(a));
  const total = sorted.reduce((sum, r) => sum + expectedOf(r), 0);
  const bins = Array.from({ length: Math.max(1, Math.round(total / BATCH_MS)) }, () => ({
    files: [] as string[],
    ms: 0,
  }));
  for (const r of sorted) {
    const bin = bins.reduce((a, b) => (b.ms < a.ms ? b : a));
    bin.files.push(r.file);
    bin.ms += expectedOf(r);
  }
  return bins
    .filter((b) => b.files.length > 0)
    .map((bin, i, all) => {
      const name = `${group} batch ${i + 1} of ${all.length}`;
      return {
        name,
        group,
        files: bin.files,
        command: [
          process.execPath,
          ...TSX,
          ...reporters(name),
          join(HOME, 'test/runner/batch.ts'),
          ...bin.files,
        ],
        env: { FORCE_COLOR: '0', [BATCHED]: '1' },
        ...prerequisiteOf(group),
        expectedMs: bin.ms,
      };
    });
}

/** Every file's job: each group's files that may share a process in batches, the others alone. */
function jobsOf(runs: TestRun[], expected: Map<string, number>): Job[] {
  const shared = runs.filter((r) => sharesProcess(ROOT, r));
  const jobs = runs.filter((r) => !shared.includes(r)).map((r) => testJob(r, expected));
  for (const group of BATCHED_GROUPS) {
    const mine = shared.filter((r) => r.group === group);
    if (mine.length === 1) jobs.push(testJob(mine[0]!, expected));
    else if (mine.length > 1) jobs.push(...batchJobs(group, mine, expected));
  }
  return jobs;
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

function compileJob(expected: Map<string, number>): Job {
  return {
    name: 'compile dist',
    group: 'check',
    command: [process.execPath, ...TSX, join(HOME, 'test/runner/compile.ts')],
    expectedMs: expected.get('compile dist') ?? 60_000,
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
  const counts = COUNTED.map((k) => `${k} ${total[k] ?? 0}`).join(', ');
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
  const jobs = jobsOf(runs, expected);
  if (jobs.some((j) => j.after === 'real release')) jobs.push(releaseJob(expected));
  if (jobs.some((j) => j.after === 'compile dist')) jobs.push(compileJob(expected));
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
    // servers and child processes assert timings and take cores of their own: alone, last
    serial: SERIAL,
    beside: BESIDE,
    timeoutMs: Number(process.env.DALA_TEST_TIMEOUT_MS) || 15 * 60_000,
    onDone: (r) => {
      writeFileSync(logPath(ROOT, r.job.name), r.output);
      const line = (ok: boolean, ms: number, cpuText: string, name: string, rec?: JobRecord) =>
        process.stdout.write(
          `${ok ? '✔' : '✖'} ${seconds(ms).padStart(8)} ${cpuText.padStart(8)}  ${r.job.group.padEnd(8)} ${name}${rec?.counts ? ` (${rec.counts.tests} tests)` : ''}${rec?.note ? `: ${rec.note}` : ''}\n`,
        );
      const own: JobRecord = {
        name: r.job.name,
        group: r.job.group,
        ms: r.ms,
        cpuMs: r.cpuMs,
        ok: r.ok,
        note: r.note,
      };
      if (r.job.files) {
        // a batch: each file's record and line, then the batch's own (its time and CPU)
        for (const rec of readBatchOutcomes(ROOT, r.job.name, r.job.files, r.job.group, r.note)) {
          records.push(rec);
          line(rec.ok, rec.ms, '', rec.name, rec);
        }
        records.push(own);
        line(r.ok, r.ms, cpu(r), `${r.job.name}: ${r.job.files.join(', ')}`, own);
        return;
      }
      const record: JobRecord = {
        ...own,
        ...(r.job.group === 'check' || r.job.group === 'release'
          ? {}
          : readOutcomes(ROOT, r.job.name)),
      };
      records.push(record);
      line(r.ok, r.ms, cpu(r), r.job.name, record);
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

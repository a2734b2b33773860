// What every run of test/run.ts leaves behind in the git-ignored .cache/test-runs/: latest.json (each
// job's group, duration, outcome and its tests' outcomes), a copy named by the run's start time (the
// last RUNS_KEPT kept, so a file that grows slower shows across runs), and each job's output under
// logs/. The next run reads latest.json to start the longest jobs first.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BatchedFile, FileSummary, TestOutcome } from './outcome-reporter.js';

export interface JobRecord {
  name: string;
  group: string;
  ms: number;
  cpuMs?: number; // the job's processes' CPU time (user and system)
  ok: boolean;
  note?: string;
  counts?: Record<string, number>;
  tests?: TestOutcome[];
}

export interface RunRecord {
  startedAt: string;
  wallMs: number;
  jobs: number;
  groups: string[];
  load: number[]; // os.loadavg() at the start: other work on the machine slows every figure
  records: JobRecord[];
}

const RUNS_KEPT = 20;

export const recordsDir = (root: string) => join(root, '.cache', 'test-runs');
export const logPath = (root: string, name: string) =>
  join(recordsDir(root), 'logs', `${name.replace(/[^\w.-]+/g, '_')}.log`);
export const outcomesPath = (root: string, name: string) =>
  join(recordsDir(root), 'outcomes', `${name.replace(/[^\w.-]+/g, '_')}.jsonl`);

export function prepareRecords(root: string): void {
  for (const sub of ['logs', 'outcomes']) {
    rmSync(join(recordsDir(root), sub), { recursive: true, force: true });
    mkdirSync(join(recordsDir(root), sub), { recursive: true });
  }
}

/** The duration each job took in the last run that ran it (ms). */
export function lastDurations(root: string): Map<string, number> {
  try {
    const last = JSON.parse(
      readFileSync(join(recordsDir(root), 'latest.json'), 'utf8'),
    ) as RunRecord;
    return new Map(last.records.map((r) => [r.name, r.ms]));
  } catch {
    return new Map();
  }
}

/** Each line a test job's reporter wrote (none when it did not run or died early). */
function outcomeLines(root: string, name: string): (TestOutcome | FileSummary | BatchedFile)[] {
  let text: string;
  try {
    text = readFileSync(outcomesPath(root, name), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TestOutcome | FileSummary | BatchedFile);
}

/** A test job's outcomes as its reporter wrote them (none when it did not run or died early). */
export function readOutcomes(root: string, name: string): Pick<JobRecord, 'counts' | 'tests'> {
  const lines = outcomeLines(root, name);
  if (lines.length === 0) return {};
  const tests = lines.filter((l): l is TestOutcome => l.kind === 'test');
  const counts = lines.find((l): l is FileSummary => l.kind === 'summary')?.counts;
  return { counts, tests };
}

/**
 * The record of each file of a batch job (test/runner/batch.ts): its tests, counts and time as its
 * suite reported them. A file the batch never finished (the process died or was stopped) fails.
 */
export function readBatchOutcomes(
  root: string,
  name: string,
  files: readonly string[],
  group: string,
  note?: string,
): JobRecord[] {
  const lines = outcomeLines(root, name);
  return files.map((file) => {
    const ended = lines.find((l): l is BatchedFile => l.kind === 'file' && l.file === file);
    const tests = lines
      .filter((l): l is TestOutcome => l.kind === 'test' && l.file === file)
      .map(({ file: _file, ...t }) => t);
    if (!ended)
      return {
        name: file,
        group,
        ms: 0,
        ok: false,
        note: note ?? `not finished by ${name}`,
        tests,
      };
    return { name: file, group, ms: ended.ms, ok: ended.ok, counts: ended.counts, tests };
  });
}

export function writeRun(root: string, run: RunRecord): string {
  const dir = recordsDir(root);
  const text = `${JSON.stringify(run, null, 1)}\n`;
  // latest.json keeps the durations of jobs this run did not run (another group's), for the next order
  let previous: JobRecord[] = [];
  try {
    previous = (JSON.parse(readFileSync(join(dir, 'latest.json'), 'utf8')) as RunRecord).records;
  } catch {
    // the first run
  }
  const ran = new Set(run.records.map((r) => r.name));
  const merged = { ...run, records: [...run.records, ...previous.filter((r) => !ran.has(r.name))] };
  writeFileSync(join(dir, 'latest.json'), `${JSON.stringify(merged, null, 1)}\n`);
  const stamped = join(dir, `${run.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(stamped, text);
  const runs = readdirSync(dir)
    .filter((n) => /^\d{4}-.*\.json$/.test(n))
    .sort();
  for (const old of runs.slice(0, Math.max(0, runs.length - RUNS_KEPT))) rmSync(join(dir, old));
  return stamped;
}

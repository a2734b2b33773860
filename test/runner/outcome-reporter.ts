// A node:test reporter for test/run.ts: one JSON line per test that ends (its name under its
// suites, passed, skipped or todo) and one for the file's summary counts, read back by the runner to
// count and list every test of a run. The person reads the spec reporter's output beside it. In a
// batch of files (test/runner/batch.ts, BATCHED set) each top-level suite is a file: a test's name
// leaves the file out and names it apart, and each file ends with a line of its own counts and time.
import type { TestEvent } from 'node:test/reporters';

export interface TestOutcome {
  kind: 'test';
  file?: string; // in a batch: the file that declares it
  name: string; // "suite > test"
  ok: boolean;
  skip: boolean;
  todo: boolean;
  ms: number;
}
export interface FileSummary {
  kind: 'summary';
  counts: Record<string, number>; // tests, suites, pass, fail, cancelled, skipped, todo, duration_ms
}
/** A file's end in a batch: whether its suite passed, its time and its counts. */
export interface BatchedFile {
  kind: 'file';
  file: string;
  ok: boolean;
  ms: number;
  counts: Record<string, number>;
}

/** Set by test/run.ts for a batch job: its top-level suites are files. */
export const BATCHED = 'DALA_TEST_BATCHED';
/** The counts node:test's closing diagnostics give, in their order. */
export const COUNTED = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo'] as const;

export default async function* outcomeReporter(
  source: AsyncIterable<TestEvent>,
): AsyncGenerator<string> {
  const batched = process.env[BATCHED] === '1';
  const top = batched ? 1 : 0; // the nesting of a file's own tests and suites
  const suites: string[] = [];
  const counts: Record<string, number> = {};
  let fileCounts: Record<string, number> = {};
  for await (const event of source) {
    if (event.type === 'test:start') {
      suites[event.data.nesting] = event.data.name;
      if (batched && event.data.nesting === 0)
        fileCounts = Object.fromEntries(COUNTED.map((k) => [k, 0]));
    } else if (event.type === 'test:pass' || event.type === 'test:fail') {
      const { data } = event;
      if (batched && data.nesting === 0) {
        const file: BatchedFile = {
          kind: 'file',
          file: data.name,
          ok: event.type === 'test:pass',
          ms: data.details.duration_ms,
          counts: fileCounts,
        };
        yield `${JSON.stringify(file)}\n`;
        continue;
      }
      if (batched) count(fileCounts, event);
      if (data.details.type === 'suite') continue;
      const outcome: TestOutcome = {
        kind: 'test',
        ...(batched ? { file: suites[0] } : {}),
        name: [...suites.slice(top, data.nesting), data.name].join(' > '),
        ok: event.type === 'test:pass',
        skip: Boolean(data.skip),
        todo: Boolean(data.todo),
        ms: data.details.duration_ms,
      };
      yield `${JSON.stringify(outcome)}\n`;
    } else if (event.type === 'test:diagnostic' && event.data.nesting === 0) {
      // the run's closing diagnostics: "tests 12", "pass 11", "fail 1", "duration_ms 3456.7" ...
      const m = /^(\w+) ([\d.]+)$/.exec(event.data.message);
      if (m) counts[m[1]!] = Number(m[2]);
    }
  }
  const summary: FileSummary = { kind: 'summary', counts };
  yield `${JSON.stringify(summary)}\n`;
}

/** Counts a test's end as node:test's closing diagnostics count it. */
function count(
  counts: Record<string, number>,
  event: Extract<TestEvent, { type: 'test:pass' | 'test:fail' }>,
): void {
  const { data } = event;
  if (data.details.type === 'suite') {
    counts.suites!++;
    return;
  }
  counts.tests!++;
  const error = (data.details as { error?: { failureType?: string } }).error;
  if (data.skip) counts.skipped!++;
  else if (data.todo) counts.todo!++;
  else if (event.type === 'test:pass') counts.pass!++;
  else if (error?.failureType === 'cancelledByParent') counts.cancelled!++;
  else counts.fail!++;
}

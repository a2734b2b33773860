// A node:test reporter for test/run.ts: one JSON line per test that ends (its name under its
// suites, passed, skipped or todo) and one for the file's summary counts, read back by the runner to
// count and list every test of a run. The person reads the spec reporter's output beside it.
import type { TestEvent } from 'node:test/reporters';

export interface TestOutcome {
  kind: 'test';
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

export default async function* outcomeReporter(
  source: AsyncIterable<TestEvent>,
): AsyncGenerator<string> {
  const suites: string[] = [];
  const counts: Record<string, number> = {};
  for await (const event of source) {
    if (event.type === 'test:start') {
      suites[event.data.nesting] = event.data.name;
    } else if (event.type === 'test:pass' || event.type === 'test:fail') {
      const { data } = event;
      if (data.details.type === 'suite') continue;
      const outcome: TestOutcome = {
        kind: 'test',
        name: [...suites.slice(0, data.nesting), data.name].join(' > '),
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

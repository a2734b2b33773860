// The one row format every bench script prints (one JSON object per stdout line) and the table of
// targets `npm run bench` (bench/run.ts) checks them against. A script measures, compares with its
// bound and prints `emit({...})`; lines that are not rows are passed through as the script's log.

/** The service's speed and memory targets, in the order the table prints them (bench/RESULTS.md holds a run). */
export const TARGETS = {
  'data-node':
    '/data/ JSON, 5 KB and 200 KB, 50 connections, Node: >= 0.8x a minimal Fastify route sending the same bytes',
  'data-nginx':
    '/data/ through the generated nginx config: >= 0.9x nginx serving the release directory plainly',
  'search-1m':
    'v1 search at 1M entities, one- and two-word queries in each locale, with and without a typo: p99 <= 10 ms, one client',
  'cpu-cap':
    'no request within the input limits costs more than 50 ms of CPU: search, resolve, a reconciliation batch and suggest at 1M entities; every route family and representation on the real release',
  'sdmx-cpu':
    'SDMX 2.1 on the real release: no structure request costs more than 50 ms of CPU, and no turn of a data answer (a whole dataflow is made in turns of a bounded number of observations) more than 50 ms',
  'search-hit1':
    'v1 search over the labelled queries (test/fixtures/search-queries.json) on the real release: hit@1 >= 95%',
  'series-30m':
    'series, month, 20 years, at 30M points: p99 <= 20 ms one place; <= 100 ms all places',
  'snapshot-30m': 'snapshot at a date, all layers, at 30M points: p99 <= 20 ms',
  'cold-start': 'cold start to the first 200: <= 1 s real release; <= 3 s scaled',
  'serve-rss': 'resident memory of serve on the scaled release: <= 1 GiB',
  build: 'build: real <= 30 s; scaled <= 10 min',
  workers:
    'a store-backed route over HTTP (wrk beside the server): 2 workers (DALA_WORKERS=2) >= 1.3x the requests per second of 1',
  'workers-routes':
    'every kind of route over HTTP (wrk beside the server): 2 workers never serve fewer requests per second than 1',
} as const;

export type TargetId = keyof typeof TARGETS;

export interface BenchRow {
  /** Which target of TARGETS this row measures. */
  target: TargetId;
  /** What this row checks, e.g. "p99 <= 20 ms, one place" (a target can have several rows). */
  bound: string;
  /** The measured figure; null when it could not be measured (then met is false and note says why). */
  value: number | null;
  /** Unit of value: "ms", "MiB", "s", "ratio", "req/s" ... */
  unit: string;
  /** Whether value meets bound; null for a row that only reports (for example throughput). */
  met: boolean | null;
  /** Free text: conditions, the compared figures of a ratio, why a value is missing. */
  note?: string;
}

const ROW_KEYS = ['target', 'bound', 'value', 'unit', 'met'] as const;

/** Prints one row on its own stdout line. */
export function emit(row: BenchRow): void {
  process.stdout.write(JSON.stringify(row) + '\n');
}

/** A row with `value` checked against `max` (met when value <= max). */
export function atMost(
  target: TargetId,
  bound: string,
  value: number | null,
  max: number,
  unit: string,
  note?: string,
): BenchRow {
  return {
    target,
    bound,
    value,
    unit,
    met: value === null ? false : value <= max,
    ...(note ? { note } : {}),
  };
}

/** A row with `value` checked against `min` (met when value >= min). */
export function atLeast(
  target: TargetId,
  bound: string,
  value: number | null,
  min: number,
  unit: string,
  note?: string,
): BenchRow {
  return {
    target,
    bound,
    value,
    unit,
    met: value === null ? false : value >= min,
    ...(note ? { note } : {}),
  };
}

/** Parses one stdout line; null when it is not a row (a log line). */
export function parseRow(line: string): BenchRow | null {
  if (!line.startsWith('{')) return null;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const o = value as Record<string, unknown>;
  if (!ROW_KEYS.every((k) => k in o) || typeof o.target !== 'string' || !(o.target in TARGETS))
    return null;
  return o as unknown as BenchRow;
}

/** The p-th percentile (0..100) of a list of numbers (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

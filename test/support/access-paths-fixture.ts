// Random stores for the store reader's access-path tests: daily series with gaps, every kind of
// coarser period (ties on their ends), nulls and -0, several metrics with their aggregations and
// places; the plain query over the points table each access path is held to; and the random
// questions (dates, places) to ask.
import fc from 'fast-check';
import type { Database } from 'better-sqlite3';
import type { StoreContent } from '../../src/publish/store/write.js';
import { addDays, bucketOf, type Granularity } from '../../src/store/periods.js';
import { asPublished, bucketize, type PointRow, type SeriesPoint } from '../../src/store/rollup.js';
import { pointRows, randomStore } from './random-store.js';

export const START = '2023-11-20';
export const SPAN = 140; // days: long enough for every kind of bucket to be cut by a random range
export const PLACES = ['KZ', 'KZ-11', 'KZ-35', 'KZ-75'];
export const METRICS = [
  { id: 'm_last', layer: 'a', aggregation: 'last' },
  { id: 'm_mean', layer: 'a', aggregation: 'mean' },
  { id: 'm_sum', layer: 'b', aggregation: 'sum' },
];
export const KINDS = ['day', 'day', 'day', 'week', 'month', 'quarter', 'year', 'H1', '9M'] as const;

function periodOf(kind: (typeof KINDS)[number], d: string) {
  if (kind === 'H1')
    return {
      period: `${d.slice(0, 4)}-H1`,
      period_start: `${d.slice(0, 4)}-01-01`,
      period_end: `${d.slice(0, 4)}-06-30`,
    };
  if (kind === '9M')
    return {
      period: `${d.slice(0, 4)}-9M`,
      period_start: `${d.slice(0, 4)}-01-01`,
      period_end: `${d.slice(0, 4)}-09-30`,
    };
  return bucketOf(d, kind);
}

const value = fc.option(
  fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((v) => (Object.is(v, -0) ? 0 : v)),
  { freq: 5 },
);
export const pointArb = fc.record({
  metric: fc.constantFrom(...METRICS.map((m) => m.id)),
  place: fc.constantFrom(...PLACES),
  kind: fc.constantFrom(...KINDS),
  // Often a bucket's last day (2023-12-31, 2024-01-31, 2024-02-29, 2024-03-31): periods of every kind then end together.
  day: fc.oneof(fc.integer({ min: 0, max: SPAN }), fc.constantFrom(41, 72, 101, 132)),
  value,
  unit: fc.constantFrom('u1', 'u1', 'u1', 'u2'),
  status: fc.constantFrom('final', 'final', 'preliminary'),
  note: fc.option(fc.constantFrom('series break', 'suspicious'), { freq: 4 }),
});

export type RawPoint = typeof pointArb extends fc.Arbitrary<infer T> ? T : never;

export function makeStore(raw: RawPoint[]): StoreContent {
  const points = pointRows(raw, START, periodOf);
  points.sort((a, b) =>
    a.metric !== b.metric
      ? a.metric < b.metric
        ? -1
        : 1
      : a.place < b.place
        ? -1
        : a.place > b.place
          ? 1
          : 0,
  );
  return randomStore(['a', 'b'], METRICS, points);
}

export const PLAIN_SERIES = `SELECT * FROM points WHERE metric = @metric AND period_end >= @start AND period_end <= @end
  AND (@places IS NULL OR place IN (SELECT value FROM json_each(@places))) ORDER BY place, period_start, period_end, period`;

export function plainSeries(
  db: Database,
  metric: (typeof METRICS)[number],
  g: Granularity | null,
  start: string,
  end: string,
  places: string[] | null,
) {
  const rows = db
    .prepare(PLAIN_SERIES)
    .all({ metric: metric.id, start, end, places: places && JSON.stringify(places) }) as PointRow[];
  const byPlace = new Map<string, PointRow[]>();
  for (const r of rows) (byPlace.get(r.place) ?? byPlace.set(r.place, []).get(r.place)!).push(r);
  return new Map(
    [...byPlace].map(([place, pts]): [string, SeriesPoint[]] => [
      place,
      g ? bucketize(pts, g, metric.aggregation) : pts.map(asPublished),
    ]),
  );
}

// A mean of values a unit apart in the subnormal range can round to -0; SQLite stores a REAL -0.0 as 0, so
// a bucket read from the stored rollups says 0 where one bucketed here says -0. JSON has no negative
// zero (JSON.stringify(-0) is "0"), so the answers are the same bytes: compare what is published.
export const unsigned = (series: Map<string, SeriesPoint[]>) =>
  new Map(
    [...series].map(([place, pts]): [string, SeriesPoint[]] => [
      place,
      pts.map((p) => (Object.is(p.value, -0) ? { ...p, value: 0 } : p)),
    ]),
  );

export const date = fc.integer({ min: -10, max: SPAN + 10 }).map((d) => addDays(START, d));
export const places = fc.option(fc.subarray(PLACES, { minLength: 1 }), { freq: 2 });
export const store = fc.array(pointArb, { minLength: 0, maxLength: 120 });

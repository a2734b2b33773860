// Random stores for the snapshot blocks' tests: daily series with gaps, coarser periods ending the
// same day (ties), nulls, infinities and -0, multi-byte units and long notes, several layers and
// places; and random questions (a date, layers, places) to ask them.
import fc from 'fast-check';
import type { StoreContent } from '../../src/publish/store/write.js';
import { addDays, bucketOf } from '../../src/store/periods.js';
import { pointRows, randomStore } from './random-store.js';

export const START = '2023-12-20';
export const SPAN = 50;
export const LAYERS = ['a', 'b', 'c'];
export const METRICS = [
  { id: 'm1', layer: 'a' },
  { id: 'm2', layer: 'a' },
  { id: 'm3', layer: 'b' },
  { id: 'm4', layer: 'c' },
];
export const PLACES = ['KZ', 'KZ-11', 'KZ-35', 'KZ-75', 'KZ-79'];
const KINDS = ['day', 'day', 'day', 'day', 'week', 'month', 'quarter', 'year', 'H1'] as const;

const periodOf = (kind: (typeof KINDS)[number], d: string) =>
  kind === 'H1'
    ? {
        period: `${d.slice(0, 4)}-H1`,
        period_start: `${d.slice(0, 4)}-01-01`,
        period_end: `${d.slice(0, 4)}-06-30`,
      }
    : bucketOf(d, kind);

const value = fc.option(
  fc.oneof(
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    fc.constantFrom(0, -0, Infinity, -Infinity, 1e21, 5e-324, 100),
  ),
  { freq: 6 },
);
export const pointArb = fc.record({
  metric: fc.constantFrom(...METRICS.map((m) => m.id)),
  place: fc.constantFrom(...PLACES),
  kind: fc.constantFrom(...KINDS),
  // Month and year ends often, so that periods of different lengths end the same day.
  day: fc.oneof(fc.integer({ min: 0, max: SPAN }), fc.constantFrom(11, 42)),
  value,
  // Multi-byte UTF-8 (Cyrillic, an astral character) and a note longer than the answer's first buffer.
  unit: fc.constantFrom('u1', 'u1', 'u2', 'тыс. т', 'м³ 😀'),
  status: fc.constantFrom('final', 'preliminary'),
  note: fc.option(
    fc.constantFrom('series break', 'кириллица "quoted"\n', `long ${'ж'.repeat(5000)} end`),
    { freq: 4 },
  ),
});
export type RawPoint = typeof pointArb extends fc.Arbitrary<infer T> ? T : never;

export function makeStore(raw: RawPoint[]): StoreContent {
  const points = pointRows(raw, START, periodOf);
  // Grouped by (metric, place) as the writer requires; the groups in no particular order.
  const order = [...new Set(points.map((p) => `${p.metric}|${p.place}`))];
  points.sort(
    (a, b) => order.indexOf(`${a.metric}|${a.place}`) - order.indexOf(`${b.metric}|${b.place}`),
  );
  return randomStore(
    LAYERS,
    METRICS.map((m) => ({ ...m, aggregation: 'last' })),
    points,
  );
}

const date = fc.integer({ min: -15, max: SPAN + 200 }).map((d) => addDays(START, d));
export const ask = fc.tuple(
  date,
  fc.subarray(LAYERS, { minLength: 1 }),
  fc.option(fc.subarray(PLACES, { minLength: 1 }), { freq: 2 }),
);

// The series answers stored whole at build (and totals), or computed when a date range cuts them,
// equal the parts computed from the plain points, with and without a place filter, over random
// stores (support/access-paths-fixture.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Database } from 'better-sqlite3';
import { GRANULARITIES, byTime, type Granularity } from '../src/store/periods.js';
import { withStore } from './support/temp-store.js';
import {
  METRICS,
  makeStore,
  plainSeries,
  date,
  places,
  store,
} from './support/access-paths-fixture.js';

// The series answer's parts, computed here from the plain points without the answer module: each
// place's buckets as shown, how many source points and their sources.
function plainParts(
  db: Database,
  metric: (typeof METRICS)[number],
  g: Granularity | null,
  start: string,
  end: string,
  places: string[] | null,
  withFrom: boolean,
) {
  const parts = new Map<string, { json: string; count: number; sources: string[] }>();
  for (const [place, pts] of plainSeries(db, metric, g, start, end, places)) {
    const shown = pts.map(
      ({
        period,
        period_start,
        period_end,
        value,
        null_reason,
        aggregation,
        from_periods,
        unit,
        status,
        note,
      }) => ({
        period,
        period_start,
        period_end,
        value,
        null_reason,
        aggregation,
        from_count: from_periods.length,
        ...(withFrom ? { from_periods } : {}),
        unit,
        status,
        note,
      }),
    );
    parts.set(place, {
      json: JSON.stringify(shown),
      count: pts.reduce((n, p) => n + p.from_periods.length, 0),
      sources: [...new Set(pts.flatMap((p) => p.source_id.split(' | ')))].sort(),
    });
  }
  return parts;
}

test('series answers: stored whole series and totals, or computed when a range cuts them, equal the plain points', () => {
  const whole = fc.constant<[string, string]>(['0000-01-01', '9999-12-31']);
  const range = fc.tuple(date, date).map(([a, b]): [string, string] => (a <= b ? [a, b] : [b, a]));
  const ask = fc.tuple(
    fc.constantFrom(...METRICS),
    fc.constantFrom(null, ...GRANULARITIES),
    fc.oneof(whole, range),
    places,
    fc.boolean(),
  );
  fc.assert(
    fc.property(store, fc.array(ask, { minLength: 1, maxLength: 10 }), (raw, asks) =>
      withStore(makeStore(raw), (db, reader) => {
        for (const [metric, g, [start, end], pl, withFrom] of asks) {
          const got = reader.series.seriesAnswer(
            reader.metricById.get(metric.id)!,
            g,
            start,
            end,
            pl,
            withFrom,
          );
          const want = plainParts(db, metric, g, start, end, pl, withFrom);
          const label = `${metric.id} ${g} ${start}..${end} ${pl} ${withFrom}`;
          assert.deepStrictEqual([...got.points.keys()], [...want.keys()], label);
          // a place's buckets come as stored JSON or as the buckets computed: the same JSON either way
          for (const [place, w] of want) {
            const buckets = got.points.get(place);
            assert.equal(
              typeof buckets === 'string' ? buckets : JSON.stringify(buckets),
              w.json,
              `${label} ${place}`,
            );
          }
          const merged = got.summary;
          const all = [...want.values()];
          assert.equal(
            merged.count,
            all.reduce((n, w) => n + w.count, 0),
            label,
          );
          assert.deepStrictEqual(
            merged.sources,
            [...new Set(all.flatMap((w) => w.sources))].sort(),
            label,
          );
          const plainAll = [...plainSeries(db, metric, g, start, end, pl).values()].flat();
          assert.deepStrictEqual(
            merged.periods.map((x) => x[0]),
            [...new Map(plainAll.map((p) => [p.period, p])).values()]
              .sort(byTime)
              .map((p) => p.period),
            label,
          );
          assert.deepStrictEqual(
            merged.units.map((u) => u.unit).sort(),
            [...new Set(plainAll.flatMap((p) => p.unit.split(' | ')))].sort(),
            label,
          );
          assert.deepStrictEqual(
            merged.units,
            [...merged.units].sort((a, b) =>
              a.period_start < b.period_start
                ? -1
                : a.period_start > b.period_start
                  ? 1
                  : a.unit < b.unit
                    ? -1
                    : 1,
            ),
            label,
          );
          for (const u of merged.units) {
            const using = plainAll.filter((p) => p.unit.split(' | ').includes(u.unit));
            assert.equal(
              u.period_start,
              using.reduce((m, p) => (p.period_start < m ? p.period_start : m), '9999'),
              label,
            );
            assert.equal(
              u.period_end,
              using.reduce((m, p) => (p.period_end > m ? p.period_end : m), '0000'),
              label,
            );
          }
        }
      }),
    ),
    { numRuns: 60 },
  );
});

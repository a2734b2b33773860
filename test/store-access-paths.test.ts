// Each access path of the store reader gives exactly what the plain query over the points table
// gives, over random stores (property-based; support/access-paths-fixture.ts): the snapshot (from the
// blocks stored at build; the one statement seeking the latest point per (metric, place) is checked
// against them in test/snapshot-blocks.test.ts) and the series rollups stored at build (with the
// buckets a date range cuts recomputed), with the place filter on each. The series answers stored
// whole: store-series-answers.test.ts; the key-set pages of events and of the snapshot diff:
// store-key-set-pages.test.ts. Speed is measured in bench/, never here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GRANULARITIES } from '../src/store/periods.js';
import { SNAPSHOT } from '../src/store/snapshot-reader.js';
import { PLAIN_LATEST, withStore } from './support/temp-store.js';
import {
  METRICS,
  pointArb,
  makeStore,
  plainSeries,
  unsigned,
  date,
  places,
  store,
} from './support/access-paths-fixture.js';

test("snapshot: the reader's latest point per (metric, place) equals the window over every point", () => {
  fc.assert(
    fc.property(
      store,
      fc.array(fc.tuple(date, fc.subarray(['a', 'b'], { minLength: 1 }), places), {
        minLength: 1,
        maxLength: 8,
      }),
      (raw, asks) =>
        withStore(makeStore(raw), (db, reader) => {
          for (const [d, layers, pl] of asks) {
            const plain = db
              .prepare(PLAIN_LATEST)
              .all({ date: d, layers: JSON.stringify(layers), places: pl && JSON.stringify(pl) });
            assert.deepStrictEqual(reader.snapshots.latestAt(d, layers, pl), plain);
            // the rows a CSV answer writes, made without the JSON
            assert.deepStrictEqual(reader.snapshots.latestRowsAt(d, layers, pl), plain);
          }
        }),
    ),
    { numRuns: 60 },
  );
});

test('snapshot: the one statement seeks each series on the clustered key of points, never scans points', () => {
  withStore(makeStore(fc.sample(pointArb, { numRuns: 200, seed: 7 })), (db) => {
    for (const [form, sql] of Object.entries(SNAPSHOT)) {
      const plan = (
        db
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all({ date: '2024-02-01', metrics: '["m_last"]', places: '["KZ"]' }) as {
          detail: string;
        }[]
      ).map((r) => r.detail);
      assert.ok(
        plan.some((d) =>
          /^SEARCH q USING PRIMARY KEY \(metric=\? AND place=\? AND period_end<\?\)/.test(d),
        ),
        `${form}: ${plan.join(' / ')}`,
      );
      assert.ok(
        plan.some((d) =>
          /^SEARCH p USING PRIMARY KEY \(metric=\? AND place=\? AND period_end=\? AND period_start=\? AND period=\?\)/.test(
            d,
          ),
        ),
        `${form}: ${plan.join(' / ')}`,
      );
      assert.ok(!plan.some((d) => /^SCAN (p|q)\b/.test(d)), `${form}: ${plan.join(' / ')}`);
    }
  });
});

test('series: rollups and cut buckets, by place or for all, equal bucketing the plain points', () => {
  const ask = fc.tuple(
    fc.constantFrom(...METRICS),
    fc.constantFrom(null, ...GRANULARITIES),
    date,
    date,
    places,
  );
  fc.assert(
    fc.property(store, fc.array(ask, { minLength: 1, maxLength: 10 }), (raw, asks) =>
      withStore(makeStore(raw), (db, reader) => {
        for (const [metric, g, a, b, pl] of asks) {
          const [start, end] = a <= b ? [a, b] : [b, a];
          const m = reader.metricById.get(metric.id)!;
          assert.deepStrictEqual(
            unsigned(reader.series.buckets.series(m, g, start, end, pl)),
            unsigned(plainSeries(db, metric, g, start, end, pl)),
            `${metric.id} ${g} ${start}..${end} ${pl}`,
          );
        }
        for (const metric of METRICS) {
          for (const g of [null, ...GRANULARITIES]) {
            const m = reader.metricById.get(metric.id)!;
            assert.deepStrictEqual(
              unsigned(reader.series.buckets.series(m, g, '0000-01-01', '9999-12-31')),
              unsigned(plainSeries(db, metric, g, '0000-01-01', '9999-12-31', null)),
            );
          }
        }
      }),
    ),
    { numRuns: 60 },
  );
});

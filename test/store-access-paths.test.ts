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
import {
  POINT_ORDERS,
  pointCountSql,
  pointPageSql,
  type PointOrder,
} from '../src/store/observation-reader.js';
import { PLAIN_LATEST, withStore } from './support/temp-store.js';
import {
  METRICS,
  PLACES,
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

test('a page of observations in every v1 order over every point walks an index, and the count reads one: the points are never all read and sorted', () => {
  withStore(makeStore(fc.sample(pointArb, { numRuns: 200, seed: 11 })), (db) => {
    const plan = (sql: string, ...args: unknown[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[])
        .map((r) => r.detail)
        .join('; ');
    for (const order of Object.keys(POINT_ORDERS) as PointOrder[]) {
      const page = plan(pointPageSql('', order), 100, 0);
      // a sort of the ties inside one key of the index (LAST n TERMS) reads a few rows; a sort FOR ORDER BY reads them all
      assert.doesNotMatch(page, /TEMP B-TREE FOR ORDER BY/, `${order}: ${page}`);
      assert.match(
        page,
        /USING (PRIMARY KEY|INDEX|COVERING INDEX)|SCAN points$|SCAN points;/,
        `${order}: ${page}`,
      );
    }
    const count = plan(
      pointCountSql({ from: '2024-01-01' }, 'WHERE period_start >= ?'),
      '2024-01-01',
    );
    assert.match(count, /COVERING INDEX points_by_start/, count);
  });
});

test('the count of a listing equals the count of the points it selects, by series or by period', () => {
  const filterArb = fc.record(
    {
      // past MANY_SERIES keys too, as a listing over every indicator's totals is (absent keys added)
      metric: fc
        .tuple(
          fc.subarray(
            METRICS.map((m) => m.id),
            { minLength: 1 },
          ),
          fc.boolean(),
        )
        .map(([ids, many]) =>
          many ? [...ids, ...Array.from({ length: 70 }, (_, i) => `absent_${i}`)] : ids,
        ),
      place: fc.subarray(PLACES, { minLength: 1 }),
      from: date,
    },
    { requiredKeys: [] },
  );
  fc.assert(
    fc.property(store, fc.array(filterArb, { minLength: 1, maxLength: 6 }), (raw, filters) =>
      withStore(makeStore(raw), (db, reader) => {
        for (const filter of filters) {
          const where = [
            filter.metric && `metric IN (${filter.metric.map((m) => `'${m}'`).join(', ')})`,
            filter.place && `place IN (${filter.place.map((p) => `'${p}'`).join(', ')})`,
            filter.from && `period_start >= '${filter.from}'`,
          ].filter(Boolean);
          const plain = db
            .prepare(
              `SELECT count(*) AS n FROM points ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
            )
            .get() as { n: number };
          assert.equal(
            reader.observations.points(filter, 5, 0).total,
            plain.n,
            JSON.stringify(filter),
          );
        }
      }),
    ),
    { numRuns: 80 },
  );
});

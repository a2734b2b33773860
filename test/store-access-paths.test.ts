// Each access path of the store reader gives exactly what the plain query over the points table
// gives, over random stores (property-based): the snapshot (from the blocks stored at build; the one
// statement seeking the latest point per (metric, place) is checked against them in
// test/snapshot-blocks.test.ts), the series rollups stored at build (with the buckets a date range cuts
// recomputed), the series answers stored whole at build, the place filter on each, and the key-set
// pages of events and of the snapshot diff. Speed is measured in bench/, never here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Database } from 'better-sqlite3';
import type { StoreContent } from '../src/publish/store/write.js';
import {
  GRANULARITIES,
  addDays,
  bucketOf,
  byTime,
  type Granularity,
} from '../src/store/periods.js';
import { EVENTS_AFTER } from '../src/store/event-reader.js';
import { SNAPSHOT } from '../src/store/snapshot-reader.js';
import { asPublished, bucketize, type PointRow, type SeriesPoint } from '../src/store/rollup.js';
import { snapshotDiff } from '../src/serve/timemachine/snapshot-diff.js';
import type { LoadedRelease, ReleaseSource } from '../src/serve/releases/release-types.js';
import { PLAIN_LATEST, withStore, withStoreAsync } from './support/temp-store.js';

const START = '2023-11-20';
const SPAN = 140; // days: long enough for every kind of bucket to be cut by a random range
const PLACES = ['KZ', 'KZ-11', 'KZ-35', 'KZ-75'];
const METRICS = [
  { id: 'm_last', layer: 'a', aggregation: 'last' },
  { id: 'm_mean', layer: 'a', aggregation: 'mean' },
  { id: 'm_sum', layer: 'b', aggregation: 'sum' },
];
const KINDS = ['day', 'day', 'day', 'week', 'month', 'quarter', 'year', 'H1', '9M'] as const;

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
const pointArb = fc.record({
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

type RawPoint = typeof pointArb extends fc.Arbitrary<infer T> ? T : never;

function makeStore(raw: RawPoint[]): StoreContent {
  const seen = new Set<string>();
  const points: PointRow[] = [];
  for (const r of raw) {
    const p = periodOf(r.kind, addDays(START, r.day));
    const key = `${r.metric}|${r.place}|${p.period}`;
    if (seen.has(key)) continue;
    seen.add(key);
    points.push({
      metric: r.metric,
      place: r.place,
      ...p,
      value: r.value,
      null_reason: r.value === null ? 'not published' : null,
      status: r.status,
      unit: r.unit,
      source_id: 'src',
      note: r.note,
    });
  }
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
  return {
    meta: { kind: 'test-fixture', as_of: '2024-12-31', built_at: '2026-01-01T00:00:00Z' },
    layers: ['a', 'b'].map((id) => ({
      id,
      title_en: id,
      title_ru: id,
      title_kk: id,
      description: 'property-test fixture',
    })),
    metrics: METRICS.map((m) => ({
      ...m,
      name_en: m.id,
      name_ru: m.id,
      name_kk: m.id,
      unit: 'u1',
      frequency: 'mixed',
      source_id: 'src',
      notes: '',
    })),
    points,
    events: [],
    entities: [],
    entity_names: [],
    relations: [],
    claims: [],
    evidence: [],
  };
}

const PLAIN_SERIES = `SELECT * FROM points WHERE metric = @metric AND period_end >= @start AND period_end <= @end
  AND (@places IS NULL OR place IN (SELECT value FROM json_each(@places))) ORDER BY place, period_start, period_end, period`;

function plainSeries(
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
const unsigned = (series: Map<string, SeriesPoint[]>) =>
  new Map(
    [...series].map(([place, pts]): [string, SeriesPoint[]] => [
      place,
      pts.map((p) => (Object.is(p.value, -0) ? { ...p, value: 0 } : p)),
    ]),
  );

const date = fc.integer({ min: -10, max: SPAN + 10 }).map((d) => addDays(START, d));
const places = fc.option(fc.subarray(PLACES, { minLength: 1 }), { freq: 2 });
const store = fc.array(pointArb, { minLength: 0, maxLength: 120 });

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

test('events: walking the key-set pages gives every event in (date, id) order, each page read through the index', () => {
  const eventArb = fc.record({
    day: fc.integer({ min: 0, max: 30 }),
    n: fc.integer({ min: 0, max: 999 }),
  });
  fc.assert(
    fc.property(
      fc.uniqueArray(eventArb, { selector: (e) => e.n, maxLength: 60 }),
      fc.integer({ min: 1, max: 25 }),
      (raw, limit) => {
        const content = makeStore([]);
        content.events = raw.map((e) => ({
          id: `event:${String(e.n).padStart(3, '0')}`,
          date: addDays(START, e.day),
          kind: 'test',
          place: 'KZ',
          title_en: 't',
          title_ru: 't',
          title_kk: 't',
          source_url: 'https://example.org/',
          review_status: 'demonstration',
        }));
        withStore(content, (db, reader) => {
          const plain = db.prepare('SELECT * FROM events ORDER BY date, id').all();
          const walked: unknown[] = [];
          let after: string | undefined;
          for (;;) {
            const page = reader.events.page(limit, after)!;
            assert.ok(page.rows.length <= limit);
            walked.push(...page.rows);
            if (!page.more) break;
            after = page.rows[page.rows.length - 1]!.id;
          }
          assert.deepStrictEqual(walked, plain);
          assert.equal(reader.events.page(limit, 'event:none'), undefined);
          const plan = (
            db.prepare(`EXPLAIN QUERY PLAN ${EVENTS_AFTER}`).all('2024-01-01', 'x', 5) as {
              detail: string;
            }[]
          ).map((r) => r.detail);
          assert.ok(
            plan.some((d) =>
              /SEARCH events USING INDEX events_date \(\(date,id\)>\(\?,\?\)\)/.test(d),
            ),
            plan.join(' / '),
          );
        });
      },
    ),
    { numRuns: 60 },
  );
});

test('snapshot-diff: walking its pages of series gives the diff of every point of the two releases', async () => {
  const plainDiff = (before: Database, after: Database) => {
    const all = (db: Database) =>
      new Map(
        (db.prepare('SELECT * FROM points ORDER BY metric, place, period').all() as PointRow[]).map(
          (p) => [`${p.metric}|${p.place}|${p.period}`, p],
        ),
      );
    const [b, a] = [all(before), all(after)];
    const ref = (p: PointRow) => ({ metric: p.metric, place: p.place, period: p.period });
    const st = (p: PointRow) => ({
      value: p.value,
      null_reason: p.null_reason,
      status: p.status,
      unit: p.unit,
      source_id: p.source_id,
      note: p.note,
    });
    return {
      added: [...a].filter(([k]) => !b.has(k)).map(([, p]) => ({ ...ref(p), to: st(p) })),
      changed: [...a]
        .filter(([k, p]) => b.has(k) && JSON.stringify(st(b.get(k)!)) !== JSON.stringify(st(p)))
        .map(([k, p]) => ({ ...ref(p), from: st(b.get(k)!), to: st(p) })),
      removed: [...b].filter(([k]) => !a.has(k)).map(([, p]) => ({ ...ref(p), from: st(p) })),
    };
  };
  await fc.assert(
    fc.asyncProperty(
      store,
      store,
      fc.integer({ min: 1, max: 40 }),
      async (rawBefore, rawAfter, pageRows) => {
        // Half the time the second release is the first with a few points edited, else another store.
        const after = makeStore(
          rawAfter.length % 2
            ? rawAfter
            : rawBefore.map((r, i) =>
                i % 5 === 0 ? { ...r, value: r.value === null ? 1 : null } : r,
              ),
        );
        await withStoreAsync(makeStore(rawBefore), (dbBefore) =>
          withStoreAsync(after, async (dbAfter) => {
            const prev = { db: dbBefore, revision: 'a', seal: {} } as unknown as LoadedRelease;
            const release = {
              db: dbAfter,
              revision: 'b',
              seal: { previous_revision: 'a' },
            } as unknown as LoadedRelease;
            const releases = { get: async () => prev } as unknown as ReleaseSource;
            const walked = {
              added: [] as object[],
              changed: [] as object[],
              removed: [] as object[],
            };
            let cursor: string | undefined;
            for (;;) {
              const page = (await snapshotDiff(
                release,
                releases,
                cursor === undefined ? {} : { after: cursor },
                pageRows,
              )) as any;
              for (const k of ['added', 'changed', 'removed'] as const) walked[k].push(...page[k]);
              if (!page.next_after) break;
              cursor = page.next_after;
            }
            assert.deepStrictEqual(walked, plainDiff(dbBefore, dbAfter));
          }),
        );
      },
    ),
    { numRuns: 40 },
  );
});

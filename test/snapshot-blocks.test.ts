// The snapshot blocks stored at build (src/store/snapshot-blocks.ts) give exactly what the plain
// query gives (a window over every point up to the date), over random stores: daily series with
// gaps, coarser periods ending the same day (ties), nulls, infinities and -0, several layers, place
// filters, dates before the first and after the last point, and stores cut into many blocks. And
// the blocks stay within their bounds of size and of entries read per answer; over HTTP, the answer
// gzipped at the fastest level is the identity answer. Speed: bench/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import type { StoreContent } from '../src/publish/store/write.js';
import { addDays, bucketOf } from '../src/store/periods.js';
import { SNAPSHOT } from '../src/store/snapshot-reader.js';
import type { PointRow } from '../src/store/rollup.js';
import { CHANGES_PER_SERIES, SnapshotBlocks } from '../src/store/snapshot-blocks.js';
import { readPieces, valueJson, writeValue } from '../src/store/snapshot-blocks-json.js';
import type { Row } from '../src/store/tables.js';
import { buildApp } from '../src/serve/app.js';
import { fixtureStore, sealFixture } from './support/fixture-release.js';
import { PLAIN_LATEST, withStore } from './support/temp-store.js';

const START = '2023-12-20';
const SPAN = 50;
const LAYERS = ['a', 'b', 'c'];
const METRICS = [
  { id: 'm1', layer: 'a' },
  { id: 'm2', layer: 'a' },
  { id: 'm3', layer: 'b' },
  { id: 'm4', layer: 'c' },
];
const PLACES = ['KZ', 'KZ-11', 'KZ-35', 'KZ-75', 'KZ-79'];
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
const pointArb = fc.record({
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
  // Grouped by (metric, place) as the writer requires; the groups in no particular order.
  const order = [...new Set(points.map((p) => `${p.metric}|${p.place}`))];
  points.sort(
    (a, b) => order.indexOf(`${a.metric}|${a.place}`) - order.indexOf(`${b.metric}|${b.place}`),
  );
  return {
    meta: { kind: 'test-fixture', as_of: '2024-12-31', built_at: '2026-01-01T00:00:00Z' },
    layers: LAYERS.map((id) => ({
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
      aggregation: 'last',
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

const date = fc.integer({ min: -15, max: SPAN + 200 }).map((d) => addDays(START, d));
const ask = fc.tuple(
  date,
  fc.subarray(LAYERS, { minLength: 1 }),
  fc.option(fc.subarray(PLACES, { minLength: 1 }), { freq: 2 }),
);

test('snapshot blocks: the snapshot at any date, layers and places equals the window over every point', () => {
  fc.assert(
    fc.property(
      fc.array(pointArb, { maxLength: 400 }),
      fc.array(ask, { minLength: 1, maxLength: 12 }),
      (raw, asks) =>
        withStore(makeStore(raw), (db, reader) => {
          for (const [d, layers, places] of asks) {
            const plain = db.prepare(PLAIN_LATEST).all({
              date: d,
              layers: JSON.stringify(layers),
              places: places && JSON.stringify(places),
            });
            const got = reader.snapshots.latestAtJson(d, layers, places);
            assert.deepStrictEqual(JSON.parse(got.json), plain, `${d} ${layers} ${places}`);
            assert.equal(got.count, plain.length);
          }
        }),
    ),
    { numRuns: 80 },
  );
});

test('snapshot blocks: an answer kept while later answers are made (other dates, layers, places) still holds its own points', () => {
  fc.assert(
    fc.property(
      fc.array(pointArb, { minLength: 1, maxLength: 300 }),
      fc.array(ask, { minLength: 2, maxLength: 8 }),
      (raw, asks) =>
        withStore(makeStore(raw), (db, reader) => {
          const kept = asks.map(([d, layers, places]) => ({
            d,
            layers,
            places,
            bytes: Buffer.from(reader.snapshots.latestAtBytes(d, layers, places).bytes),
          }));
          const answers = asks.map(
            ([d, layers, places]) => reader.snapshots.latestAtBytes(d, layers, places).bytes,
          );
          for (const [k, { d, layers, places, bytes }] of kept.entries()) {
            assert.deepStrictEqual(answers[k], bytes, `${d} ${layers} ${places}`);
            const plain = db.prepare(PLAIN_LATEST).all({
              date: d,
              layers: JSON.stringify(layers),
              places: places && JSON.stringify(places),
            });
            assert.deepStrictEqual(
              JSON.parse(answers[k]!.toString('utf8')),
              plain,
              `${d} ${layers} ${places}`,
            );
          }
        }),
    ),
    { numRuns: 40 },
  );
});

test('snapshot blocks: on every change day and the day before it, the blocks equal the seek of the latest point per series (with and without places)', () => {
  fc.assert(
    fc.property(fc.array(pointArb, { minLength: 1, maxLength: 300 }), (raw) =>
      withStore(makeStore(raw), (db, reader) => {
        const metrics = JSON.stringify(METRICS.map((m) => m.id));
        const days = db
          .prepare('SELECT DISTINCT period_end FROM points ORDER BY 1')
          .pluck()
          .all() as string[];
        for (const d of days.flatMap((day) => [addDays(day, -1), day])) {
          const seek = db.prepare(SNAPSHOT.all).get({ date: d, metrics }) as {
            n: number;
            points: string;
          };
          const got = reader.snapshots.latestAtJson(d, LAYERS);
          assert.deepStrictEqual(JSON.parse(got.json), JSON.parse(seek.points), d);
          assert.equal(got.count, seek.n);
          const places = ['KZ', 'KZ-35'];
          const seekOf = db
            .prepare(SNAPSHOT.some)
            .get({ date: d, metrics, places: JSON.stringify(places) }) as {
            n: number;
            points: string;
          };
          assert.deepStrictEqual(
            JSON.parse(reader.snapshots.latestAtJson(d, LAYERS, places).json),
            JSON.parse(seekOf.points),
            `${d} ${places}`,
          );
        }
      }),
    ),
    { numRuns: 60 },
  );
});

test('snapshot blocks: a store written before the answer pieces were stored answers the same, from its tuples', () => {
  fc.assert(
    fc.property(fc.array(pointArb, { minLength: 1, maxLength: 200 }), (raw) =>
      withStore(makeStore(raw), (db) => {
        const days = db
          .prepare('SELECT DISTINCT period_end FROM points ORDER BY 1')
          .pluck()
          .all() as string[];
        const dates = days.flatMap((day) => [addDays(day, -1), day]);
        const answers = (blocks: SnapshotBlocks) =>
          dates.map((d) => ({
            json: blocks.latestAt(d, null, (n, json) => `${n} ${json.toString()}`),
            rows: blocks.latestRowsAt(d, null),
          }));
        const withPieces = answers(SnapshotBlocks.open(db)!);
        // the older form: each block's tuples as the JSON of their fields, and no pieces or ends
        const older = new Database(db.name);
        try {
          older.exec('ALTER TABLE snapshot_blocks ADD COLUMN tuples TEXT');
          const blocks = older.prepare('SELECT first_day, pieces FROM snapshot_blocks').all() as {
            first_day: string;
            pieces: Buffer;
          }[];
          for (const { first_day, pieces } of blocks) {
            const { bytes, headAt, tailAt } = readPieces(pieces).pieces;
            const tuples = Array.from({ length: headAt.length - 1 }, (_, t) => {
              const o = JSON.parse(
                `{${bytes.toString('utf8', headAt[t], headAt[t + 1])}0${bytes.toString('utf8', tailAt[t], tailAt[t + 1])}`,
              );
              return [
                o.period,
                o.period_start,
                o.period_end,
                o.null_reason,
                o.status,
                o.unit,
                o.source_id,
                o.note,
              ];
            });
            older
              .prepare('UPDATE snapshot_blocks SET tuples = ? WHERE first_day = ?')
              .run(JSON.stringify(tuples), first_day);
          }
          older.exec('ALTER TABLE snapshot_blocks DROP COLUMN pieces');
          older.exec('ALTER TABLE snapshot_blocks DROP COLUMN ends');
          assert.deepStrictEqual(answers(SnapshotBlocks.open(older)!), withPieces);
        } finally {
          older.close();
        }
      }),
    ),
    { numRuns: 30 },
  );
});

test('snapshot blocks: stored entries stay within points plus one base per block, and a block within its bound of entries', () => {
  fc.assert(
    fc.property(fc.array(pointArb, { maxLength: 400 }), (raw) =>
      withStore(makeStore(raw), (db) => {
        const blocks = db
          .prepare('SELECT * FROM snapshot_blocks ORDER BY first_day')
          .all() as Row<'snapshot_blocks'>[];
        const series = db.prepare('SELECT count(*) FROM point_series').pluck().get() as number;
        const points = db.prepare('SELECT count(*) FROM points').pluck().get() as number;
        const changes = blocks.reduce((n, b) => n + b.changes, 0);
        assert.ok(changes <= points, `${changes} changes for ${points} points`);
        for (const b of blocks) {
          assert.ok(
            b.base <= series &&
              b.changes >= 1 &&
              b.base + b.changes <= (CHANGES_PER_SERIES + 2) * series,
            JSON.stringify({ ...b, data: undefined }),
          );
        }
        // Every block but the last is full: the blocks are at most points / (CHANGES_PER_SERIES x series) + 1.
        for (const b of blocks.slice(0, -1)) assert.ok(b.changes >= CHANGES_PER_SERIES * series);
        if (points === 0) assert.equal(blocks.length, 0);
      }),
    ),
    { numRuns: 60 },
  );
});

test('snapshot values: written from their digits, as JSON text equal to the String of the double', () => {
  const written = (v: number) => {
    const w = new Uint8Array(32);
    return Buffer.from(w.subarray(0, writeValue(w, 0, v))).toString('latin1');
  };
  const decimal = fc
    .tuple(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), fc.integer({ min: 0, max: 6 }))
    .map(([k, d]) => k / 10 ** d);
  const edges = fc.constantFrom(
    0,
    -0,
    0.1,
    -0.05,
    0.001,
    0.0001,
    1e-7,
    0.30000000000000004,
    999999999999999,
    1e15,
    1e15 - 0.5,
    123456789012.345,
    1e21,
    5e-324,
    Infinity,
    -Infinity,
    NaN,
  );
  fc.assert(
    fc.property(fc.oneof(fc.double(), decimal, edges), (v) => {
      assert.equal(written(v), valueJson(v), String(v));
      if (Number.isFinite(v))
        assert.ok(Number(written(v)) === v, `${written(v)} reads back as ${v}`);
    }),
    { numRuns: 20000 },
  );
});

test('snapshot blocks: the decoded tuples kept for the next answers stay within their byte budget, and the answers stay the same', () => {
  // points on every day for every series: many blocks, each with tuples of its own
  const raw: RawPoint[] = [];
  for (let day = 0; day <= SPAN; day++)
    for (const m of METRICS)
      for (const place of PLACES)
        raw.push({
          metric: m.id,
          place,
          kind: 'day',
          day,
          value: day,
          unit: 'u1',
          status: 'final',
          note: null,
        });
  withStore(makeStore(raw), (db) => {
    const days = db
      .prepare('SELECT first_day FROM snapshot_blocks ORDER BY first_day')
      .pluck()
      .all() as string[];
    assert.ok(days.length >= 4, `${days.length} blocks`);
    const unbounded = SnapshotBlocks.open(db, Infinity)!;
    for (const day of days) unbounded.latestAt(day, null, () => 0);
    assert.equal(unbounded.decodedBytes, 0, 'a block asked for once is not kept');
    for (const day of days) unbounded.latestAt(day, null, () => 0);
    const perBlock = unbounded.decodedBytes / Math.min(days.length, 4);
    const budget = Math.ceil(perBlock * 1.5); // room for one block and a half
    const bounded = SnapshotBlocks.open(db, budget)!;
    for (const [k, day] of [...days, ...days.slice().reverse()].entries()) {
      const answer = bounded.latestAt(
        addDays(day, 1),
        null,
        (n, json) => `${n} ${json.toString()}`,
      );
      assert.equal(
        answer,
        unbounded.latestAt(addDays(day, 1), null, (n, json) => `${n} ${json.toString()}`),
        day,
      );
      // kept from a block's second answer on (the way back), always within the budget
      if (k >= days.length)
        assert.ok(bounded.decodedBytes > 0, `${day}: nothing kept on its second answer`);
      assert.ok(
        bounded.decodedBytes <= budget,
        `${bounded.decodedBytes} bytes kept, budget ${budget}`,
      );
    }
    // a block heavier than the whole budget is decoded for its answer and not kept
    const none = SnapshotBlocks.open(db, 1)!;
    none.latestAt(days[0]!, null, () => 0);
    none.latestAt(days[0]!, null, () => 0);
    assert.equal(none.decodedBytes, 0);
  });
});

test('snapshot over HTTP: the answer made in the coding asked for (br when acceptable, else gzip) decodes to the identity answer, and revalidates', async () => {
  const sealed = await sealFixture(undefined, { 'data/country-pulse.json': '{}' }, fixtureStore());
  const app = await buildApp({ releasesDir: sealed.releasesDir, pollMs: 60_000 });
  try {
    const queries = [
      '',
      '?date=2023-12-31',
      '?date=2024-06-30&layers=economy',
      '?date=2025-12-31&place=KZ-35,KZ',
      '?date=1999-01-01',
    ];
    for (const [i, query] of queries.entries()) {
      const url = `/api/timemachine/snapshot${query}`;
      // The answer cache keys on the URL and Accept, not Accept-Encoding: the answer is made (and kept
      // in br) by whichever coding is asked for first; both orders are tried. The plain answer, under
      // another Accept (another key), is made on the plain path.
      const ask = (coding: string, accept = '*/*') =>
        app.inject({ url, headers: { 'accept-encoding': coding, accept } });
      let br;
      let gz;
      if (i % 2 === 0) {
        br = await ask('gzip, deflate, br');
        gz = await ask('gzip');
      } else {
        gz = await ask('gzip');
        br = await ask('gzip, deflate, br');
      }
      const again = await app.inject({
        url,
        headers: {
          'accept-encoding': 'gzip, deflate, br',
          accept: '*/*',
          'if-none-match': String(br.headers.etag),
        },
      });
      const plain = await ask('identity', 'application/json');
      assert.equal(br.statusCode, 200, url);
      assert.equal(br.headers['content-encoding'], 'br', url);
      assert.equal(gz.headers['content-encoding'], 'gzip', url);
      assert.equal(plain.statusCode, 200, url);
      assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body, url);
      assert.equal(gunzipSync(gz.rawPayload).toString(), plain.body, url);
      assert.ok(
        (JSON.parse(plain.body) as { count: number }).count >= (query.includes('1999') ? 0 : 1),
        url,
      );
      assert.equal(again.statusCode, 304, url);
    }
    const names = await app.inject({
      url: '/api/timemachine/snapshot?date=2024-12-31&include=names',
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(names.statusCode, 200);
    assert.ok('names' in (JSON.parse(gunzipSync(names.rawPayload).toString()) as object));
  } finally {
    await app.close();
    await rm(sealed.releasesDir, { recursive: true, force: true });
  }
});

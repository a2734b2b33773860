// The snapshot blocks stored at build (src/store/snapshot-blocks.ts) give exactly what the plain
// query gives (a window over every point up to the date), over random stores (support/snapshot-fixture.ts):
// daily series with gaps, coarser periods ending the same day (ties), nulls, infinities and -0,
// several layers, place filters, dates before the first and after the last point, and stores cut
// into many blocks; a store in the older form (its tuples' JSON) answers the same. Bounds:
// snapshot-blocks-bounds.test.ts; the answer's text and codings: snapshot-answers.test.ts. Speed: bench/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { addDays } from '../src/store/periods.js';
import { SNAPSHOT } from '../src/store/snapshot-reader.js';
import { SnapshotBlocks } from '../src/store/snapshot-blocks.js';
import { readPieces, tupleOfPieces } from '../src/store/snapshot-blocks-json.js';
import { PLAIN_LATEST, withStore } from './support/temp-store.js';
import { ask, LAYERS, makeStore, METRICS, pointArb } from './support/snapshot-fixture.js';

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
            const read = readPieces(pieces).pieces;
            const tuples = Array.from({ length: read.headAt.length - 1 }, (_, t) =>
              tupleOfPieces(read, t),
            );
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

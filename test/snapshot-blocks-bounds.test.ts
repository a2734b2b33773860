// The snapshot blocks stay within their bounds: stored entries within the points plus one base per
// block, a block within its bound of entries read per answer, and the blocks' pieces kept for the
// next answers within their byte budget, the answers unchanged by what is kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { addDays } from '../src/store/periods.js';
import { CHANGES_PER_SERIES, SnapshotBlocks } from '../src/store/snapshot-blocks.js';
import type { Row } from '../src/store/tables.js';
import { withStore } from './support/temp-store.js';
import {
  makeStore,
  METRICS,
  PLACES,
  pointArb,
  SPAN,
  type RawPoint,
} from './support/snapshot-fixture.js';

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

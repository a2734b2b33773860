// A scaled synthetic store (bench/scale/ rows through the build's store writer) is the same bytes
// every time it is written from the same inputs (deterministic builds), whether its entity part is
// written on a thread of its own or on the writer's (the tests' small stores), and holds what was generated:
// every point, its rollups, every event, entity and search name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { writeStore } from '../src/publish/store/write.js';
import { scaledRows } from '../bench/scale/rows.js';
import { fixtureStore } from './support/fixture-release.js';
import { tempDir } from './support/temp-dir.js';

const OPTS = { points: 80_000, events: 500, entities: 800, dayStep: 3 };

test('a small scaled store is written byte for byte the same twice, its entity part on a thread or not, with every generated row', () => {
  const dir = tempDir('dala-scaled-');
  try {
    const hashes = [true, false].map((partThread, n) => {
      const path = join(dir, `store-${n + 1}.sqlite`);
      writeStore(path, scaledRows(fixtureStore(), OPTS), { partThread });
      return createHash('sha256').update(readFileSync(path)).digest('hex');
    });
    assert.equal(hashes[0], hashes[1]);

    const db = new Database(join(dir, 'store-1.sqlite'), { readonly: true });
    try {
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      const synthetic = count("SELECT count(*) n FROM points WHERE status = 'synthetic'");
      assert.equal(synthetic, OPTS.points);
      assert.equal(
        count("SELECT count(*) n FROM events WHERE review_status = 'synthetic'"),
        OPTS.events,
      );
      assert.equal(
        count("SELECT count(*) n FROM entities WHERE id LIKE 'synthetic:%'"),
        OPTS.entities,
      );
      assert.ok(
        count("SELECT count(*) n FROM search_names WHERE entity_id LIKE 'synthetic:%'") >=
          OPTS.entities * 3,
      );
      // a third of the points are breakdowns (a series key naming non-total codes), each series of a
      // dimensioned indicator named with its codes as the real build names them
      const broken = count(
        "SELECT count(*) n FROM points WHERE status = 'synthetic' AND metric LIKE '%;%'",
      );
      assert.ok(
        Math.abs(broken / synthetic - 1 / 3) < 0.01,
        `${broken} of ${synthetic} points are breakdowns`,
      );
      const dims = db
        .prepare(
          "SELECT series, dimensions FROM series_dimensions WHERE series LIKE 'syn_%' ORDER BY series",
        )
        .all() as { series: string; dimensions: string }[];
      assert.deepEqual(
        dims.find((d) => d.series === 'syn_m11;sex=F')?.dimensions,
        '{"area":"_T","sex":"F"}',
      );
      assert.deepEqual(
        dims.find((d) => d.series === 'syn_m12;sex=M;age=Y16T62')?.dimensions,
        '{"age":"Y16T62","sex":"M"}',
      );
      assert.equal(
        count(
          "SELECT count(*) n FROM series_dimensions s WHERE s.series LIKE 'syn_%' AND NOT EXISTS (SELECT 1 FROM point_series p WHERE p.metric = s.series)",
        ),
        0,
      );
      // every month bucket of a synthetic sum counts exactly the points of its month, or none when
      // one of them is unpublished (the bucket is then null: src/store/rollup.ts aggregated)
      const months = db
        .prepare(
          `SELECT r.period, r.from_periods, (SELECT count(*) FROM points p WHERE p.metric = r.metric AND p.place = r.place
          AND p.period_end BETWEEN r.period_start AND r.period_end) AS n,
          (SELECT count(*) FROM points p WHERE p.metric = r.metric AND p.place = r.place
          AND p.period_end BETWEEN r.period_start AND r.period_end AND p.value IS NULL) AS unpublished
        FROM rollups r WHERE r.metric = 'syn_m01' AND r.granularity = 'month' AND r.place = 'SYN-001'`,
        )
        .all() as { period: string; from_periods: string; n: number; unpublished: number }[];
      assert.ok(months.length > 100);
      assert.ok(
        months.some((m) => m.unpublished > 0),
        'a month with an unpublished value',
      );
      for (const m of months) {
        const days = [...m.from_periods.slice(2)].reduce(
          (s, h) => s + [...parseInt(h, 16).toString(2)].filter((b) => b === '1').length,
          0,
        );
        assert.equal(days, m.unpublished > 0 ? 0 : m.n, m.period);
      }
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

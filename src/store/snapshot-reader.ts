// The snapshot statements of a release's store: for each series of some layers (and places), the
// latest point at a date. Answered from the snapshot blocks stored at build, or, in a store written
// before they existed, by one statement (SNAPSHOT) seeking each series on the clustered points key.
import type { Database, Statement } from 'better-sqlite3';
import type { PointRow } from './rollup.js';
import { pointRow, SnapshotBlocks, type Tuple } from './snapshot-blocks.js';
import { ALL, json, placeForms, type MetricRow } from './reader-sql.js';

// Ties on period_end (a year and its Q4 both end 31 December) go to the shorter period (the later
// start), then to the period name. One statement for the whole snapshot: for each point_series key
// of the chosen layers (and places), one backward seek on the clustered key of points (the
// correlated subquery) and one equality seek for the row; CROSS JOIN keeps point_series as the outer
// loop (SQLite never reorders a CROSS JOIN), test/store-access-paths.test.ts checks the plan.
// SQLite writes the answer's JSON itself (3.43+ writes every REAL with enough digits to read back
// the same double), in (metric, place) order.
export const SNAPSHOT = placeForms(
  `
  SELECT count(*) AS n, json_group_array(json_object(
    'metric', p.metric, 'place', p.place, 'period', p.period, 'period_start', p.period_start, 'period_end', p.period_end,
    'value', p.value, 'null_reason', p.null_reason, 'status', p.status, 'unit', p.unit, 'source_id', p.source_id, 'note', p.note
  ) ORDER BY p.metric, p.place) AS points
  FROM point_series k CROSS JOIN points p
    ON p.metric = k.metric AND p.place = k.place AND (p.period_end, p.period_start, p.period) = (
      SELECT period_end, period_start, period FROM points q WHERE q.metric = k.metric AND q.place = k.place AND q.period_end <= @date
      ORDER BY period_end DESC, period_start DESC, period ASC LIMIT 1)
  WHERE k.metric IN (SELECT value FROM json_each(@metrics)) AND @PLACES`,
  'k.place',
);

export class SnapshotReader {
  private readonly snapshot: Statement;
  private readonly snapshotOf: Statement;
  /** The snapshot blocks stored at build; null in a store written before they existed (SNAPSHOT answers). */
  private readonly snapshots: SnapshotBlocks | null;

  constructor(
    db: Database,
    private readonly metrics: readonly MetricRow[],
  ) {
    this.snapshot = db.prepare(SNAPSHOT.all);
    this.snapshotOf = db.prepare(SNAPSHOT.some);
    this.snapshots = SnapshotBlocks.open(db);
  }

  /**
   * For each (metric of the layers, place) the latest point whose period ends on or before date, in
   * (metric, place) order, as the UTF-8 JSON of the array (the snapshot answer embeds it as is),
   * given to `use` with the count: the bytes are valid only during that call (they may lie in a
   * buffer the next snapshot reuses), so `use` copies what it keeps. `only`: just these series keys.
   */
  withLatestAt<T>(
    date: string,
    layers: readonly string[],
    places: readonly string[] | null,
    use: (count: number, json: Buffer) => T,
    only: ReadonlySet<string> | null = null,
  ): T {
    if (this.snapshots)
      return this.snapshots.latestAt(date, this.keep(this.snapshots, layers, places, only), use);
    const row = this.sqlSnapshot(date, layers, places, only);
    return use(row.n, Buffer.from(row.points));
  }

  /**
   * withLatestAt's points one by one (a CSV answer's), never made into JSON from the snapshot blocks:
   * each point's metric, place, the fields of its tuple (from the blocks, one array per tuple shared
   * by the points that share it) and its value (NaN: null), in (metric, place) order.
   */
  eachLatestAt(
    date: string,
    layers: readonly string[],
    places: readonly string[] | null,
    only: ReadonlySet<string> | null,
    visit: (metric: string, place: string, fields: Tuple, value: number) => void,
  ): void {
    const blocks = this.snapshots;
    if (blocks) {
      blocks.eachLatestAt(date, this.keep(blocks, layers, places, only), (s, fields, value) => {
        const { metric, place } = blocks.series[s]!;
        visit(metric, place, fields, value);
      });
      return;
    }
    for (const p of JSON.parse(this.sqlSnapshot(date, layers, places, only).points) as PointRow[])
      visit(
        p.metric,
        p.place,
        [
          p.period,
          p.period_start,
          p.period_end,
          p.null_reason,
          p.status,
          p.unit,
          p.source_id,
          p.note,
        ],
        p.value ?? NaN,
      );
  }

  /** eachLatestAt's points as rows. */
  latestRowsAt(
    date: string,
    layers: readonly string[],
    places: readonly string[] | null = ALL,
    only: ReadonlySet<string> | null = null,
  ): PointRow[] {
    const rows: PointRow[] = [];
    this.eachLatestAt(date, layers, places, only, (metric, place, fields, value) =>
      rows.push(pointRow(metric, place, fields, value)),
    );
    return rows;
  }

  /** The series of the blocks the answer shows (null: every one). */
  private keep(
    blocks: SnapshotBlocks,
    layers: readonly string[],
    places: readonly string[] | null,
    only: ReadonlySet<string> | null,
  ): Uint8Array | null {
    const metrics = this.metricsOf(layers, only);
    if (places === null && metrics.length === this.metrics.length) return null;
    const wanted = new Set(metrics);
    const inPlaces = places === null ? null : new Set(places);
    const keep = Uint8Array.from(blocks.series, (k) =>
      wanted.has(k.metric) && (inPlaces === null || inPlaces.has(k.place)) ? 1 : 0,
    );
    return keep.includes(0) ? keep : null;
  }

  private metricsOf(layers: readonly string[], only: ReadonlySet<string> | null): string[] {
    return this.metrics
      .filter((m) => layers.includes(m.layer) && (only === null || only.has(m.id)))
      .map((m) => m.id);
  }

  private sqlSnapshot(
    date: string,
    layers: readonly string[],
    places: readonly string[] | null,
    only: ReadonlySet<string> | null,
  ): { n: number; points: string } {
    const stmt = places === null ? this.snapshot : this.snapshotOf;
    return stmt.get({
      date,
      metrics: JSON.stringify(this.metricsOf(layers, only)),
      ...(places === null ? {} : { places: json(places) }),
    }) as { n: number; points: string };
  }

  /** withLatestAt's count and bytes, the bytes copied (the caller's to keep). */
  latestAtBytes(
    date: string,
    layers: readonly string[],
    places: readonly string[] | null = ALL,
  ): { count: number; bytes: Buffer } {
    return this.withLatestAt(date, layers, places, (count, json) => ({
      count,
      bytes: Buffer.from(json),
    }));
  }

  /** latestAtBytes as the JSON text. */
  latestAtJson(
    date: string,
    layers: readonly string[],
    places: readonly string[] | null = ALL,
  ): { count: number; json: string } {
    const { count, bytes } = this.latestAtBytes(date, layers, places);
    return { count, json: bytes.toString('utf8') };
  }

  /** latestAtJson as rows (the JSON parsed: latestRowsAt makes them without it). */
  latestAt(
    date: string,
    layers: readonly string[],
    places: readonly string[] | null = ALL,
  ): PointRow[] {
    return JSON.parse(this.latestAtJson(date, layers, places).json) as PointRow[];
  }
}

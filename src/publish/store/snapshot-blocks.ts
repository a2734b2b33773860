// Writes the snapshot blocks (format and reading: ./snapshot-blocks.ts) while the points stream into
// the store: each (metric, place) group, in the clustered key order of points, leaves its winning
// points as (tuple, value) in typed arrays (12 bytes a point); at the end one sweep over the change
// days in order cuts the blocks.
import { deflateRawSync } from 'node:zlib';
import type { Database } from 'better-sqlite3';
import type { PointRow } from '../../store/rollup.js';
import {
  CHANGES_PER_SERIES,
  PERIOD_END,
  encodeEntries,
  type Tuple,
} from '../../store/snapshot-blocks.js';
import { storedPieces } from '../../store/snapshot-blocks-json.js';

// SQLite stores text as UTF-8, where a lone surrogate becomes U+FFFD: the tuple keeps what the store reads back.
const stored = (s: string) =>
  /[\uD800-\uDFFF]/.test(s) ? Buffer.from(s, 'utf8').toString('utf8') : s;
const storedOrNull = (s: string | null) => (s === null ? null : stored(s));
const seriesKey = (metric: string, place: string) => `${stored(metric)}\u0000${stored(place)}`;

function tupleOf(p: PointRow): Tuple {
  return [
    stored(p.period),
    stored(p.period_start),
    stored(p.period_end),
    storedOrNull(p.null_reason),
    stored(p.status),
    stored(p.unit),
    stored(p.source_id),
    storedOrNull(p.note),
  ];
}

// Deflate's fastest level: the value planes are most of the bytes and barely compress further at
// higher levels, which cost several times the CPU at build.
const LEVEL = 1;

export class SnapshotBlocksWriter {
  /** Tuple ids by period_end, checked field by field: a day has a few (units, nulls) in a scaled store. */
  private readonly byEnd = new Map<string, number[]>();
  /** Tuples by their exact key (JSON), when a day has many or a field is not as SQLite stores it. */
  private readonly exactIds = new Map<string, number>();
  private readonly tuples: Tuple[] = [];
  private readonly groups = new Map<string, { tuples: Uint32Array; values: Float64Array }>();

  private tupleId(p: PointRow): number {
    let same = this.byEnd.get(p.period_end);
    if (same === undefined) this.byEnd.set(p.period_end, (same = []));
    for (const id of same) {
      const t = this.tuples[id]!;
      if (
        t[0] === p.period &&
        t[1] === p.period_start &&
        t[3] === p.null_reason &&
        t[4] === p.status &&
        t[5] === p.unit &&
        t[6] === p.source_id &&
        t[7] === p.note &&
        t[2] === p.period_end
      )
        return id;
    }
    const tuple = tupleOf(p);
    const exact = JSON.stringify(tuple);
    let id = this.exactIds.get(exact);
    if (id === undefined) {
      id = this.tuples.length;
      this.tuples.push(tuple);
      this.exactIds.set(exact, id);
      if (same.length < 16) same.push(id);
    }
    return id;
  }

  /** One (metric, place) group's points, in the clustered key order of points. */
  add(group: readonly PointRow[]): void {
    const n = group.length;
    if (n === 0) return;
    const tuples = new Uint32Array(n);
    const values = new Float64Array(n);
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const p = group[i]!;
      // Of the points ending the same day the snapshot shows the last in key order (the shorter
      // period, then the first period name): see the points table in ./tables.ts.
      if (i + 1 < n && group[i + 1]!.period_end === p.period_end) continue;
      tuples[kept] = this.tupleId(p);
      // -0 is read back as 0 (SQLite stores an integral REAL as an integer).
      values[kept] = p.value === null ? NaN : p.value + 0;
      kept++;
    }
    this.groups.set(seriesKey(group[0]!.metric, group[0]!.place), {
      tuples: tuples.slice(0, kept),
      values: values.slice(0, kept),
    });
  }

  /** Writes the blocks; point_series must be written (its order numbers the series). */
  write(db: Database): void {
    const keys = db
      .prepare('SELECT metric, place FROM point_series ORDER BY metric, place')
      .all() as { metric: string; place: string }[];
    const series = keys.map((k) => {
      const g = this.groups.get(seriesKey(k.metric, k.place));
      if (!g)
        throw new Error(
          `snapshot blocks: series ${k.metric} / ${k.place} of point_series was never added`,
        );
      return g;
    });
    if (series.length !== this.groups.size)
      throw new Error(
        `snapshot blocks: ${this.groups.size} series added, ${series.length} in point_series`,
      );
    const days = [...new Set(this.tuples.map((t) => t[PERIOD_END]))].sort();
    const dayRank = new Map(days.map((d, i) => [d, i]));
    const dayOf = Uint32Array.from(this.tuples, (t) => dayRank.get(t[PERIOD_END])!);
    const n = series.length;

    // Series waiting for their next change, listed per day (a linked list through nextInList).
    const firstInDay = new Int32Array(days.length).fill(-1);
    const nextInList = new Int32Array(n).fill(-1);
    const cursor = new Uint32Array(n);
    const wait = (s: number) => {
      const d = dayOf[series[s]!.tuples[cursor[s]!]!]!;
      nextInList[s] = firstInDay[d]!;
      firstInDay[d] = s;
    };
    for (let s = 0; s < n; s++) if (series[s]!.tuples.length > 0) wait(s);

    const stateTuple = new Int32Array(n).fill(-1);
    const stateValue = new Float64Array(n);
    const cap = (CHANGES_PER_SERIES + 2) * n;
    const eSeries = new Uint32Array(cap);
    const eTuple = new Uint32Array(cap);
    const eValue = new Float64Array(cap);
    const local = new Int32Array(this.tuples.length).fill(-1);
    let blockTuples: number[] = [];
    let firstDay: string | null = null;
    let base = 0;
    let size = 0;
    const insert = db.prepare(
      'INSERT INTO snapshot_blocks(first_day, base, changes, ends, pieces, data) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const entry = (s: number, t: number, v: number) => {
      if (local[t] === -1) {
        local[t] = blockTuples.length;
        blockTuples.push(t);
      }
      eSeries[size] = s;
      eTuple[size] = local[t]!;
      eValue[size] = v;
      size++;
    };
    const close = () => {
      const data = deflateRawSync(
        encodeEntries(
          eSeries.subarray(0, size),
          eTuple.subarray(0, size),
          eValue.subarray(0, size),
        ),
        { level: LEVEL },
      );
      const { pieces, ends } = storedPieces(blockTuples.map((t) => this.tuples[t]!));
      insert.run(firstDay, base, size - base, JSON.stringify(ends), pieces, data);
      for (const t of blockTuples) local[t] = -1;
      blockTuples = [];
      firstDay = null;
      size = 0;
    };

    const list = new Uint32Array(n);
    for (let d = 0; d < days.length; d++) {
      let count = 0;
      for (let s = firstInDay[d]!; s !== -1; s = nextInList[s]!) list[count++] = s;
      if (count === 0) continue;
      const today = list.subarray(0, count).sort();
      if (firstDay === null) {
        firstDay = days[d]!;
        for (let s = 0; s < n; s++)
          if (stateTuple[s]! >= 0) entry(s, stateTuple[s]!, stateValue[s]!);
        base = size;
      }
      for (const s of today) {
        const g = series[s]!;
        const i = cursor[s]!++;
        stateTuple[s] = g.tuples[i]!;
        stateValue[s] = g.values[i]!;
        entry(s, g.tuples[i]!, g.values[i]!);
        if (cursor[s]! < g.tuples.length) wait(s);
      }
      if (size - base >= CHANGES_PER_SERIES * n) close();
    }
    if (firstDay !== null) close();
  }
}

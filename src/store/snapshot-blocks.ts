// The snapshot access path stored at build: the answer of "the latest point per (metric, place)
// whose period ends on or before a date" read from one row, without a seek per series.
//
// The change days (every distinct period_end) are cut into blocks. A block's row holds the whole
// snapshot just before its first day (the base: one entry per series that has a point by then) and
// every change inside the block (for each day, each series with a point ending that day: its
// winning point). The snapshot at a date is the base of the last block starting on or before it,
// with the block's changes up to the date applied in order. A block closes once it holds
// CHANGES_PER_SERIES x (number of series) changes, so the stored entries stay within
// (1 + 1 / CHANGES_PER_SERIES) x points + series, and one answer decodes at most about
// (2 + CHANGES_PER_SERIES) x series entries, whatever the number of points.
//
// An entry is (series, tuple, value): series indexes point_series in (metric, place) order, tuple
// indexes the block's list of the point's other fields, [period, period_start, period_end,
// null_reason, status, unit, source_id, note]. Entries are three columns, deflated together:
// series as wrapping uint32 differences (runs of 1), tuple as uint32, value as the 8 bytes of a
// float64 split into 8 byte planes (exponent bytes repeat), all little-endian. NaN stands for null.
import { endianness } from 'node:os';
import { inflateRawSync } from 'node:zlib';
import type { Database, Statement } from 'better-sqlite3';
import type { Row } from './tables.js';

/** Changes a block holds (times the number of series) before the next block starts. */
export const CHANGES_PER_SERIES = 3;

/** The point fields an entry's tuple stands for, in this order. */
export type Tuple = [period: string, period_start: string, period_end: string, null_reason: string | null, status: string, unit: string, source_id: string, note: string | null];
export const PERIOD_END = 2;

// Typed arrays are in the platform's byte order; the stored bytes are little-endian.
if (endianness() !== 'LE') throw new Error('snapshot blocks are stored little-endian: this platform is big-endian');

/** The three entry columns as the bytes deflated into a block's data. */
export function encodeEntries(series: Uint32Array, tuples: Uint32Array, values: Float64Array): Buffer {
  const n = series.length;
  const out = Buffer.alloc(n * 16);
  const deltas = new Uint32Array(out.buffer, out.byteOffset, n);
  let previous = 0;
  for (let i = 0; i < n; i++) {
    deltas[i] = (series[i]! - previous) >>> 0;
    previous = series[i]!;
  }
  out.set(new Uint8Array(tuples.buffer, tuples.byteOffset, n * 4), n * 4);
  const bytes = new Uint8Array(values.buffer, values.byteOffset, n * 8);
  const planes = n * 8;
  for (let b = 0; b < 8; b++) for (let i = 0; i < n; i++) out[planes + b * n + i] = bytes[i * 8 + b]!;
  return out;
}

export function decodeEntries(raw: Buffer, n: number): { series: Uint32Array; tuples: Uint32Array; values: Float64Array } {
  if (raw.length !== n * 16) throw new Error(`snapshot block: ${raw.length} bytes for ${n} entries`);
  const series = new Uint32Array(n);
  series.set(new Uint32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + n * 4)));
  let s = 0;
  for (let i = 0; i < n; i++) series[i] = s = (s + series[i]!) >>> 0;
  const tuples = new Uint32Array(raw.buffer.slice(raw.byteOffset + n * 4, raw.byteOffset + n * 8));
  const values = new Float64Array(n);
  const bytes = new Uint8Array(values.buffer);
  const planes = n * 8;
  for (let b = 0; b < 8; b++) for (let i = 0; i < n; i++) bytes[i * 8 + b] = raw[planes + b * n + i]!;
  return { series, tuples, values };
}

const quote = (s: string | null) => (s === null ? 'null' : JSON.stringify(s));

// The value as JSON: SQLite's JSON writes an infinite REAL as 9.0e+999 (JSON has no infinity).
function valueJson(v: number): string {
  if (Number.isNaN(v)) return 'null';
  if (v === Infinity) return '9.0e+999';
  if (v === -Infinity) return '-9.0e+999';
  return String(v);
}

/** The stored snapshot blocks of a store, read by date: the reader's snapshot path. */
export class SnapshotBlocks {
  private readonly block: Statement;
  /** Per series (point_series in (metric, place) order): its metric, place and the JSON before its point's other fields. */
  readonly series: readonly { metric: string; place: string; head: string }[];

  /** Null when the store was written before snapshot blocks existed. */
  static open(db: Database): SnapshotBlocks | null {
    const has = db.prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'snapshot_blocks'`).pluck().get();
    return has ? new SnapshotBlocks(db) : null;
  }

  private constructor(db: Database) {
    this.block = db.prepare('SELECT * FROM snapshot_blocks WHERE first_day <= ? ORDER BY first_day DESC LIMIT 1');
    const keys = db.prepare('SELECT metric, place FROM point_series ORDER BY metric, place').all() as { metric: string; place: string }[];
    this.series = keys.map(({ metric, place }) => ({ metric, place, head: `{"metric":${quote(metric)},"place":${quote(place)},` }));
  }

  /**
   * The latest point per (metric, place) with period_end <= date, for the series `keep` selects
   * (by index into this.series), in (metric, place) order, as the JSON text of the array.
   */
  latestAtJson(date: string, keep: Uint8Array | null): { count: number; json: string } {
    const row = this.block.get(date) as Row<'snapshot_blocks'> | undefined;
    if (!row) return { count: 0, json: '[]' };
    const tuples = JSON.parse(row.tuples) as Tuple[];
    const { series, tuples: tupleOf, values } = decodeEntries(inflateRawSync(row.data), row.base + row.changes);
    // The snapshot at the date: -1 where a series has no point yet, else the entry it shows.
    const at = new Int32Array(this.series.length).fill(-1);
    for (let i = 0; i < row.base; i++) at[series[i]!] = i;
    for (let i = row.base; i < series.length && tuples[tupleOf[i]!]![PERIOD_END] <= date; i++) at[series[i]!] = i;
    const heads = tuples.map(([period, start, end]) => `"period":${quote(period)},"period_start":${quote(start)},"period_end":${quote(end)},"value":`);
    const tails = tuples.map(([, , , nullReason, status, unit, source, note]) =>
      `,"null_reason":${quote(nullReason)},"status":${quote(status)},"unit":${quote(unit)},"source_id":${quote(source)},"note":${quote(note)}}`);
    let json = '[';
    let count = 0;
    for (let s = 0; s < at.length; s++) {
      const i = at[s]!;
      if (i < 0 || (keep !== null && keep[s] === 0)) continue;
      const t = tupleOf[i]!;
      json += (count++ === 0 ? '' : ',') + this.series[s]!.head + heads[t] + valueJson(values[i]!) + tails[t];
    }
    return { count, json: `${json}]` };
  }
}

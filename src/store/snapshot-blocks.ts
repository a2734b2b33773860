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
import type { PointRow } from './rollup.js';
import {
  readPieces,
  SnapshotJsonWriter,
  storedPieces,
  tupleOfPieces,
  type Tuple,
  type TuplePieces,
} from './snapshot-blocks-json.js';

/** Changes a block holds (times the number of series) before the next block starts. */
export const CHANGES_PER_SERIES = 3;

export { PERIOD_END, type Tuple } from './snapshot-blocks-json.js';

// Typed arrays are in the platform's byte order; the stored bytes are little-endian.
if (endianness() !== 'LE')
  throw new Error('snapshot blocks are stored little-endian: this platform is big-endian');

/** The three entry columns as the bytes deflated into a block's data. */
export function encodeEntries(
  series: Uint32Array,
  tuples: Uint32Array,
  values: Float64Array,
): Buffer {
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
  for (let b = 0; b < 8; b++)
    for (let i = 0; i < n; i++) out[planes + b * n + i] = bytes[i * 8 + b]!;
  return out;
}

// A block's tuples as answer pieces are kept for the next answer from the same block. Kept for a few
// blocks within a byte budget (outside the answer cache's, so that the memory a process holds stays
// the sum of known bounds): the real release's blocks hold 1.7-3.2 MB of pieces each, most of it the
// notes of its points. A block whose pieces alone pass the budget is read for each answer and not kept.
// A block is kept only from its second answer among the last SEEN_BLOCKS blocks asked for: at 30M
// points (1,218 blocks) snapshots at random dates rarely meet a kept block, and keeping each block
// moved megabytes per answer into the old generation, whose collections (a full mark every 10 answers
// or so, pauses of 3-18 ms) made the tail of the answers' latency. Read and let go, the pieces die
// young, where collecting them costs little.
const DECODED_BLOCKS = 4;
const SEEN_BLOCKS = 64;
const DECODED_BYTES = 8 * 2 ** 20;

/** What an answer needs of a block's tuples: their pieces, each one's period end, and their fields. */
interface DecodedTuples {
  pieces: TuplePieces;
  /** Tuple t ends on ends[end[t]]. */
  end: Uint32Array;
  ends: string[];
  /** Tuple t's fields (a CSV answer's rows). */
  fields(t: number): Tuple;
  bytes: number;
}

// A period end ('YYYY-MM-DD') held as a V8 string: its header and characters, and the array's slot.
const END_BYTES = 40;

/** A block's pieces and the period ends they index; a tuple's fields read back from its pieces. */
function decoded(blob: Buffer, ends: string[]): DecodedTuples {
  const { pieces, end } = readPieces(blob);
  return {
    pieces,
    end,
    ends,
    fields: (t) => tupleOfPieces(pieces, t),
    bytes: blob.length + ends.length * END_BYTES,
  };
}

/** The pieces made from the tuples' JSON: a store written before the pieces were stored. */
function fromTuples(text: string): DecodedTuples {
  const tuples = JSON.parse(text) as Tuple[];
  const { pieces, ends } = storedPieces(tuples);
  return { ...decoded(pieces, ends), fields: (t) => tuples[t]! };
}

/** A point as a row, in the keys' order of the JSON answer (./snapshot-blocks-json.ts); NaN stands for null. */
export function pointRow(metric: string, place: string, fields: Tuple, value: number): PointRow {
  const [period, period_start, period_end, null_reason, status, unit, source_id, note] = fields;
  return {
    metric,
    place,
    period,
    period_start,
    period_end,
    value: Number.isNaN(value) ? null : value,
    null_reason,
    status,
    unit,
    source_id,
    note,
  };
}

/** A block's row but its tuples. */
type Block = Pick<Row<'snapshot_blocks'>, 'first_day' | 'base' | 'changes' | 'data'>;

/** The stored snapshot blocks of a store, read by date: the reader's snapshot path. */
export class SnapshotBlocks {
  private readonly block: Statement;
  /** A block's pieces and ends; in a store written before they were stored, its tuples' JSON. */
  private readonly blockTuples: Statement;
  private readonly hasPieces: boolean;
  /** Per series (point_series in (metric, place) order): its metric and place. */
  readonly series: readonly { metric: string; place: string }[];
  private readonly json: SnapshotJsonWriter;
  /** Per series, the entry of the block it shows at the date (-1: none yet); reused by every answer. */
  private readonly at: Int32Array;
  /** An entry's value: its 8 bytes gathered from the byte planes. */
  private readonly value = new Float64Array(1);
  private readonly valueBytes = new Uint8Array(this.value.buffer);
  /** Decoded tuples of the blocks answered last, by first day, least recently used first. */
  private readonly decoded = new Map<string, DecodedTuples>();
  private readonly seen = new Set<string>(); // first days of the blocks last asked for, oldest first

  /** Null when the store was written before snapshot blocks existed. `decodedBudget`: bytes of decoded tuples kept. */
  static open(db: Database, decodedBudget = DECODED_BYTES): SnapshotBlocks | null {
    const has = db
      .prepare(
        `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'snapshot_blocks'`,
      )
      .pluck()
      .get();
    return has ? new SnapshotBlocks(db, decodedBudget) : null;
  }

  private constructor(
    db: Database,
    private readonly decodedBudget: number,
  ) {
    // a block's tuples (hundreds of kilobytes of text) are read only when not kept decoded: made
    // into a JS string on every answer, they cost most of it
    this.block = db.prepare(
      'SELECT first_day, base, changes, data FROM snapshot_blocks WHERE first_day <= ? ORDER BY first_day DESC LIMIT 1',
    );
    const hasPieces = db
      .prepare(`SELECT count(*) FROM pragma_table_info('snapshot_blocks') WHERE name = 'pieces'`)
      .pluck()
      .get();
    this.blockTuples = hasPieces
      ? db.prepare('SELECT pieces, ends FROM snapshot_blocks WHERE first_day = ?')
      : db.prepare('SELECT tuples FROM snapshot_blocks WHERE first_day = ?').pluck();
    this.hasPieces = hasPieces === 1;
    this.series = db
      .prepare('SELECT metric, place FROM point_series ORDER BY metric, place')
      .all() as { metric: string; place: string }[];
    this.json = new SnapshotJsonWriter(this.series);
    this.at = new Int32Array(this.series.length);
  }

  /**
   * The latest point per (metric, place) with period_end <= date, for the series `keep` selects
   * (by index into this.series; null: every series), in (metric, place) order, as the UTF-8 JSON of
   * the array, given to `use` (the bytes are valid only during that call: they lie in a buffer the
   * next answer reuses). Read from the block's columns as inflated: the series and tuple columns up
   * to the date, and of the value planes only the bytes of the entries shown.
   */
  latestAt<T>(date: string, keep: Uint8Array | null, use: (count: number, json: Buffer) => T): T {
    const shown = this.shownAt(date);
    if (!shown) return use(0, Buffer.from('[]'));
    return this.json.write(
      shown.entry,
      keep,
      shown.decoded.pieces,
      shown.tupleOf,
      shown.valueOf,
      use,
    );
  }

  /**
   * latestAt's points one by one, for an answer that is not JSON (a CSV answer writes them): its
   * series (index into this.series), its tuple's fields (one array per tuple, shared by the points
   * that share the tuple, so a writer may keep what it made of them) and its value (NaN: null), in
   * (metric, place) order. Made from the block's tuples, never from the JSON parsed back (which took
   * longer than the answer).
   */
  eachLatestAt(
    date: string,
    keep: Uint8Array | null,
    visit: (series: number, fields: Tuple, value: number) => void,
  ): void {
    const shown = this.shownAt(date);
    if (!shown) return;
    const { entry, tupleOf, valueOf } = shown;
    const fields = new Map<number, Tuple>();
    for (let s = 0; s < entry.length; s++) {
      const e = entry[s]!;
      if (e < 0 || (keep !== null && keep[s] === 0)) continue;
      const t = tupleOf[e]!;
      let f = fields.get(t);
      if (f === undefined) fields.set(t, (f = shown.decoded.fields(t)));
      visit(s, f, valueOf(e));
    }
  }

  /** latestAt's points as rows. */
  latestRowsAt(date: string, keep: Uint8Array | null): PointRow[] {
    const rows: PointRow[] = [];
    this.eachLatestAt(date, keep, (s, f, value) => {
      const { metric, place } = this.series[s]!;
      rows.push(pointRow(metric, place, f, value));
    });
    return rows;
  }

  /**
   * Per series, the entry of the block it shows at the date (-1: none), in a buffer the next call
   * reuses; each entry's tuple and value; the block's decoded tuples. Null before the first block.
   * Read from the block's columns as inflated: the series and tuple columns up to the date, and of
   * the value planes only the bytes of the entries shown.
   */
  private shownAt(date: string): {
    entry: Int32Array;
    tupleOf: Uint32Array;
    valueOf: (e: number) => number;
    decoded: DecodedTuples;
  } | null {
    const row = this.block.get(date) as Block | undefined;
    if (!row) return null;
    const n = row.base + row.changes;
    // One output buffer with room to spare (zlib asks for more room when the output fills it exactly).
    const inflated = inflateRawSync(row.data, { chunkSize: n * 16 + 64 });
    if (inflated.length !== n * 16)
      throw new Error(`snapshot block ${row.first_day}: ${inflated.length} bytes for ${n} entries`);
    // Typed-array views need 4-byte alignment; an inflated buffer normally starts its own allocation.
    const raw = inflated.byteOffset % 4 === 0 ? inflated : Buffer.from(inflated);
    const deltas = new Uint32Array(raw.buffer, raw.byteOffset, n);
    const tupleOf = new Uint32Array(raw.buffer, raw.byteOffset + n * 4, n);
    const decoded = this.tuplesOf(row);
    const laterEnd = decoded.ends.map((end) => end > date);
    const end = decoded.end;
    const at = this.at.fill(-1);
    let s = 0;
    let i = 0;
    for (; i < row.base; i++) at[(s = (s + deltas[i]!) >>> 0)] = i;
    // The changes come day by day: the first one after the date ends the snapshot.
    for (; i < n; i++) {
      s = (s + deltas[i]!) >>> 0;
      if (laterEnd[end[tupleOf[i]!]!]) break;
      at[s] = i;
    }
    const planes = raw.byteOffset + n * 8;
    const bytes = new Uint8Array(raw.buffer);
    const v = this.valueBytes;
    const valueOf = (e: number) => {
      for (let b = 0; b < 8; b++) v[b] = bytes[planes + b * n + e]!;
      return this.value[0]!;
    };
    return { entry: at, tupleOf, valueOf, decoded };
  }

  /** Whether the block was asked for among the last SEEN_BLOCKS; notes it as asked for now. */
  private seenBefore(day: string): boolean {
    const seen = this.seen.delete(day);
    this.seen.add(day);
    if (this.seen.size > SEEN_BLOCKS) this.seen.delete(this.seen.values().next().value!);
    return seen;
  }

  /** Bytes the kept decoded tuples hold (at most the budget). */
  get decodedBytes(): number {
    let bytes = 0;
    for (const d of this.decoded.values()) bytes += d.bytes;
    return bytes;
  }

  private tuplesOf(row: Block): DecodedTuples {
    const kept = this.decoded.get(row.first_day);
    if (kept) {
      this.decoded.delete(row.first_day);
      this.decoded.set(row.first_day, kept);
      return kept;
    }
    const read = this.blockTuples.get(row.first_day);
    const fresh = this.hasPieces
      ? decoded(
          (read as { pieces: Buffer }).pieces,
          JSON.parse((read as { ends: string }).ends) as string[],
        )
      : fromTuples(read as string);
    if (fresh.bytes > this.decodedBudget || !this.seenBefore(row.first_day)) return fresh;
    this.decoded.set(row.first_day, fresh);
    // least recently used first, until both bounds hold
    let bytes = this.decodedBytes;
    for (const [day, d] of this.decoded) {
      if (this.decoded.size <= DECODED_BLOCKS && bytes <= this.decodedBudget) break;
      this.decoded.delete(day);
      bytes -= d.bytes;
    }
    return fresh;
  }
}

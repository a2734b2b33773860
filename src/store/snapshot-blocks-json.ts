// The snapshot answer's JSON array written as UTF-8 bytes from pieces encoded once: per series the
// head of its entry (metric and place), per tuple of a block the point's fields before and after the
// value, and the value. Each piece is copied by copyWithin inside one work buffer that holds the
// pieces and the answer, so an entry costs three memory moves and no object: the string of an answer
// built by concatenation (thousands of short strings per answer, flattened and encoded to UTF-8
// again) cost several times more, most of it in allocations the garbage collector then paused for.

/** The point fields an entry's tuple stands for (./snapshot-blocks.ts), in the order the answer writes them. */
export type Tuple = [period: string, period_start: string, period_end: string, null_reason: string | null, status: string, unit: string, source_id: string, note: string | null];
export const PERIOD_END = 2;

const quote = (s: string | null) => (s === null ? 'null' : JSON.stringify(s));

// The value as JSON: SQLite's JSON writes an infinite REAL as 9.0e+999 (JSON has no infinity).
function valueJson(v: number): string {
  if (Number.isNaN(v)) return 'null';
  if (v === Infinity) return '9.0e+999';
  if (v === -Infinity) return '-9.0e+999';
  return String(v);
}

// The longest text valueJson writes: a sign, 17 digits, a point and an exponent (-1.2345678901234567e-308).
const VALUE_BYTES = 25;
const COMMA = 0x2c;

/** A block's tuples as the pieces of JSON around each value: tuple t's head is bytes[headAt[t], headAt[t + 1]), its tail likewise. */
export interface TuplePieces { bytes: Buffer; headAt: Uint32Array; tailAt: Uint32Array }

/** Writes the texts one after another as UTF-8 from byte `from` of `out`; text k is [at[k], at[k + 1]). */
function pool(texts: readonly string[], out: Buffer[], from: number): Uint32Array {
  const at = new Uint32Array(texts.length + 1);
  let o = from;
  for (let k = 0; k < texts.length; k++) {
    const bytes = Buffer.from(texts[k]!, 'utf8');
    out.push(bytes);
    at[k] = o;
    o += bytes.length;
  }
  at[texts.length] = o;
  return at;
}

/** The pieces of a block's tuples (encoded once per block: the reader keeps them). */
export function tuplePieces(tuples: readonly Tuple[]): TuplePieces {
  const out: Buffer[] = [];
  const headAt = pool(tuples.map(([period, start, end]) => `"period":${quote(period)},"period_start":${quote(start)},"period_end":${quote(end)},"value":`), out, 0);
  const tailAt = pool(tuples.map(([, , , nullReason, status, unit, source, note]) =>
    `,"null_reason":${quote(nullReason)},"status":${quote(status)},"unit":${quote(unit)},"source_id":${quote(source)},"note":${quote(note)}}`), out, headAt[tuples.length]!);
  return { bytes: Buffer.concat(out), headAt, tailAt };
}

export class SnapshotJsonWriter {
  /** [series heads | the block's tuple heads | its tuple tails | the answer]; reused by every answer. */
  private work: Uint8Array;
  /** Series s's head is work[seriesAt[s], seriesAt[s + 1]). */
  private readonly seriesAt: Uint32Array;
  private readonly seriesEnd: number;

  constructor(series: readonly { metric: string; place: string }[]) {
    const heads = series.map(({ metric, place }) => Buffer.from(`{"metric":${quote(metric)},"place":${quote(place)},`, 'utf8'));
    this.seriesAt = new Uint32Array(heads.length + 1);
    for (let s = 0; s < heads.length; s++) this.seriesAt[s + 1] = this.seriesAt[s]! + heads[s]!.length;
    this.seriesEnd = this.seriesAt[heads.length]!;
    this.work = new Uint8Array(this.seriesEnd * 8 + 4096);
    for (let s = 0; s < heads.length; s++) this.work.set(heads[s]!, this.seriesAt[s]!);
  }

  /** Room for `bytes` more after `used`, keeping what is written so far. */
  private reserve(used: number, bytes: number): Uint8Array {
    if (used + bytes > this.work.length) {
      const grown = new Uint8Array(Math.max(used + bytes, this.work.length * 2));
      grown.set(this.work.subarray(0, used));
      this.work = grown;
    }
    return this.work;
  }

  /**
   * The JSON array of the entries shown: for each series s in order with entry[s] >= 0 (and
   * keep[s] === 1 when keep is given), its point of tuple tupleOf[entry[s]] and value valueOf(entry[s]).
   * `use` gets the count and the bytes, which lie in the reused buffer: valid only during the call.
   */
  write<T>(entry: Int32Array, keep: Uint8Array | null, pieces: TuplePieces, tupleOf: Uint32Array, valueOf: (e: number) => number, use: (count: number, json: Buffer) => T): T {
    // the block's pieces go after the series heads, so that every piece is copied within one buffer
    this.reserve(this.seriesEnd, pieces.bytes.length).set(pieces.bytes, this.seriesEnd);
    const headAt = pieces.headAt.map((a) => a + this.seriesEnd);
    const tailAt = pieces.tailAt.map((a) => a + this.seriesEnd);
    const answerAt = tailAt[tailAt.length - 1]!;
    const seriesAt = this.seriesAt;
    let bound = 2;
    for (let s = 0; s < entry.length; s++) {
      const e = entry[s]!;
      if (e < 0 || (keep !== null && keep[s] === 0)) continue;
      const t = tupleOf[e]!;
      bound += 1 + seriesAt[s + 1]! - seriesAt[s]! + headAt[t + 1]! - headAt[t]! + VALUE_BYTES + tailAt[t + 1]! - tailAt[t]!;
    }
    const w = this.reserve(answerAt, bound);
    let o = answerAt;
    w[o++] = 0x5b; // [
    let count = 0;
    for (let s = 0; s < entry.length; s++) {
      const e = entry[s]!;
      if (e < 0 || (keep !== null && keep[s] === 0)) continue;
      if (count++ > 0) w[o++] = COMMA;
      const t = tupleOf[e]!;
      w.copyWithin(o, seriesAt[s]!, seriesAt[s + 1]!);
      o += seriesAt[s + 1]! - seriesAt[s]!;
      w.copyWithin(o, headAt[t]!, headAt[t + 1]!);
      o += headAt[t + 1]! - headAt[t]!;
      const text = valueJson(valueOf(e));
      for (let c = 0; c < text.length; c++) w[o++] = text.charCodeAt(c);
      w.copyWithin(o, tailAt[t]!, tailAt[t + 1]!);
      o += tailAt[t + 1]! - tailAt[t]!;
    }
    w[o++] = 0x5d; // ]
    return use(count, Buffer.from(w.buffer, w.byteOffset + answerAt, o - answerAt));
  }
}

// The snapshot answer's JSON array written as UTF-8 bytes from pieces encoded once: per series the
// head of its entry (metric and place), per tuple of a block the point's fields before and after the
// value, and the value. Each piece is copied by copyWithin inside one work buffer that holds the
// pieces and the answer, so an entry costs three memory moves and no object: the string of an answer
// built by concatenation (thousands of short strings per answer, flattened and encoded to UTF-8
// again) cost several times more, most of it in allocations the garbage collector then paused for.

/** The point fields an entry's tuple stands for (./snapshot-blocks.ts), in the order the answer writes them. */
export type Tuple = [
  period: string,
  period_start: string,
  period_end: string,
  null_reason: string | null,
  status: string,
  unit: string,
  source_id: string,
  note: string | null,
];
export const PERIOD_END = 2;

const quote = (s: string | null) => (s === null ? 'null' : JSON.stringify(s));

// The value as JSON: SQLite's JSON writes an infinite REAL as 9.0e+999 (JSON has no infinity).
export function valueJson(v: number): string {
  if (Number.isNaN(v)) return 'null';
  if (v === Infinity) return '9.0e+999';
  if (v === -Infinity) return '-9.0e+999';
  return String(v);
}

/**
 * Writes valueJson(v) from byte `o` of `w` and returns the end. A value of at most 15 significant
 * digits and 3 decimals (most published figures) is written from its digits with no string: the
 * String of a double per entry was the answer's largest cost after its compression. Such a value's
 * shortest round-trip text, which String gives (ECMA-262 Number::toString), is that decimal: doubles
 * tell apart every decimal of 15 significant digits, so no shorter one reads back as the same double,
 * and none that short needs an exponent.
 */
export function writeValue(w: Uint8Array, o: number, v: number): number {
  if (Math.abs(v) < 1e15) {
    for (let d = 0, p = 1; d <= 3; d++, p *= 10) {
      const k = Math.round(v * p);
      if (k / p === v && Math.abs(k) < 1e15) return writeDecimal(w, o, k, d);
    }
  }
  const text = valueJson(v);
  for (let c = 0; c < text.length; c++) w[o++] = text.charCodeAt(c);
  return o;
}

/** k / 10^d as JSON (k an integer below 1e15 in magnitude): its digits, a point before the last d. */
function writeDecimal(w: Uint8Array, o: number, k: number, d: number): number {
  if (k < 0) {
    w[o++] = 0x2d; // -
    k = -k;
  }
  let digits = 1;
  for (let t = Math.floor(k / 10); t > 0; t = Math.floor(t / 10)) digits++;
  const len = Math.max(digits, d + 1);
  const end = o + len + (d > 0 ? 1 : 0);
  let at = end;
  for (let i = 0; i < len; i++) {
    if (d > 0 && i === d) w[--at] = 0x2e; // .
    w[--at] = 0x30 + (k % 10);
    k = Math.floor(k / 10);
  }
  return end;
}

// The longest text valueJson writes: a sign, 17 digits, a point and an exponent (-1.2345678901234567e-308).
const VALUE_BYTES = 25;
const COMMA = 0x2c;

/** A block's tuples as the pieces of JSON around each value: tuple t's head is bytes[headAt[t], headAt[t + 1]), its tail likewise. */
export interface TuplePieces {
  bytes: Buffer;
  headAt: Uint32Array;
  tailAt: Uint32Array;
}

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
  const headAt = pool(
    tuples.map(
      ([period, start, end]) =>
        `"period":${quote(period)},"period_start":${quote(start)},"period_end":${quote(end)},"value":`,
    ),
    out,
    0,
  );
  const tailAt = pool(
    tuples.map(
      ([, , , nullReason, status, unit, source, note]) =>
        `,"null_reason":${quote(nullReason)},"status":${quote(status)},"unit":${quote(unit)},"source_id":${quote(source)},"note":${quote(note)}}`,
    ),
    out,
    headAt[tuples.length]!,
  );
  return { bytes: Buffer.concat(out), headAt, tailAt };
}

/**
 * A block's tuples as stored for answers (the snapshot_blocks.pieces column): an answer reads its
 * pieces as written at build instead of parsing the tuples' JSON and encoding every field again,
 * which was most of an answer's CPU (and its garbage) once the notes made a block's tuples megabytes.
 * Little-endian u32 n, u32 headAt[n + 1], u32 tailAt[n + 1], u32 end[n] (tuple t's period end is
 * ends[end[t]], the block's distinct period ends, in order, stored beside it as JSON), then the bytes.
 */
export function storedPieces(tuples: readonly Tuple[]): { pieces: Buffer; ends: string[] } {
  const n = tuples.length;
  const { bytes, headAt, tailAt } = tuplePieces(tuples);
  const ends = [...new Set(tuples.map((t) => t[PERIOD_END]))].sort();
  const rank = new Map(ends.map((e, i) => [e, i]));
  const end = Uint32Array.from(tuples, (t) => rank.get(t[PERIOD_END])!);
  const index = new Uint32Array(1 + 2 * (n + 1) + n);
  index[0] = n;
  index.set(headAt, 1);
  index.set(tailAt, n + 2);
  index.set(end, 2 * n + 3);
  return {
    pieces: Buffer.concat([Buffer.from(index.buffer, index.byteOffset, index.byteLength), bytes]),
    ends,
  };
}

/** storedPieces read back: views into `stored` (copied first when it is not 4-byte aligned). */
export function readPieces(stored: Buffer): { pieces: TuplePieces; end: Uint32Array } {
  const blob = stored.byteOffset % 4 === 0 ? stored : Buffer.from(stored);
  const n = blob.readUInt32LE(0);
  const words = 1 + 2 * (n + 1) + n;
  if (blob.length < words * 4)
    throw new Error(`snapshot block pieces: ${blob.length} bytes for ${n} tuples`);
  const at = (from: number, count: number) =>
    new Uint32Array(blob.buffer, blob.byteOffset + from * 4, count);
  return {
    pieces: {
      bytes: blob.subarray(words * 4),
      headAt: at(1, n + 1),
      tailAt: at(n + 2, n + 1),
    },
    end: at(2 * n + 3, n),
  };
}

/** Tuple t's fields read back from its pieces: the entry's JSON object with a stand-in value. */
export function tupleOfPieces({ bytes, headAt, tailAt }: TuplePieces, t: number): Tuple {
  const o = JSON.parse(
    `{${bytes.toString('utf8', headAt[t]!, headAt[t + 1]!)}0${bytes.toString('utf8', tailAt[t]!, tailAt[t + 1]!)}`,
  ) as Record<string, string | null>;
  return [
    o.period!,
    o.period_start!,
    o.period_end!,
    o.null_reason ?? null,
    o.status!,
    o.unit!,
    o.source_id!,
    o.note ?? null,
  ];
}

export class SnapshotJsonWriter {
  /** [series heads | the block's tuple heads | its tuple tails | the answer]; reused by every answer. */
  private work: Uint8Array;
  /** Series s's head is work[seriesAt[s], seriesAt[s + 1]). */
  private readonly seriesAt: Uint32Array;
  private readonly seriesEnd: number;

  constructor(series: readonly { metric: string; place: string }[]) {
    const heads = series.map(({ metric, place }) =>
      Buffer.from(`{"metric":${quote(metric)},"place":${quote(place)},`, 'utf8'),
    );
    this.seriesAt = new Uint32Array(heads.length + 1);
    for (let s = 0; s < heads.length; s++)
      this.seriesAt[s + 1] = this.seriesAt[s]! + heads[s]!.length;
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
  write<T>(
    entry: Int32Array,
    keep: Uint8Array | null,
    pieces: TuplePieces,
    tupleOf: Uint32Array,
    valueOf: (e: number) => number,
    use: (count: number, json: Buffer) => T,
  ): T {
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
      bound +=
        1 +
        seriesAt[s + 1]! -
        seriesAt[s]! +
        headAt[t + 1]! -
        headAt[t]! +
        VALUE_BYTES +
        tailAt[t + 1]! -
        tailAt[t]!;
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
      o = writeValue(w, o, valueOf(e));
      w.copyWithin(o, tailAt[t]!, tailAt[t + 1]!);
      o += tailAt[t + 1]! - tailAt[t]!;
    }
    w[o++] = 0x5d; // ]
    return use(count, Buffer.from(w.buffer, w.byteOffset + answerAt, o - answerAt));
  }
}

// JSON text computed elsewhere (by SQLite's JSON functions, or stored at build) placed into an
// answer without parsing it and serialising it again: at a few thousand points per answer the
// round trip through objects costs more than the query.
export class RawJson {
  #raw: string | Buffer | undefined;
  readonly #rows: readonly unknown[] | undefined;

  /**
   * The JSON as text, or as its UTF-8 bytes (a large answer's points); or an array made for this
   * answer, serialised only when the answer is JSON: a CSV answer takes its rows as they are
   * (JSON.stringify then JSON.parse of a few thousand rows cost more than writing them).
   */
  constructor(source: string | Buffer | readonly unknown[]) {
    if (Array.isArray(source)) this.#rows = source;
    else this.#raw = source as string | Buffer;
  }

  /** The JSON as text, or as its UTF-8 bytes when it was written as bytes. */
  get raw(): string | Buffer {
    return (this.#raw ??= JSON.stringify(this.#rows));
  }

  get text(): string {
    const raw = this.raw;
    return typeof raw === 'string' ? raw : raw.toString('utf8');
  }

  /** The value as objects (CSV answers and include=names need the rows); not to be changed. */
  parsed<T = unknown>(): T {
    return (this.#rows ?? JSON.parse(this.text)) as T;
  }
}

/** An answer of type T in which any array may come as its pre-serialised JSON text. */
export type WithRawJson<T> = T extends readonly (infer E)[]
  ? WithRawJson<E>[] | RawJson
  : T extends object
    ? { [K in keyof T]: WithRawJson<T[K]> }
    : T;

/** The answer's JSON with a token where each RawJson member goes, the tokens' pattern, and the members. */
function withTokens(value: unknown): { text: string; pattern: RegExp | null; raws: RawJson[] } {
  const raws: RawJson[] = [];
  // A token no JSON string escapes to by accident: JSON.stringify writes U+0000 as \u0000.
  const token = `\u0000raw${Math.random().toString(36).slice(2)}:`;
  const text = JSON.stringify(value, (_key, v: unknown) =>
    v instanceof RawJson ? token + (raws.push(v) - 1) : v,
  );
  if (raws.length === 0) return { text, pattern: null, raws };
  const escaped = JSON.stringify(token).slice(1, -1);
  return {
    text,
    pattern: new RegExp(`"${escaped.replace(/[\\$.*+?^()[\]{}|]/g, '\\$&')}(\\d+)"`, 'g'),
    raws,
  };
}

/** JSON.stringify, with every RawJson member written as its text. */
export function stringifyAnswer(value: unknown): string {
  const { text, pattern, raws } = withTokens(value);
  return pattern === null ? text : text.replace(pattern, (_m, i: string) => raws[Number(i)]!.text);
}

/**
 * stringifyAnswer as the UTF-8 bytes sent: a RawJson member given as bytes is copied in as is, never
 * decoded to a string and encoded again.
 */
export function answerBytes(value: unknown): Buffer {
  return Buffer.concat(answerParts(value));
}

/** answerBytes as the parts it joins: the RawJson members given as bytes are not copied. */
export function answerParts(value: unknown): Buffer[] {
  const { text, pattern, raws } = withTokens(value);
  if (pattern === null) return [Buffer.from(text, 'utf8')];
  const parts: Buffer[] = [];
  let from = 0;
  for (const m of text.matchAll(pattern)) {
    parts.push(Buffer.from(text.slice(from, m.index), 'utf8'));
    const raw = raws[Number(m[1])]!.raw;
    parts.push(typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw);
    from = m.index! + m[0].length;
  }
  parts.push(Buffer.from(text.slice(from), 'utf8'));
  return parts;
}

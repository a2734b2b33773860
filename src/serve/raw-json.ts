// JSON text computed elsewhere (by SQLite's JSON functions, or stored at build) placed into an
// answer without parsing it and serialising it again: at a few thousand points per answer the
// round trip through objects costs more than the query.
export class RawJson {
  constructor(readonly text: string) {}

  /** The value as objects (CSV answers and include=names need the rows). */
  parsed<T = unknown>(): T {
    return JSON.parse(this.text) as T;
  }
}

/** An answer of type T in which any array may come as its pre-serialised JSON text. */
export type WithRawJson<T> = T extends readonly (infer E)[] ? WithRawJson<E>[] | RawJson : T extends object ? { [K in keyof T]: WithRawJson<T[K]> } : T;

/** JSON.stringify, with every RawJson member written as its text. */
export function stringifyAnswer(value: unknown): string {
  const raws: string[] = [];
  // A token no JSON string escapes to by accident: JSON.stringify writes U+0000 as \u0000.
  const token = `\u0000raw${Math.random().toString(36).slice(2)}:`;
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof RawJson ? token + (raws.push(v.text) - 1) : v));
  if (raws.length === 0) return text;
  const escaped = JSON.stringify(token).slice(1, -1);
  return text.replace(new RegExp(`"${escaped.replace(/[\\$.*+?^()[\]{}|]/g, '\\$&')}(\\d+)"`, 'g'), (_m, i: string) => raws[Number(i)]!);
}

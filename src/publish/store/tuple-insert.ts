// Positional row inserts for tables outside the store's declaration (the search index), batched as
// the store writer batches the declared ones (src/publish/store/insert.ts): one multi-row INSERT per
// BATCH rows, the rows in exactly the order given.
import type Database from 'better-sqlite3';

/** Rows per statement: past a few dozen the statement's size costs more than the calls it saves. */
export const BATCH = 32;

/** Positional rows for a table outside the declared ones (the search index): the same batching. */
export interface TupleInserter {
  (...values: unknown[]): void;
  flush(): void;
}

export function tupleInserter(
  db: Database.Database,
  table: string,
  columns: readonly string[],
): TupleInserter {
  const width = columns.length;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const sql = (n: number) =>
    `INSERT INTO ${table}(${columns.join(', ')}) VALUES ${Array(n).fill(tuple).join(', ')}`;
  const many = db.prepare(sql(BATCH));
  const one = db.prepare(sql(1));
  const values = new Array<unknown>(BATCH * width);
  let rows = 0;
  const insert = ((...row: unknown[]) => {
    for (let i = 0; i < width; i++) values[rows * width + i] = row[i];
    if (++rows === BATCH) {
      many.run(values);
      rows = 0;
    }
  }) as TupleInserter;
  insert.flush = () => {
    for (let r = 0; r < rows; r++) one.run(values.slice(r * width, (r + 1) * width));
    rows = 0;
  };
  return insert;
}

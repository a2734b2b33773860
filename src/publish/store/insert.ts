// Row inserts of the store writer. A scaled store has tens of millions of rows, where the cost of one
// statement per row shows: each call into SQLite, and reading the row's fields by computed name.
// Rows are buffered and written BATCH at a time by one multi-row INSERT, their fields read by a
// function generated from the table's declared columns (named property reads that V8 can inline).
// The rows go in exactly the order given, so the bytes of the file are those one insert per row gives.
import type Database from 'better-sqlite3';
import { columnsOf, primaryKeyOf, type TableName } from '../../store/tables.js';

import { BATCH } from './tuple-insert.js';

export interface Inserter<R> {
  (row: R): void;
  /** Writes the buffered rows; call before anything reads the table and at the end of the load. */
  flush(): void;
}

type Copy = (row: object, into: unknown[], at: number) => void;

// Generated from the declared column names (never from data): `into[at + i] = row.column`, with the
// row's missing fields named, as the build reports bad rows by table, row and field.
function copier(table: TableName, columns: readonly string[]): Copy {
  const body = columns
    .map(
      (c, i) =>
        `v = row[${JSON.stringify(c)}]; if (v === undefined) missing(row, ${JSON.stringify(c)}); into[at + ${i}] = v;`,
    )
    .join('\n');
  const missing = (row: object, column: string) => {
    throw new Error(`store ${table}: row ${describe(table, row)} has no field ${column}`);
  };
  return new Function('missing', `return function copy(row, into, at) { let v;\n${body}\n}`)(
    missing,
  ) as Copy;
}

/** The row's primary key, for error messages. */
function describe(table: TableName, row: object): string {
  const r = row as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(primaryKeyOf(table).map((k) => [k, r[k]])));
}

export function inserter<R extends object>(db: Database.Database, table: TableName): Inserter<R> {
  const columns = columnsOf(table);
  const width = columns.length;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const sql = (n: number) =>
    `INSERT INTO ${table}(${columns.join(', ')}) VALUES ${Array(n).fill(tuple).join(', ')}`;
  const many = db.prepare(sql(BATCH));
  const one = db.prepare(sql(1));
  const copy = copier(table, columns);
  const values = new Array<unknown>(BATCH * width);
  const single = new Array<unknown>(width);
  const rows: R[] = [];
  const run = (stmt: Database.Statement, args: unknown[], batch: readonly R[]) => {
    try {
      stmt.run(args);
    } catch (err) {
      const span =
        batch.length === 1
          ? describe(table, batch[0]!)
          : `${describe(table, batch[0]!)} .. ${describe(table, batch.at(-1)!)}`;
      throw new Error(
        `store ${table}: row ${batch.length === 1 ? '' : 'among '}${span}: ${(err as Error).message}`,
        { cause: err },
      );
    }
  };
  const insert = ((row: R) => {
    copy(row, values, rows.length * width);
    rows.push(row);
    if (rows.length === BATCH) {
      run(many, values, rows);
      rows.length = 0;
    }
  }) as Inserter<R>;
  insert.flush = () => {
    for (const row of rows) {
      copy(row, single, 0);
      run(one, single, [row]);
    }
    rows.length = 0;
  };
  return insert;
}

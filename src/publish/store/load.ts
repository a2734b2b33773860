// Opening a store file for its one load, and checking its foreign keys once the rows are in. Used for
// the store and for the part of it written on a second thread (./part.ts).
import type Database from 'better-sqlite3';
import { createChecksummed } from '../../store/page-checksums.js';

export function openForLoad(path: string): Database.Database {
  // Every page carries a checksum (src/store/page-checksums.ts): a server opens the sealed store in
  // place and checks each page as it reads it, instead of hashing the whole file before answering.
  const db = createChecksummed(path);
  // The file is written once, by this one connection, in a staging directory that a failed build
  // removes, and the seal fsyncs it before it becomes a release (src/release/seal.ts): syncs and
  // file locks during the load buy nothing. The load is one transaction on a new file, and SQLite
  // journals only pages that existed when a transaction began, so the journal is a few pages: kept
  // in memory (better-sqlite3's defensive mode refuses journal_mode=OFF). A large page cache keeps
  // a scaled build's B-tree pages in memory.
  db.pragma('journal_mode = MEMORY');
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  // Foreign keys are checked once, after the load (checkForeignKeys): a check per inserted row costs
  // about an eighth of the points' insert time, and with them on SQLite copies a table row by row
  // where it could copy its records whole (the part's tables: the "transfer optimization").
  db.pragma('foreign_keys = OFF');
  return db;
}

type ForeignKey = { table: string; from: string; to: string | null };

/**
 * Throws on the first row (in table name order, then key order) whose foreign key names no row of
 * the table it references, naming the table, the row's primary key and the field, as the build
 * reports any bad row. `checkedOnInsert` lists the keys ("table.column") the writer already checked
 * row by row, with the same report, before inserting them.
 */
export function checkForeignKeys(
  db: Database.Database,
  checkedOnInsert: readonly string[] = [],
): void {
  const tables = db
    .prepare(
      "SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  for (const table of tables) {
    const keys = db.pragma(`main.foreign_key_list(${quote(table)})`) as ForeignKey[];
    if (keys.length === 0) continue;
    const pk = (db.pragma(`main.table_info(${quote(table)})`) as { name: string; pk: number }[])
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    for (const fk of keys) {
      if (checkedOnInsert.includes(`${table}.${fk.from}`)) continue;
      if (fk.to === null)
        throw new Error(
          `store ${table}: the foreign key of ${fk.from} must name its column in ${fk.table}`,
        );
      const bad = db
        .prepare(
          `SELECT ${[...pk, fk.from].map(quote).join(', ')} FROM main.${quote(table)} AS c
        WHERE c.${quote(fk.from)} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM main.${quote(fk.table)} AS p WHERE p.${quote(fk.to)} = c.${quote(fk.from)}) LIMIT 1`,
        )
        .raw()
        .get() as unknown[] | undefined;
      if (bad) {
        const key = Object.fromEntries(pk.map((c, i) => [c, bad[i]]));
        throw new Error(
          `store ${table}: row ${JSON.stringify(key)}: field ${fk.from} = ${JSON.stringify(bad[pk.length])} names no row of ${fk.table}(${fk.to})`,
        );
      }
    }
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

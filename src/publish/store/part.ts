// The entity part of the store: entities, entity_names and the search index written from them
// (src/publish/store/search.ts), loaded into a file of their own (on a second thread while the store's
// connection writes the points: ./part-thread.ts), then copied into the store table by table
// in a fixed order. No table of the part references a table outside it and none outside references
// one of its tables, so its foreign keys are checked in its own file.
import type Database from 'better-sqlite3';
import { SEARCH_DDL, SEARCH_INDEX_DDL } from '../../store/search-schema.js';
import { writeSearchIndex, type NameNote } from './search.js';
import type { Row } from '../../store/tables.js';
import { inserter, type Inserter } from './insert.js';
import { checkForeignKeys, openForLoad } from './load.js';
import { STORE_DDL } from './schema.js';

export type PartTable = 'entities' | 'entity_names';

/** The part's tables in the order they are copied into the store (that order places their pages). */
const PART_TABLES = [
  'entities',
  'entity_names',
  'search_names',
  'search_words',
  'search_postings',
  'search_deletes',
  'search_suffixes',
] as const;

/** Loads the part's rows, in the order given, into a new file; finish() writes the search index. */
export class EntityPartWriter {
  private readonly db: Database.Database;
  private readonly insert: { [T in PartTable]: Inserter<Row<T>> };

  constructor(
    path: string,
    private readonly notes: readonly NameNote[],
  ) {
    this.db = openForLoad(path);
    // the whole store's schema: a table is copied record by record only into one declared the same way
    this.db.exec(STORE_DDL);
    this.db.exec('BEGIN');
    this.insert = {
      entities: inserter(this.db, 'entities'),
      entity_names: inserter(this.db, 'entity_names'),
    };
  }

  add<T extends PartTable>(table: T, rows: readonly Row<T>[]): void {
    const insert = this.insert[table] as Inserter<Row<T>>;
    for (const row of rows) insert(row);
  }

  finish(): void {
    this.insert.entities.flush();
    this.insert.entity_names.flush();
    writeSearchIndex(this.db, this.notes);
    checkForeignKeys(this.db);
    this.db.exec('COMMIT');
    this.db.close();
  }

  /** Closes the file after a failure (the staging directory holding it is removed). */
  abandon(): void {
    if (this.db.open) this.db.close();
  }
}

/**
 * Copies the part's tables into the store's empty ones. Each is `INSERT INTO t SELECT * FROM part.t`
 * between tables declared alike, with foreign keys off: SQLite then copies the records and index
 * entries as they are, in key order (its transfer optimization), without decoding a row.
 * Runs outside a transaction (SQLite attaches no file inside one).
 */
export function mergeEntityPart(db: Database.Database, partPath: string): void {
  db.exec(SEARCH_DDL + SEARCH_INDEX_DDL);
  db.prepare('ATTACH DATABASE ? AS part').run(partPath);
  try {
    db.transaction(() => {
      for (const table of PART_TABLES)
        db.exec(`INSERT INTO main.${table} SELECT * FROM part.${table}`);
    })();
  } finally {
    db.exec('DETACH DATABASE part');
  }
}

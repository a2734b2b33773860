// A store written from given content into a temporary directory, opened as the server opens it, and
// removed after use; and the plain queries that the store's derived access paths are checked against
// in the property tests (test/store-access-paths.test.ts, test/snapshot-blocks.test.ts).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { writeStore, type StoreContent } from '../../src/publish/store/write.js';
import { openStore } from '../../src/store/open.js';
import { StoreReader } from '../../src/store/reader.js';
import { tempDir } from './temp-dir.js';

function written(content: StoreContent): { dir: string; db: Database } {
  const dir = tempDir('dala-store-');
  try {
    // the entity part on this thread: the property tests write hundreds of small stores, and a
    // thread's start from source costs more than such a part (the same bytes either way:
    // test/store-scaled-determinism.test.ts)
    writeStore(join(dir, 'store.sqlite'), content, { partThread: false });
    return { dir, db: openStore(join(dir, 'store.sqlite')) };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Runs fn on a store written from content; the store is closed and removed afterwards. */
export function withStore<T>(
  content: StoreContent,
  fn: (db: Database, reader: StoreReader) => T,
): T {
  const { dir, db } = written(content);
  try {
    return fn(db, new StoreReader(db));
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** withStore for an asynchronous fn (one that serves the store over HTTP, for example). */
export async function withStoreAsync<T>(
  content: StoreContent,
  fn: (db: Database) => Promise<T>,
): Promise<T> {
  const { dir, db } = written(content);
  try {
    return await fn(db);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The plain snapshot: a window over every point up to @date, in the @layers and (when given) @places. */
export const PLAIN_LATEST = `
  SELECT metric, place, period, period_start, period_end, value, null_reason, status, unit, source_id, note FROM (
    SELECT p.*, row_number() OVER (PARTITION BY p.metric, p.place ORDER BY p.period_end DESC, p.period_start DESC, p.period) AS rn
    FROM points p JOIN metrics m ON m.id = p.metric
    WHERE p.period_end <= @date AND m.layer IN (SELECT value FROM json_each(@layers))
      AND (@places IS NULL OR p.place IN (SELECT value FROM json_each(@places)))
  ) WHERE rn = 1 ORDER BY metric, place`;

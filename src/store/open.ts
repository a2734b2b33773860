// The one place the server opens a release's store. A store whose meta.kind is SYNTHETIC_KIND (a
// scaled benchmark release, bench/scale/) is refused unless serving benchmarks was asked for
// explicitly (`dala serve --benchmark`): its numbers are generated, never data to publish.
import Database from 'better-sqlite3';

export const SYNTHETIC_KIND = 'synthetic-benchmark';

const policy = { allowSynthetic: false };

/** Called once at start by `dala serve --benchmark` (and by the benches). */
export function allowSyntheticStores(allow: boolean): void {
  policy.allowSynthetic = allow;
}

export class SyntheticStoreError extends Error {
  constructor(readonly path: string) {
    super(
      `${path}: this release is a synthetic benchmark (store meta.kind = ${SYNTHETIC_KIND}); serve it only with --benchmark`,
    );
    this.name = 'SyntheticStoreError';
  }
}

/** The kind recorded in a store's meta table (release, test-fixture, synthetic-benchmark). */
export function storeKind(db: Database.Database): string | null {
  return (
    (db.prepare(`SELECT value FROM meta WHERE key = 'kind'`).get() as { value: string } | undefined)
      ?.value ?? null
  );
}

/** Opens a store file, or a store's bytes held in memory (a verified private copy), read-only. */
export function openStore(
  source: string | Buffer,
  label = typeof source === 'string' ? source : 'store.sqlite',
): Database.Database {
  const db =
    typeof source === 'string'
      ? new Database(source, { readonly: true, fileMustExist: true })
      : new Database(source, { readonly: true });
  const path = label;
  db.pragma('query_only = ON');
  if (storeKind(db) === SYNTHETIC_KIND && !policy.allowSynthetic) {
    db.close();
    throw new SyntheticStoreError(path);
  }
  return db;
}

/**
 * A store file's meta table (kind, versions, counts), or null when it cannot be read. Reading the
 * meta serves checks that must see every kind of store, a synthetic one included (the seal's
 * field checks, `dala serve` refusing a benchmark with its own message), so no policy applies.
 */
export function readStoreMeta(path: string): Record<string, string> | null {
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const rows = db.prepare('SELECT key, value FROM meta').all() as {
      key: string;
      value: string;
    }[];
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

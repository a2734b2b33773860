// Writes the per-release SQLite store. Rows are inserted in a fixed order and the file is VACUUMed,
// so the same content gives the same bytes (deterministic builds).
import Database from 'better-sqlite3';
import { STORE_DDL, STORE_VERSION } from './store-schema.js';

export interface StoreContent {
  meta: Record<string, string>;
  layers: { id: string; title_en: string; title_ru: string; title_kk: string; description: string }[];
  metrics: {
    id: string; layer: string; name_en: string; name_ru: string; name_kk: string;
    unit: string; frequency: string; aggregation: string; source_id: string; notes: string;
  }[];
  points: {
    metric: string; place: string; period: string; period_start: string; period_end: string;
    value: number | null; null_reason: string | null; status: string; unit: string; source_id: string; note: string | null;
  }[];
  events: {
    id: string; date: string; kind: string; place: string; title_en: string; title_ru: string; title_kk: string;
    source_url: string; review_status: string;
  }[];
  entities: { id: string; type: string; name_en: string; name_ru: string; name_kk: string; data: string }[];
  entity_names: { entity_id: string; name: string; lang: string; kind: string }[];
  relations: { id: string; subject: string; predicate: string; object: string; source_url: string; review_status: string }[];
  claims: { id: string; subject: string; property: string; value: string; period: string | null; source_id: string; evidence_id: string | null }[];
  evidence: { id: string; kind: string; source_id: string | null; path: string | null; sha256: string | null; description: string }[];
}

const TABLE_ORDER = ['layers', 'metrics', 'points', 'events', 'entities', 'entity_names', 'relations', 'claims', 'evidence'] as const;

export function writeStore(path: string, content: StoreContent): void {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = DELETE');
    db.exec(STORE_DDL);
    const insertAll = db.transaction(() => {
      const meta: Record<string, string> = { ...content.meta, store_version: STORE_VERSION };
      const metaStmt = db.prepare('INSERT INTO meta(key, value) VALUES (?, ?)');
      for (const key of Object.keys(meta).sort()) metaStmt.run(key, meta[key] ?? "");
      for (const table of TABLE_ORDER) {
        const rows = content[table] as unknown as Record<string, unknown>[];
        if (rows.length === 0) continue;
        const columns = Object.keys(rows[0]!);
        const stmt = db.prepare(
          `INSERT INTO ${table}(${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`,
        );
        for (const row of rows) stmt.run(row);
      }
    });
    insertAll();
    db.exec('VACUUM');
  } finally {
    db.close();
  }
}

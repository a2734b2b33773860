// DDL of the per-release SQLite store (docs/architecture.md "Temporal store"). Opened read-only by serve.
export const STORE_VERSION = '1.0.0';

export const STORE_DDL = `
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE layers(id TEXT PRIMARY KEY, title_en TEXT NOT NULL, title_ru TEXT NOT NULL, title_kk TEXT NOT NULL, description TEXT NOT NULL) STRICT;
CREATE TABLE metrics(id TEXT PRIMARY KEY, layer TEXT NOT NULL REFERENCES layers(id), name_en TEXT NOT NULL, name_ru TEXT NOT NULL, name_kk TEXT NOT NULL,
  unit TEXT NOT NULL, frequency TEXT NOT NULL, aggregation TEXT NOT NULL, source_id TEXT NOT NULL, notes TEXT NOT NULL) STRICT;
CREATE TABLE points(metric TEXT NOT NULL REFERENCES metrics(id), place TEXT NOT NULL, period TEXT NOT NULL,
  period_start TEXT NOT NULL, period_end TEXT NOT NULL, value REAL, null_reason TEXT, status TEXT NOT NULL,
  unit TEXT NOT NULL, source_id TEXT NOT NULL, note TEXT,
  PRIMARY KEY(metric, place, period),
  CHECK ((value IS NULL) = (null_reason IS NOT NULL))) STRICT;
CREATE INDEX points_metric_end ON points(metric, period_end);
CREATE INDEX points_end ON points(period_end);
CREATE TABLE events(id TEXT PRIMARY KEY, date TEXT NOT NULL, kind TEXT NOT NULL, place TEXT NOT NULL,
  title_en TEXT NOT NULL, title_ru TEXT NOT NULL, title_kk TEXT NOT NULL, source_url TEXT NOT NULL, review_status TEXT NOT NULL) STRICT;
CREATE INDEX events_date ON events(date, id);
-- v1 resources: every object with a canonical id; data is the canonical JSON of the published resource
CREATE TABLE entities(id TEXT PRIMARY KEY, type TEXT NOT NULL, name_en TEXT NOT NULL, name_ru TEXT NOT NULL, name_kk TEXT NOT NULL, data TEXT NOT NULL) STRICT;
CREATE INDEX entities_type ON entities(type, id);
-- every name an entity can be found or resolved by (names, official names, aliases, codes, slugs)
CREATE TABLE entity_names(entity_id TEXT NOT NULL REFERENCES entities(id), name TEXT NOT NULL, lang TEXT NOT NULL, kind TEXT NOT NULL,
  PRIMARY KEY(entity_id, name, lang, kind)) STRICT;
CREATE TABLE relations(id TEXT PRIMARY KEY, subject TEXT NOT NULL, predicate TEXT NOT NULL, object TEXT NOT NULL, source_url TEXT NOT NULL, review_status TEXT NOT NULL) STRICT;
CREATE TABLE claims(id TEXT PRIMARY KEY, subject TEXT NOT NULL, property TEXT NOT NULL, value TEXT NOT NULL, period TEXT, source_id TEXT NOT NULL, evidence_id TEXT) STRICT;
CREATE TABLE evidence(id TEXT PRIMARY KEY, kind TEXT NOT NULL, source_id TEXT, path TEXT, sha256 TEXT, description TEXT NOT NULL) STRICT;
`;

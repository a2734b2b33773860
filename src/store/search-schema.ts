// DDL of the search index inside store.sqlite (beside src/store/tables.ts): every name an
// entity answers to, under the one search key (src/lib/text-normalise.ts), plus a word vocabulary
// with a suffix table for infix matching and a deletion index for typos. Built once at publish time, so a query
// reads candidates through indexes and never scans the names (src/store/search.ts). The rows are
// written by src/publish/store/search.ts.
export const SEARCH_DDL = `
-- one row per (entity, name): key is searchKey(name); place_kind is region, city, district, country or ''
CREATE TABLE search_names(rowid INTEGER PRIMARY KEY, entity_id TEXT NOT NULL REFERENCES entities(id), type TEXT NOT NULL,
  place_kind TEXT NOT NULL, name TEXT NOT NULL, lang TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL,
  valid_until TEXT, source_url TEXT) STRICT;
-- distinct words of the keys with the number of names using each (df)
CREATE TABLE search_words(id INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE, df INTEGER NOT NULL) STRICT;
-- every word under its suffixes from the second letter on, 3+ letters, cut to 16 (src/store/search-suffixes.ts):
-- the words containing a text are two index ranges, here and in search_words
CREATE TABLE search_suffixes(suffix TEXT NOT NULL, word_id INTEGER NOT NULL, PRIMARY KEY(suffix, word_id)) STRICT, WITHOUT ROWID;
-- every word of 4+ letters under each of its one-letter deletions: a word one edit from a query
-- word shares a deletion with it (symmetric deletion), so typos are found by point reads
CREATE TABLE search_deletes(variant TEXT NOT NULL, word_id INTEGER NOT NULL, PRIMARY KEY(variant, word_id)) STRICT, WITHOUT ROWID;
-- word -> names, shortest keys first: a bounded read returns the names a word most nearly equals
CREATE TABLE search_postings(word TEXT NOT NULL, key_len INTEGER NOT NULL, name_rowid INTEGER NOT NULL,
  PRIMARY KEY(word, key_len, name_rowid)) STRICT, WITHOUT ROWID;
`;

// The indexes of search_names, created once its rows are in: one sort per index instead of a B-tree
// insert in key order per name (a million entities are four million names).
export const SEARCH_INDEX_DDL = `
CREATE INDEX search_names_key ON search_names(key, rowid);
CREATE INDEX search_names_entity ON search_names(entity_id, rowid);
`;

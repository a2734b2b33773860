// Writes the search index of a store (src/store/search-schema.ts) from the entities and entity_names
// already inserted: every name under its search key (src/lib/text-normalise.ts), with the place kind
// that kind-of-place words in a query select; then the word postings, the vocabulary, its suffixes and
// its one-letter deletions. Entities are read a page at a time, so a scaled build never holds them all; the
// order is fixed (entity id, then its names), so the same content gives the same bytes.
import type Database from 'better-sqlite3';
import { searchKey } from '../../lib/text-normalise.js';
import { SEARCH_DDL, SEARCH_INDEX_DDL } from '../../store/search-schema.js';
import { tupleInserter } from './tuple-insert.js';
import type { EntityRow } from '../../store/entity-reader.js';
import { suffixes } from '../../store/search-suffixes.js';
import { deletions } from '../../store/search-deletions.js';

/** A dated or cited name: what a former name or abbreviation adds beyond an entity_names row. */
export interface NameNote {
  entity_id: string;
  name: string;
  kind: string;
  valid_until: string | null;
  source_url: string | null;
}

export type PlaceKind = 'country' | 'region' | 'city' | 'district' | '';

// Districts and cities share one ADM2 layer. A place's declared kind wins; otherwise an ADM2 unit whose
// pcode's two digits after the region code are below 30 (the numbering geokz/KATO gives cities of
// regional significance: KZ351000 Karaganda, KZ352400 Temirtau) and whose Russian name is not an
// adjective (districts are "Бухар-Жырауский район") is a city.
const RU_DISTRICT_ADJECTIVE = /(ский|цкий|ной|ный|ская)$/;

export function placeKind(e: {
  id: string;
  type: string;
  name_ru: string | null;
  data: Record<string, unknown>;
}): PlaceKind {
  const declared = e.data['kind'];
  if (e.type === 'district') {
    if (declared === 'district') return 'district';
    if (typeof declared === 'string' && declared.startsWith('city')) return 'city';
    const pcode = /\/KZ\d{2}(\d{2})\d+$/.exec(e.id);
    return pcode && Number(pcode[1]) < 30 && !RU_DISTRICT_ADJECTIVE.test(e.name_ru ?? '')
      ? 'city'
      : 'district';
  }
  if (e.type !== 'place') return '';
  if (e.id === 'place:KZ') return 'country';
  return declared === 'city' ? 'city' : 'region';
}

function dataOf(e: EntityRow): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(e.data);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const PAGE = 2000;

/** Creates and fills the search tables; call inside the build's write transaction. */
export function writeSearchIndex(db: Database.Database, notes: readonly NameNote[]): void {
  db.exec(SEARCH_DDL);
  const note = new Map(notes.map((n) => [`${n.entity_id}\u0000${n.name}\u0000${n.kind}`, n]));
  const page = db.prepare<[string, number], EntityRow>(
    'SELECT id, type, name_en, name_ru, name_kk, data FROM entities WHERE id > ? ORDER BY id LIMIT ?',
  );
  // The names of a page of entities in one read, in (entity, kind, lang, name) order.
  const namesIn = db.prepare<
    [string, string],
    { entity_id: string; name: string; lang: string; kind: string }
  >(
    'SELECT entity_id, name, lang, kind FROM entity_names WHERE entity_id > ? AND entity_id <= ? ORDER BY entity_id, kind, lang, name',
  );
  // Rows are written in batches, so their rowids are given here: 1, 2, ... as SQLite would assign.
  const insertName = tupleInserter(db, 'search_names', [
    'rowid',
    'entity_id',
    'type',
    'place_kind',
    'name',
    'lang',
    'kind',
    'key',
    'valid_until',
    'source_url',
  ]);
  let nameRowid = 0;
  // Postings (and below, deletions and suffixes) are appended to unordered load tables, then copied
  // in key order (one sort): inserting them one by one into their WITHOUT ROWID keys touches a
  // random page per row.
  db.exec(
    'CREATE TEMP TABLE posting_load(word TEXT NOT NULL, key_len INTEGER NOT NULL, name_rowid INTEGER NOT NULL)',
  );
  const insertPosting = tupleInserter(db, 'temp.posting_load', ['word', 'key_len', 'name_rowid']);
  // searchKey is pure and costs tens of microseconds; names repeat across entities ("... ауданы",
  // the same village name in many districts), so a bounded memo saves most of the calls.
  const keys = new Map<string, string>();
  const keyOf = (name: string) => {
    let key = keys.get(name);
    if (key === undefined) {
      key = searchKey(name);
      if (keys.size >= 500_000) keys.clear();
      keys.set(name, key);
    }
    return key;
  };
  let after = '';
  for (;;) {
    const entities = page.all(after, PAGE);
    if (entities.length === 0) break;
    const names = new Map<string, { name: string; lang: string; kind: string }[]>();
    for (const n of namesIn.all(after, entities.at(-1)!.id))
      (names.get(n.entity_id) ?? names.set(n.entity_id, []).get(n.entity_id)!).push(n);
    for (const e of entities) {
      const kind = placeKind({ ...e, data: dataOf(e) });
      const seen = new Set<string>();
      const add = (name: string | null, lang: string, nameKind: string) => {
        if (name === null) return; // no translation in this language
        const key = keyOf(name);
        const identity = `${key}\u0000${lang}\u0000${nameKind}`;
        if (key === '' || seen.has(identity)) return;
        seen.add(identity);
        const n = note.get(`${e.id}\u0000${name}\u0000${nameKind}`);
        const rowid = ++nameRowid;
        insertName(
          rowid,
          e.id,
          e.type,
          kind,
          name,
          lang,
          nameKind,
          key,
          n?.valid_until ?? null,
          n?.source_url ?? null,
        );
        for (const word of new Set(key.split(' '))) insertPosting(word, key.length, rowid);
      };
      add(e.name_en, 'en', 'name');
      add(e.name_ru, 'ru', 'name');
      add(e.name_kk, 'kk', 'name');
      for (const n of names.get(e.id) ?? []) add(n.name, n.lang, n.kind);
    }
    after = entities.at(-1)!.id;
  }
  insertName.flush();
  insertPosting.flush();
  db.exec(`INSERT OR IGNORE INTO search_postings(word, key_len, name_rowid)
      SELECT word, key_len, name_rowid FROM temp.posting_load ORDER BY word, key_len, name_rowid;
    DROP TABLE temp.posting_load;
    ${SEARCH_INDEX_DDL}
    INSERT INTO search_words(word, df) SELECT word, count(*) FROM search_postings GROUP BY word ORDER BY word;`);
  writeWordVariants(db, 'search_deletes', 'variant', deletions);
  writeWordVariants(db, 'search_suffixes', 'suffix', suffixes);
}

/**
 * Writes every vocabulary word under each of its variants into a (variant, word_id) WITHOUT ROWID
 * table: appended unordered to a load table, then copied in key order (one sort instead of a random
 * B-tree insert per row).
 */
function writeWordVariants(
  db: Database.Database,
  table: 'search_deletes' | 'search_suffixes',
  column: 'variant' | 'suffix',
  variantsOf: (word: string) => string[],
): void {
  db.exec('CREATE TEMP TABLE variant_load(variant TEXT NOT NULL, word_id INTEGER NOT NULL)');
  const words = db.prepare<[number, number], { id: number; word: string }>(
    'SELECT id, word FROM search_words WHERE id > ? ORDER BY id LIMIT ?',
  );
  const insert = tupleInserter(db, 'temp.variant_load', ['variant', 'word_id']);
  for (let last = 0; ;) {
    const batch = words.all(last, PAGE);
    if (batch.length === 0) break;
    for (const w of batch) for (const variant of variantsOf(w.word)) insert(variant, w.id);
    last = batch.at(-1)!.id;
  }
  insert.flush();
  db.exec(`INSERT OR IGNORE INTO ${table}(${column}, word_id) SELECT variant, word_id FROM temp.variant_load ORDER BY variant, word_id;
    DROP TABLE temp.variant_load;`);
}

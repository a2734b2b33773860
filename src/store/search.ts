// The search statements of a release's store (src/store/search-schema.ts), prepared once per
// opened database. Every statement reads through an index with a LIMIT, so the rows one query can
// touch are bounded by its parameters, never by the number of names in the release.
import type { Database, Statement } from 'better-sqlite3';
import { entityReaderOf, type EntityReader, type EntityRow } from './entity-reader.js';
import { SUFFIX_CHARS } from './search-suffixes.js';

export interface NameRow {
  rowid: number;
  entity_id: string;
  type: string;
  place_kind: string;
  name: string;
  lang: string;
  kind: string;
  key: string;
  valid_until: string | null;
  source_url: string | null;
}
export interface WordRow {
  id: number;
  word: string;
  df: number;
}

const NAME_COLUMNS =
  'rowid, entity_id, type, place_kind, name, lang, kind, key, valid_until, source_url';
// Keys and words hold only [a-z0-9 ]: every key with prefix p lies in [p, p + DEL).
const AFTER_PREFIX = '\u007f';
/** Word ids read from each of the two ranges of an infix lookup (src/store/search-suffixes.ts). */
export const INFIX_IDS_READ = 256;
/** Vocabulary words of a prefix range read, in word order, to choose the most used among them. */
export const PREFIX_WORDS_READ = 256;

export class SearchStatements {
  private readonly exact: Statement<[string, number], NameRow>;
  private readonly prefix: Statement<[string, string, number], NameRow>;
  private readonly byRowid: Statement<[number], NameRow>;
  private readonly after: Statement<[string, number], NameRow>;
  private readonly before: Statement<[string, number], NameRow>;
  private readonly word: Statement<[string], WordRow>;
  private readonly wordPrefix: Statement<[string, string, number], WordRow>;
  private readonly wordIdsFrom: Statement<[string, string], number>;
  private readonly suffixIdsFrom: Statement<[string, string], number> | null;
  private readonly wordById: Statement<[number], WordRow>;
  private readonly wordTrigrams: Statement<[string, number], WordRow> | null;
  private readonly wordDeletes: Statement<[string, number], WordRow>;
  private readonly postings: Statement<[string, number], { name_rowid: number }>;
  private readonly postingNames: Statement<[string, number], NameRow>;
  private readonly entities: EntityReader;

  constructor(db: Database) {
    this.exact = db.prepare(
      `SELECT ${NAME_COLUMNS} FROM search_names WHERE key = ? ORDER BY rowid LIMIT ?`,
    );
    this.prefix = db.prepare(
      `SELECT ${NAME_COLUMNS} FROM search_names WHERE key > ? AND key < ? ORDER BY key, rowid LIMIT ?`,
    );
    this.byRowid = db.prepare(`SELECT ${NAME_COLUMNS} FROM search_names WHERE rowid = ?`);
    this.after = db.prepare(
      `SELECT ${NAME_COLUMNS} FROM search_names WHERE key >= ? ORDER BY key, rowid LIMIT ?`,
    );
    this.before = db.prepare(
      `SELECT ${NAME_COLUMNS} FROM search_names WHERE key < ? ORDER BY key DESC, rowid LIMIT ?`,
    );
    this.word = db.prepare('SELECT id, word, df FROM search_words WHERE word = ?');
    // The most used of the first PREFIX_WORDS_READ words of the range, in word order: ordering the
    // whole range by df would read every word a short prefix starts ("q": a tenth of a million-word
    // vocabulary) before the LIMIT applies.
    this.wordPrefix =
      db.prepare(`SELECT id, word, df FROM (SELECT id, word, df FROM search_words WHERE word > ? AND word < ? ORDER BY word LIMIT ${PREFIX_WORDS_READ})
      ORDER BY df DESC, word LIMIT ?`);
    // Words containing a text (src/store/search-suffixes.ts): those it starts and those with a suffix
    // it starts, INFIX_IDS_READ of each range at most; read by id, in id order.
    this.wordIdsFrom = db
      .prepare<[string, string], number>(
        `SELECT id FROM search_words WHERE word >= ? AND word < ? ORDER BY word LIMIT ${INFIX_IDS_READ}`,
      )
      .pluck();
    const hasSuffixes =
      db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'search_suffixes'")
        .get() !== undefined;
    this.suffixIdsFrom = hasSuffixes
      ? db
          .prepare<[string, string], number>(
            `SELECT word_id FROM search_suffixes WHERE suffix >= ? AND suffix < ? ORDER BY suffix LIMIT ${INFIX_IDS_READ}`,
          )
          .pluck()
      : null;
    this.wordById = db.prepare('SELECT id, word, df FROM search_words WHERE id = ?');
    // A store sealed before search_suffixes existed holds an FTS5 trigram index of the words instead
    // (https://sqlite.org/fts5.html#the_trigram_tokenizer): read through it, in rowid order, so that
    // every sealed release stays searchable.
    this.wordTrigrams = hasSuffixes
      ? null
      : db.prepare(
          'SELECT w.id, w.word, w.df FROM search_words_fts f JOIN search_words w ON w.id = f.rowid WHERE search_words_fts MATCH ? LIMIT ?',
        );
    this.wordDeletes = db.prepare(
      'SELECT w.id, w.word, w.df FROM search_deletes d JOIN search_words w ON w.id = d.word_id WHERE d.variant = ? LIMIT ?',
    );
    this.postings = db.prepare(
      'SELECT name_rowid FROM search_postings WHERE word = ? ORDER BY key_len, name_rowid LIMIT ?',
    );
    this.postingNames = db.prepare(
      `SELECT ${NAME_COLUMNS.split(', ')
        .map((c) => `n.${c}`)
        .join(', ')} FROM search_postings p JOIN search_names n ON n.rowid = p.name_rowid
       WHERE p.word = ? ORDER BY p.key_len, p.name_rowid LIMIT ?`,
    );
    this.entities = entityReaderOf({ db });
  }

  namesWithKey(key: string, limit: number): NameRow[] {
    return this.exact.all(key, limit);
  }
  namesWithPrefix(prefix: string, limit: number): NameRow[] {
    return this.prefix.all(prefix, prefix + AFTER_PREFIX, limit);
  }
  /** Names whose keys sort next to `key` on either side: neighbours when nothing matched. */
  namesAround(key: string, limit: number): NameRow[] {
    return [...this.before.all(key, limit), ...this.after.all(key, limit)];
  }
  name(rowid: number): NameRow | undefined {
    return this.byRowid.get(rowid);
  }
  wordEqual(word: string): WordRow | undefined {
    return this.word.get(word);
  }
  wordsWithPrefix(prefix: string, limit: number): WordRow[] {
    return this.wordPrefix.all(prefix, prefix + AFTER_PREFIX, limit);
  }
  /** Words one of whose one-letter deletions is `variant` (src/store/search-deletions.ts). */
  wordsWithDeletion(variant: string, limit: number): WordRow[] {
    return this.wordDeletes.all(variant, limit);
  }
  /**
   * Words containing `infix` (at least INFIX_MIN chars of [a-z0-9]) anywhere, the first `limit` in id
   * (word) order: all such words, as a scan of the vocabulary would give, wherever neither range
   * holds more than INFIX_IDS_READ entries.
   */
  wordsContaining(infix: string, limit: number): WordRow[] {
    if (!this.suffixIdsFrom) return this.wordTrigrams!.all(`"${infix}"`, limit);
    const head = infix.slice(0, SUFFIX_CHARS);
    const ids = new Set([
      ...this.wordIdsFrom.all(infix, infix + AFTER_PREFIX),
      ...this.suffixIdsFrom.all(head, head + AFTER_PREFIX),
    ]);
    const out: WordRow[] = [];
    for (const id of [...ids].sort((a, b) => a - b)) {
      if (out.length >= limit) break;
      const w = this.wordById.get(id);
      if (w && w.word.includes(infix)) out.push(w); // a text longer than SUFFIX_CHARS matched by its head only
    }
    return out;
  }
  namesWithWord(word: string, limit: number): number[] {
    return this.postings.all(word, limit).map((r) => r.name_rowid);
  }
  /** The name rows of namesWithWord, in its order, read in one statement. */
  namesOfWord(word: string, limit: number): NameRow[] {
    return this.postingNames.all(word, limit);
  }
  entityRow(id: string): EntityRow | undefined {
    return this.entities.get(id);
  }
}

const prepared = new WeakMap<Database, SearchStatements>();

/** The search statements of an opened store, prepared on first use and kept with the database. */
export function searchStatements(db: Database): SearchStatements {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = new SearchStatements(db)));
  return s;
}

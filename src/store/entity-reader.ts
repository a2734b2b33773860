// The entity statements of a release's store (the `entities` table, src/store/tables.ts), prepared
// once per opened database: one entity by id, and pages of the entities of some types in id order,
// read through the (type, id) index. Nothing here holds the release's entities in memory: a page
// reads at most `limit` rows per type, so its cost does not grow with the number of entities.
import type { Database, Statement } from 'better-sqlite3';
import type { Row } from './tables.js';
import type { StoredNames } from '../lib/languages.js';

export type EntityRow = Row<'entities'>;

/**
 * SQLite orders TEXT by memcmp of its UTF-8 bytes (https://sqlite.org/datatype3.html#collation, BINARY),
 * which is code point order; JS `<` compares UTF-16 units, which differs past U+D7FF. Pages merged
 * from several types are ordered as one `ORDER BY id` would order them.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // a surrogate (U+D800-U+DFFF) starts a code point above every BMP unit it could meet here
    const hx = x >= 0xd800 && x <= 0xdfff;
    const hy = y >= 0xd800 && y <= 0xdfff;
    if (hx !== hy) return hx ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** Known answers of `has` kept per release: ids asked for are the few places points cite. */
const HAS_MEMO = 10_000;

export class EntityReader {
  private readonly byId: Statement<[string], EntityRow>;
  private readonly firstOfType: Statement<[string, number], EntityRow>;
  private readonly afterOfType: Statement<[string, string, number], EntityRow>;
  private readonly countOfType: Statement<[string], { n: number }>;
  private readonly beforeOfType: Statement<[string, string, number], { id: string }>;
  private readonly afterAny: Statement<[string, number], EntityRow>;
  private readonly atOffset: Statement<[string, number], { id: string }>;
  private readonly slugsOfName: Statement<[string], { slug: string }>;
  private readonly counts = new Map<string, number>();
  private readonly known = new Map<string, boolean>();

  constructor(db: Database) {
    this.byId = db.prepare(
      'SELECT id, type, name_en, name_ru, name_kk, data FROM entities WHERE id = ?',
    );
    this.firstOfType = db.prepare(
      'SELECT id, type, name_en, name_ru, name_kk, data FROM entities WHERE type = ? ORDER BY id LIMIT ?',
    );
    this.afterOfType = db.prepare(
      'SELECT id, type, name_en, name_ru, name_kk, data FROM entities WHERE type = ? AND id > ? ORDER BY id LIMIT ?',
    );
    this.slugsOfName =
      db.prepare(`SELECT DISTINCT s.name AS slug FROM entity_names n JOIN entity_names s ON s.entity_id = n.entity_id AND s.kind = 'slug'
                                   WHERE lower(n.name) = lower(?) AND n.kind <> 'slug' ORDER BY s.name`);
    this.countOfType = db.prepare('SELECT count(*) AS n FROM entities WHERE type = ?');
    this.beforeOfType = db.prepare(
      'SELECT id FROM entities WHERE type = ? AND id < ? ORDER BY id DESC LIMIT ?',
    );
    this.afterAny = db.prepare(
      'SELECT id, type, name_en, name_ru, name_kk, data FROM entities WHERE id > ? ORDER BY id LIMIT ?',
    );
    // The id just before an offset, when a page is asked for by offset alone (a `prev` or `first`
    // link): reads the (type, id) index up to the offset, once per such page.
    this.atOffset = db.prepare(
      'SELECT id FROM entities WHERE type IN (SELECT value FROM json_each(?)) ORDER BY id LIMIT 1 OFFSET ?',
    );
  }

  get(id: string): EntityRow | undefined {
    return this.byId.get(id);
  }

  /** The en/ru/kk names of one entity, or null when there is none with this id. */
  names(id: string): StoredNames | null {
    const row = this.byId.get(id);
    return row ? { en: row.name_en, ru: row.name_ru, kk: row.name_kk } : null;
  }

  /** Slugs of the entities that `name` names as an alias, code or other spelling (case-insensitive). */
  aliasSlugs(name: string): string[] {
    return (this.slugsOfName.all(name) as { slug: string }[]).map((r) => r.slug);
  }

  has(id: string): boolean {
    const memo = this.known.get(id);
    if (memo !== undefined) return memo;
    const found = this.byId.get(id) !== undefined;
    if (this.known.size < HAS_MEMO) this.known.set(id, found);
    return found;
  }

  /** How many entities have one of these types (counted once per type per release). */
  count(types: readonly string[]): number {
    let total = 0;
    for (const type of new Set(types)) {
      let n = this.counts.get(type);
      if (n === undefined) this.counts.set(type, (n = this.countOfType.get(type)!.n));
      total += n;
    }
    return total;
  }

  /**
   * Up to `limit` entities of these types in id order, starting after the id `after` (null: from
   * the first). One seek per type on the (type, id) index, merged.
   */
  pageAfter(types: readonly string[], after: string | null, limit: number): EntityRow[] {
    if (limit <= 0) return [];
    const rows: EntityRow[] = [];
    for (const type of new Set(types)) {
      rows.push(
        ...(after === null
          ? this.firstOfType.all(type, limit)
          : this.afterOfType.all(type, after, limit)),
      );
    }
    return rows.sort((a, b) => compareCodePoints(a.id, b.id)).slice(0, limit);
  }

  /**
   * The id `back` places before `id` among these types in id order (1: the one just before), or null
   * when there are fewer: one backward seek per type. A `prev` link carries it, so going back costs a
   * page, not the offset.
   */
  idBack(types: readonly string[], id: string, back: number): string | null {
    if (back <= 0) return id;
    const ids: string[] = [];
    for (const type of new Set(types))
      for (const r of this.beforeOfType.all(type, id, back)) ids.push(r.id);
    return ids.sort((a, b) => compareCodePoints(b, a))[back - 1] ?? null;
  }

  /** The id of the entity just before position `offset` (from 0) of these types in id order; null at 0 or past the end. */
  idBefore(types: readonly string[], offset: number): string | null {
    if (offset <= 0) return null;
    return this.atOffset.get(JSON.stringify([...new Set(types)]), offset - 1)?.id ?? null;
  }

  /** Every entity, whatever its type, in id order, read a page at a time on the primary key. */
  *every(batch = 1000): Generator<EntityRow> {
    const empty = this.byId.get(''); // '' sorts before every other id, so `id > ''` leaves it out
    if (empty) yield empty;
    let after = '';
    for (;;) {
      const rows = this.afterAny.all(after, batch);
      yield* rows;
      if (rows.length < batch) return;
      after = rows.at(-1)!.id;
    }
  }

  /** Every entity of these types in id order, read a page at a time. */
  *all(types: readonly string[], batch = 1000): Generator<EntityRow> {
    let after: string | null = null;
    for (;;) {
      const rows = this.pageAfter(types, after, batch);
      yield* rows;
      if (rows.length < batch) return;
      after = rows.at(-1)!.id;
    }
  }
}

const readers = new WeakMap<Database, EntityReader>();

/** The entity reader of a release's store: statements prepared on first use, then kept with the store. */
export function entityReaderOf(release: { db: Database }): EntityReader {
  let reader = readers.get(release.db);
  if (!reader) readers.set(release.db, (reader = new EntityReader(release.db)));
  return reader;
}

// The entities search finds and the hits that carry them: an entity is read from the store's
// entities table only when a hit is shown.
import type { NameRow, SearchStatements } from '../../../store/search.js';
import type { NameMatch, Ranked } from './ranking.js';
import type { StoredNames } from '../../../lib/languages.js';

export interface IndexedEntity {
  id: string;
  type: string;
  names: StoredNames; // null: no translation
  data: Record<string, unknown>;
}

export interface Hit extends Ranked {
  /** Read from the store on first use: a page of hits reads only the entities it shows. */
  readonly entity: IndexedEntity;
}

export function parseEntity(row: {
  id: string;
  type: string;
  name_en: string;
  name_ru: string | null;
  name_kk: string | null;
  data: string;
}): IndexedEntity {
  let data: unknown;
  try {
    data = JSON.parse(row.data);
  } catch {
    data = null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new Error(`store.sqlite entities row ${row.id}: field data is not a JSON object`);
  return {
    id: row.id,
    type: row.type,
    names: { en: row.name_en, ru: row.name_ru, kk: row.name_kk },
    data: data as Record<string, unknown>,
  };
}

/** Whether an entity lies in a containing place: by id path (place:KZ-35/...) or a declared parent. */
export function isWithin(entity: IndexedEntity, within: string): boolean {
  if (entity.id.startsWith(within + '/')) return true;
  const data = entity.data;
  return data['parent'] === within || data['place'] === within || data['region'] === within;
}

/**
 * A hit whose entity is read from the store when first used. Names come from the entities table in the
 * build's one transaction (src/publish/store/search.ts), so every name's entity is in the sealed store.
 * A class, so that the getter is shared on its prototype: a query makes a hit per matching entity
 * (up to LIMITS.candidates), and an object literal with a getter allocates a closure for each.
 */
class LazyHit implements Hit {
  readonly entityId: string;
  readonly entityType: string;
  readonly score: number;
  readonly match: NameMatch;
  readonly placeKind: string;
  readonly hinted: boolean;
  constructor(
    private readonly s: SearchStatements,
    private readonly row: NameRow,
    fields: Omit<Ranked, 'entityId' | 'entityType'>,
    private known: IndexedEntity | undefined,
  ) {
    this.entityId = row.entity_id;
    this.entityType = row.type;
    this.score = fields.score;
    this.match = fields.match;
    this.placeKind = fields.placeKind;
    this.hinted = fields.hinted;
  }
  get entity(): IndexedEntity {
    if (this.known) return this.known;
    const er = this.s.entityRow(this.row.entity_id);
    if (!er)
      throw new Error(
        `store.sqlite search_names row ${this.row.rowid}: entity ${this.row.entity_id} is not in the entities table`,
      );
    return (this.known = parseEntity(er));
  }
}

export function hitOf(
  s: SearchStatements,
  row: NameRow,
  fields: Omit<Ranked, 'entityId' | 'entityType'>,
  known?: IndexedEntity,
): Hit {
  return new LazyHit(s, row, fields, known);
}

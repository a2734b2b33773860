// The per-release name index: every entity name (entities.name_* and entity_names) with its search
// key, built once per revision and cached, since a sealed release never changes (DESIGN.md "Serve").
import type { LoadedRelease } from '../../release-types.js';
import { searchKey } from '../../../lib/text-normalise.js';

export interface EntityNames {
  en: string;
  ru: string | null; // null: no translation (the entity's data says its fallback)
  kk: string | null;
}

export interface IndexedEntity {
  id: string;
  type: string;
  names: EntityNames;
  data: Record<string, unknown>;
}

export interface IndexedName {
  entityId: string;
  name: string;
  lang: string;
  kind: string; // name, official_name, alias, legacy_code, slug, code
  key: string;
  words: string[];
}

export interface SearchIndex {
  revision: string;
  entities: ReadonlyMap<string, IndexedEntity>;
  names: readonly IndexedName[];
}

interface EntityRow { id: string; type: string; name_en: string; name_ru: string | null; name_kk: string | null; data: string }
interface NameRow { entity_id: string; name: string; lang: string; kind: string }

const cache = new Map<string, SearchIndex>();
const CACHE_SIZE = 4; // the current release plus the few older ones that pinned cursors still page through

export function parseEntityData(row: { id: string; data: string }): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(row.data);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through: a sealed store with unparsable data is a build defect; say which row
  }
  throw new Error(`store.sqlite entities row ${row.id}: field data is not a JSON object`);
}

function build(release: LoadedRelease): SearchIndex {
  const entities = new Map<string, IndexedEntity>();
  const names: IndexedName[] = [];
  const seen = new Set<string>();
  const add = (entityId: string, name: string | null, lang: string, kind: string) => {
    if (name === null) return; // no translation in this language
    const identity = `${entityId}\u0000${name}\u0000${lang}\u0000${kind}`;
    const key = searchKey(name);
    if (key === '' || seen.has(identity)) return;
    seen.add(identity);
    names.push({ entityId, name, lang, kind, key, words: key.split(' ') });
  };
  const rows = release.db.prepare('SELECT id, type, name_en, name_ru, name_kk, data FROM entities ORDER BY id').all() as EntityRow[];
  for (const row of rows) {
    entities.set(row.id, { id: row.id, type: row.type, names: { en: row.name_en, ru: row.name_ru, kk: row.name_kk }, data: parseEntityData(row) });
    add(row.id, row.name_en, 'en', 'name');
    add(row.id, row.name_ru, 'ru', 'name');
    add(row.id, row.name_kk, 'kk', 'name');
  }
  const nameRows = release.db
    .prepare('SELECT entity_id, name, lang, kind FROM entity_names ORDER BY entity_id, kind, lang, name')
    .all() as NameRow[];
  for (const row of nameRows) add(row.entity_id, row.name, row.lang, row.kind);
  return { revision: release.revision, entities, names };
}

/** The name index of a release, built on first use and cached by revision. */
export function searchIndexFor(release: LoadedRelease): SearchIndex {
  const hit = cache.get(release.revision);
  if (hit) return hit;
  const index = build(release);
  cache.set(release.revision, index);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return index;
}

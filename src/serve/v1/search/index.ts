// The per-release entity map for the entity routes (lists and items), built once per revision and
// cached, since a sealed release never changes (DESIGN.md "Serve"). Names are not held here: search,
// resolve and alias lookups read the store's search index (src/store/search.ts).
import type { LoadedRelease } from '../../release-types.js';
import { parseEntity, type IndexedEntity } from './engine.js';

export type { IndexedEntity } from './engine.js';

export interface SearchIndex {
  revision: string;
  entities: ReadonlyMap<string, IndexedEntity>;
}

type EntityRow = { id: string; type: string; name_en: string; name_ru: string | null; name_kk: string | null; data: string };

const cache = new Map<string, SearchIndex>();
const CACHE_SIZE = 4; // the current release plus the few older ones that pinned cursors still page through

function build(release: LoadedRelease): SearchIndex {
  const entities = new Map<string, IndexedEntity>();
  const rows = release.db.prepare('SELECT id, type, name_en, name_ru, name_kk, data FROM entities ORDER BY id').all() as EntityRow[];
  for (const row of rows) entities.set(row.id, parseEntity(row));
  return { revision: release.revision, entities };
}

/** The entity map of a release, built on first use and cached by revision. */
export function searchIndexFor(release: LoadedRelease): SearchIndex {
  const hit = cache.get(release.revision);
  if (hit) return hit;
  const index = build(release);
  cache.set(release.revision, index);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return index;
}

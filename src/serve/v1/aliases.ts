// Canonical ids and their aliases (docs/interface.md §10.3): slugs, old codes, former names and bare
// codes resolve to the canonical id, which the item routes answer with 308 Permanent Redirect
// (RFC 9110 15.4.9: the method is kept and clients may update their links).
import { ProblemError } from '../problems/errors.js';
import { idSegment } from './envelope.js';
import type { Database } from 'better-sqlite3';
import { searchKey } from '../../lib/text-normalise.js';
import { searchStatements } from '../../store/search.js';
import type { EntityReader } from '../../store/entity-reader.js';
import { SECONDARY_KINDS } from './search/sure.js';

// Names sharing one key are few (homonyms, spellings); more than this many is not an alias lookup.
const MAX_NAMES_PER_KEY = 50;

export interface AliasTarget {
  id: string;
}

/**
 * The canonical id an item-route segment names: itself when it is canonical; the one entity whose
 * name, code or slug equals it (raw, or normalised) otherwise. Several entities: a problem listing
 * them, since the service never picks among homonyms.
 */
export function canonicalIdOf(
  entities: Pick<EntityReader, 'get'>,
  db: Database,
  raw: string,
  types: readonly string[],
  idPrefix: string,
): string | null {
  const direct = entities.get(raw);
  if (direct && types.includes(direct.type)) return raw;
  const prefixed = entities.get(`${idPrefix}:${raw}`);
  if (prefixed && types.includes(prefixed.type)) return prefixed.id;
  const key = searchKey(raw);
  const exact = new Set<string>();
  const normalised = new Set<string>();
  const names = (
    key === '' ? [] : searchStatements(db).namesWithKey(key, MAX_NAMES_PER_KEY)
  ).filter((n) => types.includes(n.type));
  // The name as written beats a name that only normalises alike; among those, a current name, code
  // or slug outranks an alias, abbreviation or former name: "Akmola" is the region today, though
  // Astana once bore it.
  const tier = (list: typeof names) => {
    const primary = list.filter((n) => !SECONDARY_KINDS.has(n.kind));
    return primary.length > 0 ? primary : list;
  };
  const written = names.filter((n) => n.name === raw);
  for (const name of tier(written)) exact.add(name.entity_id);
  for (const name of tier(names)) normalised.add(name.entity_id);
  const found = exact.size > 0 ? exact : normalised;
  if (found.size === 1) return [...found][0]!;
  if (found.size > 1) {
    const ids = [...found].sort();
    throw new ProblemError(
      'not_found',
      `"${raw}" names ${ids.length} objects (${ids.join(', ')}); use a canonical id.`,
      { candidates: ids },
    );
  }
  return null;
}

/** The canonical URL for a request that named an alias: the same path with the segment replaced. */
export function canonicalUrl(url: string, rawSegment: string, id: string): string {
  const parsed = new URL(url, 'http://v1.invalid');
  const segments = parsed.pathname.split('/');
  const at = segments.findIndex((s) => decodeURIComponent(s) === rawSegment);
  if (at >= 0) segments[at] = idSegment(id);
  return segments.join('/') + parsed.search;
}

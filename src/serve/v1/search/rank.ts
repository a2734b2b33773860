// Ranking (SPEC 4.4 search): exact, then prefix, then fuzzy, always in that order, because the score bands
// do not overlap (exact 1, prefix 0.5-0.9, fuzzy below 0.5). Each hit keeps the one name that
// matched best, so a client can see why it was found.
import { editDistance, toleratedEdits } from './distance.js';
import type { IndexedEntity, IndexedName, SearchIndex } from './index.js';
import { searchKey } from '../../../lib/text-normalise.js';

export type MatchType = 'exact' | 'prefix' | 'fuzzy';
export type Locale = 'ru' | 'kk' | 'en';

export interface NameMatch {
  name: string;
  lang: string;
  kind: string;
  type: MatchType;
  distance: number;
}

export interface Hit {
  entity: IndexedEntity;
  score: number;
  match: NameMatch;
}

export interface SearchOptions {
  locale?: Locale;
  types?: readonly string[];
  within?: string;
}

// Ties inside a score band: a primary name beats an alias or code; a region beats a district of the
// same name (the city of Karaganda must not outrank the region KZ-35); then a stable id order.
const KIND_RANK: Readonly<Record<string, number>> = { name: 0, official_name: 1, alias: 2, slug: 3, code: 4, legacy_code: 5 };
const TYPE_RANK: Readonly<Record<string, number>> = {
  place: 0, district: 1, indicator: 2, dataset: 3, institution: 4, person: 5, event: 6, source: 7,
};

function scoreName(query: string, name: IndexedName): { type: MatchType; score: number; distance: number } | null {
  if (name.key === query) return { type: 'exact', score: 1, distance: 0 };
  if (name.key.startsWith(query)) return { type: 'prefix', score: 0.5 + 0.4 * (query.length / name.key.length), distance: 0 };
  if (name.words.some((w) => w.startsWith(query))) return { type: 'prefix', score: 0.5 + 0.3 * (query.length / name.key.length), distance: 0 };
  const max = toleratedEdits(query.length);
  if (max === 0) return null;
  let distance = editDistance(query, name.key, max);
  // a typo in a name typed only partly ("Karagamda" for "Karaganda Region"): compare with the
  // name's leading words of the same length
  if (distance > max && name.key.length > query.length) distance = editDistance(query, name.key.slice(0, query.length), max);
  if (distance > max) {
    for (const word of name.words) distance = Math.min(distance, editDistance(query, word, max));
  }
  if (distance > max) return null;
  return { type: 'fuzzy', score: 0.45 * (1 - distance / (max + 1)), distance };
}

/** Whether an entity lies in a containing place: by id path (place:KZ-35/...) or a declared parent. */
export function isWithin(entity: IndexedEntity, within: string): boolean {
  if (entity.id.startsWith(within + '/')) return true;
  const data = entity.data;
  return data['parent'] === within || data['place'] === within || data['region'] === within;
}

function better(a: Hit, b: Hit, locale: Locale | undefined): number {
  if (a.score !== b.score) return b.score - a.score;
  const kind = (KIND_RANK[a.match.kind] ?? 9) - (KIND_RANK[b.match.kind] ?? 9);
  if (kind !== 0) return kind;
  if (locale) {
    const lang = Number(b.match.lang === locale) - Number(a.match.lang === locale);
    if (lang !== 0) return lang;
  }
  return 0;
}

export function rankedSearch(index: SearchIndex, text: string, opts: SearchOptions = {}): Hit[] {
  const query = searchKey(text);
  if (query === '') return [];
  const best = new Map<string, Hit>();
  for (const name of index.names) {
    const scored = scoreName(query, name);
    if (!scored) continue;
    const entity = index.entities.get(name.entityId);
    if (!entity) continue; // entity_names references entities(id); a dangling row is ignored, not served
    if (opts.types && !opts.types.includes(entity.type)) continue;
    if (opts.within && !isWithin(entity, opts.within)) continue;
    const hit: Hit = {
      entity,
      score: Math.round(scored.score * 1000) / 1000,
      match: { name: name.name, lang: name.lang, kind: name.kind, type: scored.type, distance: scored.distance },
    };
    const previous = best.get(entity.id);
    if (!previous || better(hit, previous, opts.locale) < 0) best.set(entity.id, hit);
  }
  return [...best.values()].sort(
    (a, b) =>
      better(a, b, opts.locale) ||
      (TYPE_RANK[a.entity.type] ?? 9) - (TYPE_RANK[b.entity.type] ?? 9) ||
      (a.entity.id < b.entity.id ? -1 : a.entity.id > b.entity.id ? 1 : 0),
  );
}

// The order of search hits: kind-of-place words first select the matching kind; then exact >
// prefix > fuzzy, in non-overlapping score bands (exact 1, prefix 0.5-0.9, fuzzy below 0.5); a
// region before a place inside it that matched as well (regionsBeforePlacesInside).
import type { MatchType } from './score.js';
import type { Lang } from '../../../lib/languages.js';

/** The language a search prefers among equally good names. */
export type Locale = Lang;

export interface NameMatch {
  name: string;
  lang: string;
  kind: string;
  type: MatchType;
  distance: number;
  valid_until?: string; // a former name: the year or date it was last in use
}

/** What ranking reads of a hit (compareHits): everything but the entity itself. */
export interface Ranked {
  entityId: string;
  entityType: string;
  score: number;
  match: NameMatch;
  placeKind: string;
  hinted: boolean; // the entity is of the kind the query's kind words ask for
}

// A current name first; an alias and a former name are equal (a region's alias "Guryev" and the city's
// former name "Guryev" tie, and the city-before-region rule below decides); identifiers last.
const KIND_RANK: Readonly<Record<string, number>> = {
  name: 0,
  official_name: 1,
  centre_name: 1,
  abbreviation: 2,
  alias: 3,
  former_name: 3,
  slug: 4,
  code: 4,
  legacy_code: 5,
};
const TYPE_RANK: Readonly<Record<string, number>> = {
  place: 0,
  district: 1,
  indicator: 2,
  institution: 3,
  dataset: 4,
  person: 5,
  source: 6,
  event: 7,
};
const BAND: Readonly<Record<MatchType, number>> = { exact: 0, prefix: 1, fuzzy: 2 };
// Between equally good matches of unrelated places, a city before a region (Almaty the city of
// republican significance before Almaty Region); a region and a city inside it are ordered by
// regionsBeforePlacesInside instead.
const PLACE_KIND_RANK: Readonly<Record<string, number>> = {
  city: 0,
  region: 1,
  country: 2,
  district: 3,
};

export function compareHits(a: Ranked, b: Ranked, locale: Locale | undefined): number {
  return (
    Number(b.hinted) - Number(a.hinted) ||
    BAND[a.match.type] - BAND[b.match.type] ||
    b.score - a.score ||
    (KIND_RANK[a.match.kind] ?? 9) - (KIND_RANK[b.match.kind] ?? 9) ||
    (locale ? Number(b.match.lang === locale) - Number(a.match.lang === locale) : 0) ||
    (PLACE_KIND_RANK[a.placeKind] ?? 9) - (PLACE_KIND_RANK[b.placeKind] ?? 9) ||
    (TYPE_RANK[a.entityType] ?? 9) - (TYPE_RANK[b.entityType] ?? 9) ||
    (a.entityId < b.entityId ? -1 : a.entityId > b.entityId ? 1 : 0)
  );
}

/**
 * A region moved before the first place inside it (its centre: place:KZ-35/KZ351000 in place:KZ-35,
 * or a district) that the query matched as well (same match type, same kind-word selection):
 * "Karaganda" is first the region, the unit the statistics describe, then the city of that name. Applied after the
 * sort rather than inside compareHits, whose order must stay transitive.
 */
export function regionsBeforePlacesInside<T extends Ranked>(hits: T[]): T[] {
  for (let i = 0; i < hits.length; i++) {
    const region = hits[i]!;
    if (region.placeKind !== 'region') continue;
    const j = hits.findIndex(
      (h, k) =>
        k < i &&
        h.entityId.startsWith(region.entityId + '/') &&
        h.match.type === region.match.type &&
        h.hinted === region.hinted,
    );
    if (j < 0) continue;
    hits.splice(i, 1);
    hits.splice(j, 0, region);
  }
  return hits;
}

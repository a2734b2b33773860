// Which hits are sure matches for /resolve and /reconcile: exact matches of the normalised name,
// narrowed by what the query itself says. The service never picks among the rest (docs/interface.md §10.6
// "Contracts"): several sure matches are homonyms.
import type { Database } from 'better-sqlite3';
import type { SearchOptions, SearchResult } from './engine.js';
import type { Hit } from './hits.js';
import { nearestHits } from './nearest.js';

// An alias, abbreviation or former name yields to a current name, code or slug with the same key:
// "Akmola" names the region today, though Astana once bore it.
export const SECONDARY_KINDS: ReadonlySet<string> = new Set([
  'alias',
  'abbreviation',
  'former_name',
]);

export function sureMatches(result: SearchResult): Hit[] {
  let sure = result.hits.filter((h) => h.match.type === 'exact');
  // kind-of-place words ("Karaganda region") choose among exact matches when any is of that kind
  if (result.query.hints.length > 0 && sure.some((h) => h.hinted))
    sure = sure.filter((h) => h.hinted);
  const primary = sure.filter((h) => !SECONDARY_KINDS.has(h.match.kind));
  if (primary.length > 0) sure = primary;
  // A region and its centre of the same name ("Karaganda") are homonyms: both stay, in the search's
  // order, the region first (engine.ts, regionsBeforePlacesInside).
  return sure;
}

export const NEAREST = 5;

/** The nearest names for a search that found nothing sure (its result, made with the same opts). */
export function nearest(db: Database, result: SearchResult, opts: SearchOptions): Hit[] {
  return nearestHits(db, result, opts, NEAREST);
}

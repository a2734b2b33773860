// The names nearest to a query that matched nothing, so that a 404 still offers something.
import type { Database } from 'better-sqlite3';
import { searchStatements, type NameRow } from '../../../store/search.js';
import { editDistance } from './distance.js';
import type { SearchOptions, SearchResult } from './engine.js';
import { hitOf, isWithin, parseEntity, type Hit } from './hits.js';
import { compareHits } from './ranking.js';

/** Edits beyond which a name is too far to be offered even as a nearest candidate. */
const NEAREST_MAX_EDITS = 12;

/**
 * The names nearest to a text that matched nothing (its search `result`, made with the same `opts`),
 * by edit distance, over the candidates that search read (so a 404 still offers something, at the
 * same bounded cost).
 */
export function nearestHits(
  db: Database,
  result: SearchResult,
  opts: SearchOptions,
  n: number,
): Hit[] {
  const q = result.query;
  if (q.key === '') return [];
  const s = searchStatements(db);
  const best = new Map<string, Hit>();
  const consider = (rows: readonly NameRow[], max: (row: NameRow) => number) => {
    for (const row of rows) {
      if (opts.types && !opts.types.includes(row.type)) continue;
      const limit = max(row);
      const d = editDistance(q.coreKey, row.key, limit);
      if (d > limit) continue;
      const previous = best.get(row.entity_id);
      if (previous && previous.match.distance <= d) continue;
      const er = s.entityRow(row.entity_id);
      if (!er) continue;
      const entity = parseEntity(er);
      if (opts.within && !isWithin(entity, opts.within)) continue;
      const score = Math.round(0.45 * Math.max(0, 1 - d / (NEAREST_MAX_EDITS + 1)) * 1000) / 1000;
      best.set(
        entity.id,
        hitOf(
          s,
          row,
          {
            score,
            match: { name: row.name, lang: row.lang, kind: row.kind, type: 'fuzzy', distance: d },
            placeKind: row.place_kind,
            hinted: false,
          },
          entity,
        ),
      );
    }
  };
  // bounded distance over the candidates; when none is near, the full distance over the few names
  // whose keys sort next to the text
  consider(result.candidates, () => NEAREST_MAX_EDITS);
  if (best.size === 0)
    consider(s.namesAround(q.coreKey, n * 4), (row) => Math.max(q.coreKey.length, row.key.length));
  return [...best.values()]
    .sort((a, b) => a.match.distance - b.match.distance || compareHits(a, b, opts.locale))
    .slice(0, n);
}

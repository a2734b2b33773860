// Ranked search over the store's search index (src/store/search.ts): candidates read by indexed
// reads only (candidates.ts), scored (score.ts) and ranked (ranking.ts), one hit per entity.
import type { Database } from 'better-sqlite3';
import { searchStatements, type NameRow } from '../../../store/search.js';
import { candidates, LIMITS, type SearchWork } from './candidates.js';
import { hitOf, isWithin, parseEntity, type Hit, type IndexedEntity } from './hits.js';
import { parseQuery, satisfiesHints, type ParsedQuery } from './query.js';
import {
  compareHits,
  regionsBeforePlacesInside,
  type Locale,
  type NameMatch,
  type Ranked,
} from './ranking.js';
import { scoreName } from './score.js';

export interface SearchOptions {
  locale?: Locale;
  types?: readonly string[];
  within?: string;
  /**
   * Names this search may score, at most LIMITS.candidates (its default). A request that runs several
   * searches divides one query's budget among them (batchCandidates), so that it costs about what one
   * query costs.
   */
  candidates?: number;
}

export interface SearchResult {
  query: ParsedQuery;
  hits: Hit[];
  work: SearchWork;
  /** The name rows read as candidates: nearestHits ranks them again instead of reading them twice. */
  candidates: readonly NameRow[];
}

/** Ranked hits for a text, one per entity (its best-matching name). */
export function search(db: Database, text: string, opts: SearchOptions = {}): SearchResult {
  const q = parseQuery(text);
  const work: SearchWork = { words: 0, vocabulary: 0, candidates: 0 };
  if (q.key === '') return { query: q, hits: [], work, candidates: [] };
  const s = searchStatements(db);
  // each entity's best name so far, as plain ranking fields; a Hit is made for the winners only
  const best = new Map<
    string,
    { ranked: Ranked; row: NameRow; entity: IndexedEntity | undefined }
  >();
  const entities = new Map<string, IndexedEntity | null>();
  const rows = candidates(
    s,
    q,
    Math.min(opts.candidates ?? LIMITS.candidates, LIMITS.candidates),
    work,
  );
  for (const row of rows) {
    if (opts.types && !opts.types.includes(row.type)) continue;
    const scored = scoreName(q, row);
    if (!scored) continue;
    // Only `within` needs the entity's data before ranking; otherwise it is read for the hits shown.
    let entity: IndexedEntity | null | undefined;
    if (opts.within) {
      entity = entities.get(row.entity_id);
      if (entity === undefined) {
        const er = s.entityRow(row.entity_id);
        entities.set(row.entity_id, (entity = er ? parseEntity(er) : null));
      }
      if (!entity || !isWithin(entity, opts.within)) continue;
    }
    const match: NameMatch = {
      name: row.name,
      lang: row.lang,
      kind: row.kind,
      type: scored.type,
      distance: scored.distance,
    };
    if (row.valid_until) match.valid_until = row.valid_until;
    const ranked: Ranked = {
      entityId: row.entity_id,
      entityType: row.type,
      score: Math.round(scored.score * 1000) / 1000,
      match,
      placeKind: row.place_kind,
      hinted: q.hints.length > 0 && satisfiesHints(row.place_kind, q.hints),
    };
    const previous = best.get(row.entity_id);
    if (!previous || compareHits(ranked, previous.ranked, opts.locale) < 0)
      best.set(row.entity_id, { ranked, row, entity: entity ?? undefined });
  }
  const hits = [...best.values()]
    .map((b) => hitOf(s, b.row, b.ranked, b.entity))
    .sort((a, b) => compareHits(a, b, opts.locale));
  return { query: q, hits: regionsBeforePlacesInside(hits), work, candidates: rows };
}

// Ranked search over the store's search index (src/store/search.ts). Candidates come from indexed
// reads only: names whose key equals or starts with the query, then, word by word, names holding a
// word equal to, starting with, containing (a suffix table of the word vocabulary) or one edit from
// a query word (symmetric deletions). Every read has a LIMIT and the candidate set is capped, so the work of a query
// is bounded after normalisation and does not grow with the number of names.
// Ranking: kind-of-place words first select the matching kind; then exact > prefix > fuzzy, in
// non-overlapping score bands (exact 1, prefix 0.5-0.9, fuzzy below 0.5); a region before a place
// inside it that matched as well (regionsBeforePlacesInside).
import type { Database } from 'better-sqlite3';
import { searchStatements, type NameRow, type SearchStatements } from '../../../store/search.js';
import { deletions } from '../../../store/search-deletions.js';
import { INFIX_MIN } from '../../../store/search-suffixes.js';
import { editDistance, toleratedEdits } from './distance.js';
import { parseQuery, satisfiesHints, type ParsedQuery } from './query.js';
import { scoreName, type MatchType } from './score.js';

export type { MatchType } from './score.js';
export type Locale = 'ru' | 'kk' | 'en';

export interface NameMatch {
  name: string;
  lang: string;
  kind: string;
  type: MatchType;
  distance: number;
  valid_until?: string; // a former name: the year or date it was last in use
}

export interface IndexedEntity {
  id: string;
  type: string;
  names: { en: string; ru: string | null; kk: string | null }; // null: no translation
  data: Record<string, unknown>;
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

export interface Hit extends Ranked {
  /** Read from the store on first use: a page of hits reads only the entities it shows. */
  readonly entity: IndexedEntity;
}

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

/** What a query read: counted so that tests can check the bounds without timing anything. */
export interface SearchWork {
  words: number; // query words matched
  vocabulary: number; // vocabulary words read
  candidates: number; // names scored
}

export const LIMITS = {
  keyNames: 50, // names read per exact or prefix key lookup
  prefixWords: 8, // vocabulary words starting with a query word
  infixWords: 8, // vocabulary words containing a query word
  typoWords: 4, // vocabulary words read per deletion variant of a query word
  vocabularyPerWord: 64, // vocabulary words read per query word, in all
  postings: 40, // names read per vocabulary word, shortest first
  candidates: 200, // names scored per query: the real release's answers never reach it (each was compared at 400)
} as const;

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

type Word = { id: number; word: string; df: number };

/**
 * The vocabulary words a query word reaches, in order: itself, words it starts, words containing it,
 * words one edit away; each word once, at most LIMITS.vocabularyPerWord. Each batch is read when
 * the previous one is used up.
 */
function* vocabulary(s: SearchStatements, w: string, exact: Word | undefined): Generator<Word> {
  const seen = new Set<number>();
  const batches: (() => readonly Word[])[] = [
    () => (exact ? [exact] : []),
    () => s.wordsWithPrefix(w, LIMITS.prefixWords),
  ];
  if (w.length >= INFIX_MIN) batches.push(() => s.wordsContaining(w, LIMITS.infixWords));
  // Typos by symmetric deletion: a word one edit away shares a one-letter deletion with the query
  // word (or equals one of its deletions, or has it as a deletion), each a point read.
  if (toleratedEdits(w.length) > 0) {
    batches.push(() => s.wordsWithDeletion(w, LIMITS.typoWords));
    for (const v of deletions(w)) {
      batches.push(() => {
        const equal = s.wordEqual(v);
        return equal ? [equal] : [];
      });
      batches.push(() => s.wordsWithDeletion(v, LIMITS.typoWords));
    }
  }
  for (const batch of batches) {
    for (const r of batch()) {
      if (seen.size >= LIMITS.vocabularyPerWord) return;
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      yield r;
    }
  }
}

/**
 * Each query's candidate budget in a request of `queries` searches (a reconciliation batch): one
 * query's LIMITS.candidates divided among them, so that no request within the input limits costs
 * much more CPU than one search.
 */
export function batchCandidates(queries: number): number {
  return Math.max(1, Math.ceil(LIMITS.candidates / Math.max(1, queries)));
}

/** Candidate name rows for a query, by indexed reads only, at most `budget` (<= LIMITS.candidates). */
function candidates(
  s: SearchStatements,
  q: ParsedQuery,
  budget: number,
  work: SearchWork,
): NameRow[] {
  const found = new Map<number, NameRow>();
  const full = () => found.size >= budget;
  const take = (rows: readonly NameRow[]) => {
    for (const r of rows) if (!full()) found.set(r.rowid, r);
  };
  const keyNames = Math.min(LIMITS.keyNames, budget);
  for (const key of new Set([q.key, q.coreKey])) {
    if (full()) break;
    take(s.namesWithKey(key, keyNames));
    if (full()) break;
    take(s.namesWithPrefix(key, keyNames));
  }
  // Rarer words first: their postings are the most selective. A query word's vocabulary is read
  // batch by batch, only as far as the postings loop needs it: once the candidates are full, later
  // batches (infix, typos) are never read, and the candidates are those of reading them all.
  const perWord = q.core.map((w) => {
    const exact = s.wordEqual(w);
    return { w, exact, df: exact?.df ?? Number.MAX_SAFE_INTEGER };
  });
  work.words = perWord.length;
  perWord.sort((a, b) => a.df - b.df);
  // Each word may fill the candidates only up to its share (word i of n: (i + 1) / n of them), so a
  // common word read first leaves room for a rarer one: a word with a typo has no df and comes last.
  for (const [i, { w, exact }] of perWord.entries()) {
    const share = Math.ceil((budget * (i + 1)) / perWord.length);
    const shareFull = () => found.size >= share;
    if (shareFull()) continue;
    const words = vocabulary(s, w, exact);
    while (!shareFull()) {
      const next = words.next(); // reads the next batch only now that it is needed
      if (next.done) break;
      const word = next.value;
      work.vocabulary++;
      for (const row of s.namesOfWord(word.word, LIMITS.postings)) {
        if (shareFull()) break;
        if (!found.has(row.rowid)) found.set(row.rowid, row);
      }
    }
  }
  work.candidates = found.size;
  return [...found.values()];
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

export interface SearchResult {
  query: ParsedQuery;
  hits: Hit[];
  work: SearchWork;
  /** The name rows read as candidates: nearestHits ranks them again instead of reading them twice. */
  candidates: readonly NameRow[];
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

function hitOf(
  s: SearchStatements,
  row: NameRow,
  fields: Omit<Ranked, 'entityId' | 'entityType'>,
  known?: IndexedEntity,
): Hit {
  return new LazyHit(s, row, fields, known);
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

/**
 * A region moved before the first place inside it (its centre: place:KZ-35/KZ351000 in place:KZ-35,
 * or a district) that the query matched as well (same match type, same kind-word selection):
 * "Karaganda" is first the region, the unit the statistics describe, then the city of that name. Applied after the
 * sort rather than inside compareHits, whose order must stay transitive.
 */
function regionsBeforePlacesInside<T extends Ranked>(hits: T[]): T[] {
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

// A search query after normalisation: its key (src/lib/text-normalise.ts), its words, and the words
// that name a kind of place ("район", "ауданы", "district", "облысы", "city" ...), which select a
// kind instead of being required in the name.
import { searchKey } from '../../../lib/text-normalise.js';

export type PlaceHint = 'region' | 'district' | 'city';

// Words in kk, ru and en (and their common Latin spellings), as typed; keyed below by searchKey so
// that they meet the query's words whatever the script.
const KIND_WORDS: Readonly<Record<PlaceHint, readonly string[]>> = {
  region: ['область', 'обл', 'облысы', 'облыс', 'region', 'oblast', 'oblys', 'oblysy', 'province', 'провинция'],
  district: ['район', 'р-н', 'ауданы', 'аудан', 'district', 'raion', 'rayon', 'audany', 'audan'],
  city: ['город', 'г', 'қаласы', 'қала', 'city', 'town', 'gorod', 'kalasy', 'qalasy', 'kala', 'qala'],
};
// Keyed on the first query rather than at import: searchKey loads the transliteration tables, which
// `dala serve` would otherwise pay for at start-up.
let hintOf: Map<string, PlaceHint> | null = null;
function hints(): Map<string, PlaceHint> {
  if (hintOf) return hintOf;
  hintOf = new Map();
  for (const [hint, words] of Object.entries(KIND_WORDS) as [PlaceHint, readonly string[]][]) {
    for (const w of words) hintOf.set(searchKey(w), hint);
  }
  return hintOf;
}

/** At most this many distinct words of a query are matched; the rest are ignored. */
export const MAX_QUERY_WORDS = 6;

export interface ParsedQuery {
  key: string; // the whole normalised query
  core: string[]; // its words without kind-of-place words (all words if nothing else is left)
  coreKey: string;
  hints: PlaceHint[];
}

export function parseQuery(text: string): ParsedQuery {
  const key = searchKey(text);
  const words = [...new Set(key.split(' ').filter((w) => w !== ''))].slice(0, MAX_QUERY_WORDS);
  const hintOf = hints();
  const found = words.map((w) => hintOf.get(w)).filter((h): h is PlaceHint => h !== undefined);
  const core = words.filter((w) => !hintOf.has(w));
  if (core.length === 0) return { key, core: words, coreKey: words.join(' '), hints: [] };
  return { key, core, coreKey: core.join(' '), hints: [...new Set(found)] };
}

/** A key without its kind-of-place words ("karaganda region" -> "karaganda"); the key itself if nothing else is left. */
export function withoutKindWords(key: string): string {
  const hintOf = hints();
  const words = key.split(' ').filter((w) => w !== '' && !hintOf.has(w));
  return words.length > 0 ? words.join(' ') : key;
}

/** Whether a name row's place kind is what the query's kind words ask for. */
export function satisfiesHints(placeKind: string, hints: readonly PlaceHint[]): boolean {
  return hints.length === 0 || hints.includes(placeKind as PlaceHint);
}

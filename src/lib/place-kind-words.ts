// Words that name a kind of place ("район", "ауданы", "district", "облысы", "city" ...), keyed as
// search keys. A query's kind words select a kind instead of being required in the name; a region's
// name without them ("Қарағанды облысы" -> "karagandi") is the name people call it by. The build
// (which names a region by its centre's name when the two share it) and the search routes read them here.
import { searchKey } from './text-normalise.js';

export type PlaceHint = 'region' | 'district' | 'city';

// Words in kk, ru and en (and their common Latin spellings), as typed; keyed below by searchKey so
// that they meet the query's words whatever the script.
const KIND_WORDS: Readonly<Record<PlaceHint, readonly string[]>> = {
  region: [
    'область',
    'обл',
    'облысы',
    'облыс',
    'region',
    'oblast',
    'oblys',
    'oblysy',
    'province',
    'провинция',
  ],
  district: ['район', 'р-н', 'ауданы', 'аудан', 'district', 'raion', 'rayon', 'audany', 'audan'],
  city: [
    'город',
    'г',
    'қаласы',
    'қала',
    'city',
    'town',
    'gorod',
    'kalasy',
    'qalasy',
    'kala',
    'qala',
  ],
};
// Keyed on first use rather than at import: searchKey loads the transliteration tables, which
// `dala serve` would otherwise pay for at start-up.
let hintOf: Map<string, PlaceHint> | null = null;

/** Each kind word's search key, and the kind it names. */
export function kindWordHints(): ReadonlyMap<string, PlaceHint> {
  if (hintOf) return hintOf;
  hintOf = new Map();
  for (const [hint, words] of Object.entries(KIND_WORDS) as [PlaceHint, readonly string[]][]) {
    for (const w of words) hintOf.set(searchKey(w), hint);
  }
  return hintOf;
}

/** A key without its kind-of-place words ("karaganda region" -> "karaganda"); the key itself if nothing else is left. */
export function withoutKindWords(key: string): string {
  const hints = kindWordHints();
  const words = key.split(' ').filter((w) => w !== '' && !hints.has(w));
  return words.length > 0 ? words.join(' ') : key;
}

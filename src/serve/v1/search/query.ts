// A search query after normalisation: its key (src/lib/text-normalise.ts), its words, and the words
// that name a kind of place (src/lib/place-kind-words.ts), which select a kind instead of being
// required in the name.
import { kindWordHints, type PlaceHint } from '../../../lib/place-kind-words.js';
import { searchKey } from '../../../lib/text-normalise.js';

/** At most this many distinct words of a query are matched; the rest are ignored. */
export const MAX_QUERY_WORDS = 6;

export interface ParsedQuery {
  key: string; // the whole normalised query
  core: string[]; // its words without kind-of-place words (all words if nothing else is left)
  coreKey: string; // the key without its kind-of-place words: every word, not only those in core
  hints: PlaceHint[];
}

export function parseQuery(text: string): ParsedQuery {
  const key = searchKey(text);
  const all = key.split(' ').filter((w) => w !== '');
  const words = [...new Set(all)].slice(0, MAX_QUERY_WORDS);
  const hintOf = kindWordHints();
  const found = words.map((w) => hintOf.get(w)).filter((h): h is PlaceHint => h !== undefined);
  const core = words.filter((w) => !hintOf.has(w));
  if (core.length === 0) return { key, core: words, coreKey: key, hints: [] };
  // The key compared whole (an exact or a starting match) is every word of the query but the kind
  // words: cut to the words matched one by one, a query of many words equalled the name of its first
  // MAX_QUERY_WORDS ("Employed psychologists by activity: construction" the name "Employed psychologists").
  const kindWords = new Set(words.filter((w) => hintOf.has(w)));
  const coreKey = all.filter((w) => !kindWords.has(w)).join(' ');
  return { key, core, coreKey, hints: [...new Set(found)] };
}

/** Whether a name row's place kind is what the query's kind words ask for. */
export function satisfiesHints(placeKind: string, hints: readonly PlaceHint[]): boolean {
  return hints.length === 0 || hints.includes(placeKind as PlaceHint);
}

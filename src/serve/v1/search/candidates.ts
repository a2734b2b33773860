// Candidate names for a query, by indexed reads of the store's search index (src/store/search.ts)
// only: names whose key equals or starts with the query, then, word by word, names holding a word
// equal to, starting with, containing (a suffix table of the word vocabulary) or one edit from a
// query word (symmetric deletions). Every read has a LIMIT and the candidate set is capped, so the
// work of a query is bounded after normalisation and does not grow with the number of names.
import { type NameRow, type SearchStatements } from '../../../store/search.js';
import { deletions } from '../../../store/search-deletions.js';
import { INFIX_MIN } from '../../../store/search-suffixes.js';
import { toleratedEdits } from './distance.js';
import type { ParsedQuery } from './query.js';

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
export function candidates(
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

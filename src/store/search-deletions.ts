// Typo matching over the search vocabulary (src/store/search-schema.ts, table search_deletes): a word
// of 4+ letters is stored under each of its one-letter deletions, and a query word is looked up under
// itself and its own deletions, so a word one edit away is found by point reads (symmetric deletions).
// One function for the build, which writes the table, and the server, which reads it.

/** Words this long or longer are typo-matched (shorter ones: one edit is noise); longer than MAX are not. */
export const FUZZY_WORD_LENGTH = { min: 4, max: 24 } as const;

/** The distinct one-letter deletions of a word within FUZZY_WORD_LENGTH; none otherwise. */
export function deletions(word: string): string[] {
  if (word.length < FUZZY_WORD_LENGTH.min || word.length > FUZZY_WORD_LENGTH.max) return [];
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return [...out];
}

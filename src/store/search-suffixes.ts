// Infix matching over the search vocabulary (src/store/search-schema.ts): every word under each of
// its suffixes that starts after its first letter and holds 3+ letters, cut to SUFFIX_CHARS. A word
// contains a text t (3 <= |t| <= SUFFIX_CHARS) exactly when t is a prefix of the word or of one of
// its suffixes, so "words containing t" is two index ranges (search_words.word, search_suffixes)
// read with a LIMIT: one seek each, where an FTS5 trigram phrase reads the whole doclist of every
// trigram of t (milliseconds for a common or repetitive word in a million-word vocabulary).
// Written by src/publish/store/search.ts.

/** Suffixes are stored cut to this many letters: a longer text is found by its first SUFFIX_CHARS, then checked. */
export const SUFFIX_CHARS = 16;
/** The shortest text looked up inside words (FTS5's trigram minimum, kept). */
export const INFIX_MIN = 3;

/** The distinct stored suffixes of a word: from its second letter on, 3+ letters, cut to SUFFIX_CHARS. */
export function suffixes(word: string): string[] {
  const out = new Set<string>();
  for (let i = 1; i + INFIX_MIN <= word.length; i++) out.add(word.slice(i, i + SUFFIX_CHARS));
  return [...out];
}

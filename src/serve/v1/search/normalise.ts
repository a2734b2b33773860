// Name normalisation for search and resolve (issue 4): one folding function used for both the indexed
// names and the query, so "Караганда", "Қарағанды", "Qaraghandy", "Karagandy" and "karaganda" meet
// on comparable keys. Residual spelling differences (dy/da endings, one-letter typos) are left to
// the edit distance in rank.ts rather than to ad-hoc rules.
import { transliterate } from 'transliteration';

// Kazakh-specific letters folded before general Cyrillic transliteration: the `transliteration`
// package renders them with apostrophes (қ -> k', ғ -> g'), which would never meet the Latin
// spellings people actually type (Qaraghandy, Karagandy).
const KAZAKH_LETTERS: Readonly<Record<string, string>> = {
  'қ': 'k', 'ғ': 'g', 'ң': 'n', 'ө': 'o', 'ұ': 'u', 'ү': 'u', 'і': 'i', 'ә': 'a', 'һ': 'h',
};

// Common Latin spelling variants of Kazakh and Russian names, collapsed to one form. Order matters:
// digraphs first, then single letters (q -> k after gh -> g so "gh" never becomes "kh").
const VARIANTS: readonly [RegExp, string][] = [
  [/zh/g, 'j'],
  [/kh/g, 'h'],
  [/gh/g, 'g'],
  [/q/g, 'k'],
  [/y/g, 'i'],
  [/(.)\1+/g, '$1'], // doubled letters: "Almatty", "Kyzylorda" typed with double consonants
];

/** The comparable search key of a name or query: NFKC, lowercase, folded, Latin, variants collapsed. */
export function searchKey(text: string): string {
  const lower = text.normalize('NFKC').toLowerCase();
  let folded = '';
  for (const ch of lower) folded += KAZAKH_LETTERS[ch] ?? ch;
  let latin = transliterate(folded)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // diacritics left by transliteration or typed by the user
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  for (const [pattern, replacement] of VARIANTS) latin = latin.replace(pattern, replacement);
  return latin;
}

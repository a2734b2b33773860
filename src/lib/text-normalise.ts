// Text keys for names in Kazakh, Russian and Latin script. One key function (`searchKey`) serves the
// published search-index.json and the v1 search, resolve and reconcile routes, so a query typed as
// "Караганда", "Қарағанды", "Qaraghandy", "Karagandy" or "КАРАГАНДА" meets the same key wherever it
// is compared. `foldText` and `latinKey` are its first stages, also used for slugs and for grouping
// names that differ only in case or Kazakh letters.
import { createRequire } from 'node:module';

// transliteration (CommonJS, large tables) is required on the first key computed: `dala serve`
// computes none before its first search, and loading the package is a quarter second of start-up.
let transliterateFn: typeof import('transliteration').transliterate | null = null;
const transliterate = (text: string): string =>
  (transliterateFn ??= (
    createRequire(import.meta.url)('transliteration') as typeof import('transliteration')
  ).transliterate)(text);

/**
 * Kazakh letters outside the Russian alphabet, folded to their nearest Russian letter. Folding
 * before transliterating gives "karagandy" for "Қарағанды" (the package alone writes "K'arag'andy").
 */
const KAZAKH_FOLD: Readonly<Record<string, string>> = {
  ә: 'а',
  ғ: 'г',
  қ: 'к',
  ң: 'н',
  ө: 'о',
  ұ: 'у',
  ү: 'у',
  һ: 'х',
  і: 'и',
};

/** NFKC, lowercase, Kazakh letters folded, Latin diacritics dropped, punctuation as one space. */
export function foldText(text: string): string {
  const lower = text.normalize('NFKC').toLowerCase().replace(/ё/g, 'е');
  const folded = [...lower].map((ch) => KAZAKH_FOLD[ch] ?? ch).join('');
  // Latin diacritics (Türkistan, Qaraǵandy) are decomposed and their marks removed; Cyrillic й keeps
  // its breve because it is recomposed below (NFC) only after marks on Latin letters are dropped.
  const latinPlain = folded
    .normalize('NFD')
    .replace(/([a-z])[\u0300-\u036f]+/g, '$1')
    .normalize('NFC');
  return latinPlain.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** Latin form: the folded text transliterated, letters and digits only, single spaces. */
export function latinKey(text: string): string {
  return latinOf(foldText(text));
}

function latinOf(folded: string): string {
  return transliterate(folded)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Latin spellings of one Kazakh or Russian name differ in a few systematic ways (Qaraghandy,
// Karagandy, Karaganda; Zhezkazgan, Jezkazgan; Almatty): these collapse them to one form. Order
// matters: digraphs first, then single letters (q -> k after gh -> g, so "gh" never becomes "kh").
const VARIANTS: readonly [RegExp, string][] = [
  [/zh/g, 'j'],
  [/kh/g, 'h'],
  [/gh/g, 'g'],
  [/q/g, 'k'],
  [/y/g, 'i'],
  [/(.)\1+/g, '$1'],
];

// A Roman numeral of 1 to 39 as a word of its own: "II подъема" and "III подъема" name the second
// and the third lift, which collapsing doubled letters would make one ("i").
const ROMAN = /^x{0,3}(ix|iv|v?i{0,3})$/;
const ROMAN_WORD = /(^| )[ivx]+( |$)/;

/** The Latin variants collapsed, except in a Roman numeral. */
function variantsOf(text: string): string {
  if (ROMAN.test(text)) return text;
  let out = text;
  for (const [pattern, replacement] of VARIANTS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * Longest search key compared: longer names and queries are cut at a word boundary. Every indicator
 * name of the release is shorter (the longest, an SDG series' in Kazakh, is 351 characters as a key):
 * names cut shorter matched each other exactly (at 96, 2,320 of 5,520 indicator names were cut, and
 * the exact name of one SDG series or price index found a sibling sharing its first 96 characters first).
 */
export const MAX_KEY_LENGTH = 384;
// NFKC expands one code point to at most 18 (U+FDFA): the raw text and the folded text are both cut
// (4 and 2 code points per key character) so that a hostile input costs a bounded amount of work,
// while every real name (each folded letter gives at least one Latin letter but ь/ъ) stays whole.
const MAX_RAW_CODE_POINTS = MAX_KEY_LENGTH * 4;
const MAX_FOLDED_CODE_POINTS = MAX_KEY_LENGTH * 2;

/**
 * The comparable key of a name or a query: NFKC, lowercase, Kazakh letters folded, transliterated
 * to Latin, Latin variants collapsed, words separated by one space, at most MAX_KEY_LENGTH chars.
 */
export function searchKey(text: string): string {
  const raw =
    text.length > MAX_RAW_CODE_POINTS ? [...text].slice(0, MAX_RAW_CODE_POINTS).join('') : text;
  const expanded = raw.normalize('NFKC');
  const bounded =
    expanded.length > MAX_FOLDED_CODE_POINTS
      ? cutCodePoints(expanded, MAX_FOLDED_CODE_POINTS)
      : expanded;
  const latin = latinOf(foldText(bounded)); // NFKC is idempotent: folding the cut text repeats it at no risk
  let key = ROMAN_WORD.test(latin) ? latin.split(' ').map(variantsOf).join(' ') : variantsOf(latin);
  if (key.length <= MAX_KEY_LENGTH) return key;
  const cut = key.slice(0, MAX_KEY_LENGTH + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, MAX_KEY_LENGTH)).trim();
}

/** The first `n` code points of `text`, without splitting a surrogate pair. */
function cutCodePoints(text: string, n: number): string {
  let end = 0;
  for (let i = 0; i < n && end < text.length; i++)
    end += (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  return text.slice(0, end);
}

/** What searchKey does, in words, for the published search-index.json. */
export const KEY_DESCRIPTION =
  'keys: NFKC; lowercase; Kazakh letters folded (ә→а, ғ→г, қ→к, ң→н, ө→о, ұ→у, ү→у, һ→х, і→и); transliterated to Latin; ' +
  'zh→j, kh→h, gh→g, q→k, y→i, doubled letters single (not in a Roman numeral); anything but letters and digits as one space; at most ' +
  MAX_KEY_LENGTH +
  ' characters. ' +
  'A query normalised the same way matches a key exactly (this is the key /api/v1/search and /api/v1/resolve compare).';

/** Every distinct non-empty search key of the given names, sorted. */
export function searchKeys(names: Iterable<string>): string[] {
  const keys = new Set<string>();
  for (const name of names) {
    const key = searchKey(name);
    if (key) keys.add(key);
  }
  return [...keys].sort();
}

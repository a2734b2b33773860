// Search keys for names in Kazakh, Russian and Latin script. A query typed as "Караганда",
// "Қарағанды", "Karagandy" or "КАРАГАНДА" should meet the same key, so every name yields:
// a folded Cyrillic key and a Latin transliteration of it (the `transliteration` package).
import { transliterate } from 'transliteration';

/**
 * Kazakh letters outside the Russian alphabet, folded to their nearest Russian letter. Folding
 * before transliterating gives "karagandy" for "Қарағанды" (the package alone writes "K'arag'andy").
 */
const KAZAKH_FOLD: Readonly<Record<string, string>> = {
  ә: 'а', ғ: 'г', қ: 'к', ң: 'н', ө: 'о', ұ: 'у', ү: 'у', һ: 'х', і: 'и',
};

/** NFKC, lowercase, Kazakh letters folded, Latin diacritics dropped, punctuation as one space. */
export function foldText(text: string): string {
  const lower = text.normalize('NFKC').toLowerCase().replace(/ё/g, 'е');
  const folded = [...lower].map((ch) => KAZAKH_FOLD[ch] ?? ch).join('');
  // Latin diacritics (Türkistan, Qaraǵandy) are decomposed and their marks removed; Cyrillic й keeps
  // its breve because it is recomposed below (NFC) only after marks on Latin letters are dropped.
  const latinPlain = folded.normalize('NFD').replace(/([a-z])[\u0300-\u036f]+/g, '$1').normalize('NFC');
  return latinPlain.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** Latin key: the folded text transliterated, letters and digits only, single spaces. */
export function latinKey(text: string): string {
  const latin = transliterate(foldText(text)).toLowerCase();
  return latin.replace(/[^a-z0-9]+/g, ' ').trim();
}

/** Every distinct non-empty key (folded and Latin) of the given names, sorted. */
export function searchKeys(names: Iterable<string>): string[] {
  const keys = new Set<string>();
  for (const name of names) {
    for (const key of [foldText(name), latinKey(name)]) if (key) keys.add(key);
  }
  return [...keys].sort();
}

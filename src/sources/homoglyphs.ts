// Cyrillic letters that look like Latin ones. The Bureau's English GRP table mixes them into Latin
// labels ("Аlmaty" starts with U+0410 CYRILLIC CAPITAL LETTER A), so an exact lookup of the label
// fails although it reads correctly. The table is explicit (Unicode confusables, restricted to
// the Cyrillic block used in Kazakh and Russian) rather than a generic transliteration: a
// transliterator would also turn real Cyrillic words into Latin, which is not a repair.

/** Cyrillic code point -> the Latin letter it is visually confusable with. */
export const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = Object.freeze({
  '\u0410': 'A', // А
  '\u0412': 'B', // В
  '\u0415': 'E', // Е
  '\u041A': 'K', // К
  '\u041C': 'M', // М
  '\u041D': 'H', // Н
  '\u041E': 'O', // О
  '\u0420': 'P', // Р
  '\u0421': 'C', // С
  '\u0422': 'T', // Т
  '\u0425': 'X', // Х
  '\u0406': 'I', // І (Kazakh/Ukrainian dotted I)
  '\u0408': 'J', // Ј
  '\u0405': 'S', // Ѕ
  '\u04AE': 'Y', // Ү (Kazakh straight U)
  '\u051A': 'Q', // Ԛ
  '\u051C': 'W', // Ԝ
  '\u0430': 'a', // а
  '\u0435': 'e', // е
  '\u043E': 'o', // о
  '\u0440': 'p', // р
  '\u0441': 'c', // с
  '\u0443': 'y', // у
  '\u0445': 'x', // х
  '\u0456': 'i', // і
  '\u0458': 'j', // ј
  '\u0455': 's', // ѕ
  '\u04BB': 'h', // һ
  '\u051B': 'q', // ԛ
  '\u051D': 'w', // ԝ
});

const LATIN_LETTER = /[A-Za-z]/;
const CYRILLIC_LETTER = /[\u0400-\u052F]/;

export interface HomoglyphResult {
  text: string;
  /** One entry per replaced character: its index in the input, the Cyrillic and the Latin letter. */
  replaced: { index: number; from: string; to: string }[];
}

/**
 * Replaces Cyrillic look-alikes with Latin letters inside words that are otherwise Latin
 * (mixed-script words). A word written wholly in Cyrillic ("Павлодар") is left alone, and so is a
 * mixed word holding a Cyrillic letter with no Latin twin: that is not a look-alike slip.
 */
export function normaliseHomoglyphs(input: string): HomoglyphResult {
  const replaced: HomoglyphResult['replaced'] = [];
  let out = '';
  // Words = maximal runs of letters; everything else passes through unchanged.
  const re = /[\p{L}\p{M}]+|[^\p{L}\p{M}]+/gu;
  for (const m of input.matchAll(re)) {
    const word = m[0];
    const start = m.index ?? 0;
    const chars = [...word];
    const mixed = chars.some((c) => LATIN_LETTER.test(c)) && chars.some((c) => CYRILLIC_LETTER.test(c));
    const allTwins = chars.every((c) => !CYRILLIC_LETTER.test(c) || CYRILLIC_TO_LATIN[c] !== undefined);
    if (!mixed || !allTwins) {
      out += word;
      continue;
    }
    let offset = start;
    for (const c of chars) {
      const latin = CYRILLIC_TO_LATIN[c];
      if (latin !== undefined) {
        replaced.push({ index: offset, from: c, to: latin });
        out += latin;
      } else {
        out += c;
      }
      offset += c.length;
    }
  }
  return { text: out, replaced };
}

/** Label clean-up used by the source readers: NFC, homoglyphs, trimmed and single-spaced. */
export function normaliseLabel(raw: string): string {
  const nfc = raw.normalize('NFC');
  return normaliseHomoglyphs(nfc).text.replace(/\s+/g, ' ').trim();
}

// The indicator picker's type-ahead: the indicators whose name in any of Kazakh, Russian and English,
// whose id or whose SDG number (bare, or as any of the three languages labels it) holds every word
// typed; those whose name in the reader's language starts with the first word first, then those with
// any name starting with it, then the rest, each group in the reader's alphabetical order.
import type { Metric } from './api.js';
import { metricName } from './format.js';
import { LANGS, translator, type Lang } from './i18n.js';

// An SDG number as each language writes it ("SDG 16.1.1", "ЦУР 16.1.1", "ТДМ 16.1.1"): typed in any.
const SDG_LABELS = LANGS.map((l) => translator(l)('sdgNumber', { n: '{n}' }));

/** Lower case, ё as е and without combining marks, so "ёлка", "Елка" and "елка" meet. */
const fold = (s: string) =>
  s.toLocaleLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ё/g, 'е');

/** At most this many matches are listed (the reader types on to narrow them). */
export const LIMIT = 60;

export function matchIndicators(
  q: string,
  indicators: readonly Metric[],
  lang: Lang,
  sdgOf: (m: Metric) => string | null,
): Metric[] {
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const scored = indicators.flatMap((m) => {
    const sdg = sdgOf(m);
    const sdgNames = sdg ? SDG_LABELS.map((label) => label.replace('{n}', sdg)) : [];
    const names = [m.name_kk, m.name_ru, m.name_en, m.id, ...sdgNames].map(fold);
    const hay = names.join(' ');
    if (!words.every((w) => hay.includes(w))) return [];
    const own = fold(metricName(lang, m));
    return [
      {
        m,
        score: own.startsWith(words[0]!) ? 0 : names.some((n) => n.startsWith(words[0]!)) ? 1 : 2,
      },
    ];
  });
  scored.sort(
    (a, b) => a.score - b.score || metricName(lang, a.m).localeCompare(metricName(lang, b.m), lang),
  );
  return scored.slice(0, LIMIT).map((s) => s.m);
}

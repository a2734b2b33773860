// Official public holidays of Kazakhstan from the `date-holidays` package (data CC BY-SA 3.0),
// with kk/ru/en names. Years are bounded so the events list stays about the data's own period.
import Holidays from 'date-holidays';
import { slugify } from 'transliteration';
import type { PublicEvent } from './records.js';
import type { Lang } from '../lib/languages.js';

export const HOLIDAY_SOURCE_URL = 'https://github.com/commenthol/date-holidays/blob/master/data/countries/KZ.yaml';

export function publicHolidays(fromYear: number, toYear: number): PublicEvent[] {
  const byLang = (lang: Lang) => new Holidays('KZ', { languages: [lang] });
  const kk = byLang('kk');
  const ru = byLang('ru');
  const en = byLang('en');
  const out: PublicEvent[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    const ruList = ru.getHolidays(year);
    const kkList = kk.getHolidays(year);
    en.getHolidays(year).forEach((h, i) => {
      if (h.type !== 'public') return;
      const date = h.date.slice(0, 10);
      const kkName = localise(kkList[i]?.name, 'kk', h.name);
      const ruName = localise(ruList[i]?.name, 'ru', h.name);
      if (kkName === null || ruName === null) throw new Error(`date-holidays KZ ${date} "${h.name}": no ${kkName === null ? 'kk' : 'ru'} name`);
      out.push({
        id: `event:${date}-holiday-${slugify(h.name)}`,
        date,
        kind: 'holiday',
        place: 'KZ',
        title: { en: h.name, ru: ruName, kk: kkName },
        source_url: HOLIDAY_SOURCE_URL,
        review_status: 'unreviewed', // taken from the package as is; not reviewed by us
      });
    });
  }
  return out;
}

// The package appends an English "(substitute day)" to every language, and gives the Russian
// name as the Kazakh one for Orthodox Christmas; both are corrected here, never left in the
// wrong language. Kazakh "Православиелік Рождество": the Kazakh name used for the holiday at
// https://www.holidaycountdown.net/countries/kazakhstan/orthodox-christmas-day (read 2026-11-23);
// not checked against the Kazakh text of the law on holidays.
const SUBSTITUTE = { kk: 'ауыстырылған демалыс күні', ru: 'перенесённый выходной день' } as const;
const KK_FIXES: Record<string, string> = { 'Рождество Христово': 'Православиелік Рождество' };

export function localise(name: string | undefined, lang: 'kk' | 'ru', en: string): string | null {
  if (name === undefined) return null;
  let base = name;
  let substitute = false;
  const m = /^(.*?)\s*\(substitute day\)$/.exec(name);
  if (m) { base = m[1] ?? name; substitute = true; }
  if (lang === 'kk') base = KK_FIXES[base] ?? base;
  // a name still equal to the English one is not a translation
  if (base === en.replace(/\s*\(substitute day\)$/, '')) return null;
  return substitute ? `${base} (${SUBSTITUTE[lang]})` : base;
}

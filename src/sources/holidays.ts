// Official public holidays of Kazakhstan from the `date-holidays` package (data CC BY-SA 3.0),
// with kk/ru/en names. Years are bounded so the events list stays about the data's own period.
import Holidays from 'date-holidays';
import { slugify } from 'transliteration';
import type { PublicEvent } from '../model/types.js';

export const HOLIDAY_SOURCE_URL = 'https://github.com/commenthol/date-holidays/blob/master/data/countries/KZ.yaml';

export function publicHolidays(fromYear: number, toYear: number): PublicEvent[] {
  const byLang = (lang: 'kk' | 'ru' | 'en') => new Holidays('KZ', { languages: [lang] });
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
      const kkName = kkList[i]?.name ?? h.name;
      const ruName = ruList[i]?.name ?? h.name;
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

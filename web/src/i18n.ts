// The interface text in the three interface languages: the dictionaries of i18n-page.ts,
// i18n-views.ts and i18n-figure.ts merged, and the translator that fills {placeholders} and picks a
// message's plural form for its {n} (Intl.PluralRules: "1 result", "2 results"; Russian one, few,
// many), a number grouped the reader's way (Kazakh like Russian, as format.ts says why). Data names
// (regions, metrics, units) come from the release and units.ts.
import { enFigure, kkFigure, ruFigure } from './i18n-figure.js';
import type { Message } from './i18n-message.js';
import { enPage, kkPage, ruPage } from './i18n-page.js';
import { enViews, kkViews, ruViews } from './i18n-views.js';
import { LANGUAGES, type Lang } from '../../src/lib/languages.js';
export type { Lang } from '../../src/lib/languages.js';
export const LANGS: Lang[] = [...LANGUAGES];
export const LOCALE: Record<Lang, string> = { kk: 'kk-KZ', ru: 'ru-RU', en: 'en-GB' };

const en = { ...enPage, ...enViews, ...enFigure };
export type Key = keyof typeof en;
const DICTS: Record<Lang, Record<Key, Message>> = {
  en,
  ru: { ...ruPage, ...ruViews, ...ruFigure },
  kk: { ...kkPage, ...kkViews, ...kkFigure },
};

export type T = (key: Key, vars?: Record<string, string | number>) => string;

export function translator(lang: Lang): T {
  const dict = DICTS[lang];
  const plural = new Intl.PluralRules(LOCALE[lang]);
  // a count in a sentence is grouped as the page's numbers are ("1 840 показателей", not "1840")
  const count = new Intl.NumberFormat(lang === 'kk' ? LOCALE.ru : LOCALE[lang]);
  return (key, vars) => {
    const message = dict[key] ?? en[key];
    const n = vars?.['n'];
    let s =
      typeof message === 'string'
        ? message
        : (message[typeof n === 'number' ? plural.select(n) : 'other'] ?? message.other);
    for (const [k, v] of Object.entries(vars ?? {}))
      s = s.split(`{${k}}`).join(typeof v === 'number' ? count.format(v) : v);
    return s;
  };
}

/** A label for a dynamic key (a status, a change kind) that may be absent from the dictionary. */
export function maybe(t: T, key: string, fallback: string): string {
  return key in en ? t(key as Key) : fallback;
}

import { LOCALE, maybe, type Lang, type T } from './i18n';
import type { Metric, Names } from './api';
import { parsePeriodLabel } from '../../src/lib/period-labels.js';

// Browsers' ICU data often lacks Kazakh number and month patterns (Chromium prints "2018 M06 19");
// Kazakhstan writes numbers like Russian (space groups, decimal comma) and dates as dd.mm.yyyy.
const NUMBER_LOCALE: Record<Lang, string> = { ...LOCALE, kk: LOCALE.ru };

export function fmtNumber(lang: Lang, v: number): string {
  const digits = Math.abs(v) >= 1000 ? 0 : Math.abs(v) >= 10 ? 1 : 2;
  return new Intl.NumberFormat(NUMBER_LOCALE[lang], { maximumFractionDigits: digits }).format(v);
}

export function fmtDate(lang: Lang, iso: string): string {
  const date = new Date(iso + 'T00:00:00Z');
  if (lang === 'kk')
    return new Intl.DateTimeFormat(LOCALE.ru, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    }).format(date);
  return new Intl.DateTimeFormat(LOCALE[lang], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

export const unitLabel = (t: T, unit: string) => maybe(t, `unit_${unit}`, unit);
export const statusLabel = (t: T, status: string) => maybe(t, `status_${status}`, status);
export const metricName = (lang: Lang, m: Metric) => m[`name_${lang}`] || m.name_en;
export const nameIn = (lang: Lang, n: Names | null | undefined) => (n ? n[lang] || n.en : '');

/** A value is "marked" when its publisher did not call it final. */
export const isMarked = (status: string) => status !== 'final';

const HALF: Record<Lang, (n: number, y: string) => string> = {
  en: (n, y) => `H${n} ${y}`,
  ru: (n, y) => `${n === 1 ? 'I' : 'II'} полугодие ${y}`,
  kk: (n, y) => `${y} ж. ${n === 1 ? 'I' : 'II'} жартыжылдық`,
};
const QUARTER: Record<Lang, (n: number, y: string) => string> = {
  en: (n, y) => `Q${n} ${y}`,
  ru: (n, y) => `${'I II III IV'.split(' ')[n - 1]} квартал ${y}`,
  kk: (n, y) => `${y} ж. ${'I II III IV'.split(' ')[n - 1]} тоқсан`,
};
const NINE_MONTHS: Record<Lang, (y: string) => string> = {
  en: (y) => `January–September ${y}`,
  ru: (y) => `январь–сентябрь ${y}`,
  kk: (y) => `${y} ж. қаңтар–қыркүйек`,
};

/** A period label of the store (2023, 2023-Q1, 2023-H1, 2023-9M, 2023-06-08) in the reader's words. */
export function fmtPeriod(lang: Lang, period: string): string {
  const label = parsePeriodLabel(period);
  switch (label?.kind) {
    case 'year':
      return label.year;
    case 'quarter':
      return QUARTER[lang](label.n, label.year);
    case 'half':
      return HALF[lang](label.n, label.year);
    case 'nine-months':
      return NINE_MONTHS[lang](label.year);
    case 'day':
      return fmtDate(lang, period);
    default:
      return period; // a month, week or school year reads as its label
  }
}

// Numbers, dates and periods in the reader's words. A published value keeps every digit its source
// gave: a JSON number reads back as the shortest decimal that is the same double, which is the text
// the release wrote, so it is printed with as many decimals as that text has (449.16, never 449.2).
// Browsers' ICU data often lacks Kazakh number and month patterns (Chromium prints "2018 M06 19"), so
// Kazakh numbers are grouped like Russian (space groups, decimal comma) and month names are written
// here in both languages.
import { LOCALE, maybe, type Lang, type T } from './i18n.js';
import type { Metric, Names } from './api.js';
import { parsePeriodLabel } from '../../src/lib/period-labels.js';
import { unitName } from '../../src/lib/units.js';

const NUMBER_LOCALE: Record<Lang, string> = { ...LOCALE, kk: LOCALE.ru };
const formats = new Map<string, Intl.NumberFormat>();
const numberFormat = (lang: Lang, options: Intl.NumberFormatOptions) => {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(NUMBER_LOCALE[lang], options)));
  return f;
};

/** Decimals of the shortest text of `v` (449.16 -> 2, 1e-7 -> 7). */
export function decimalsOf(v: number): number {
  const [mantissa = '', exp] = String(Math.abs(v)).split('e');
  const decimals = (mantissa.split('.')[1] ?? '').length - Number(exp ?? 0);
  return Math.max(0, Math.min(20, decimals));
}

/** A value as published: every digit of the source, grouped the reader's way. */
export function fmtValue(lang: Lang, v: number): string {
  const d = decimalsOf(v);
  return numberFormat(lang, { minimumFractionDigits: d, maximumFractionDigits: d }).format(v);
}

/** A value Dala computed (per 1,000 people, an index): `digits` decimals, said as computed. */
export function fmtDerived(lang: Lang, v: number, digits = Math.abs(v) >= 100 ? 1 : 2): string {
  return numberFormat(lang, { maximumFractionDigits: digits }).format(v);
}

/** An axis or class-break number: the decimals of the step between ticks, compact when large. */
export function fmtTick(lang: Lang, v: number, step: number): string {
  if (Math.abs(step) >= 1e6 || (Math.abs(v) >= 1e6 && Math.abs(step) >= 1e5))
    return numberFormat(lang, { notation: 'compact', maximumFractionDigits: 2 }).format(v);
  return numberFormat(lang, { maximumFractionDigits: decimalsOf(step) }).format(v);
}

/** A value with its own unit: "77,3 года", "449,16 тенге за доллар США". */
export function fmtWithUnit(lang: Lang, v: number, unit: string, derived = false): string {
  const n = derived ? fmtDerived(lang, v) : fmtValue(lang, v);
  return `${n}\u00a0${unitName(lang, unit, v)}`;
}

const MONTHS: Record<'ru' | 'kk', { name: string[]; of: string[] }> = {
  ru: {
    name: 'январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь'.split(
      ' ',
    ),
    of: 'января февраля марта апреля мая июня июля августа сентября октября ноября декабря'.split(
      ' ',
    ),
  },
  kk: {
    name: 'қаңтар ақпан наурыз сәуір мамыр маусым шілде тамыз қыркүйек қазан қараша желтоқсан'.split(
      ' ',
    ),
    of: 'қаңтар ақпан наурыз сәуір мамыр маусым шілде тамыз қыркүйек қазан қараша желтоқсан'.split(
      ' ',
    ),
  },
};
const EN_MONTH = (m: number) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2000, m - 1, 1),
  );

/** A calendar day: "8 June 2022", "8 июня 2022 г.", "2022 ж. 8 маусым". */
export function fmtDate(lang: Lang, iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  if (lang === 'en') return `${d} ${EN_MONTH(m)} ${y}`;
  if (lang === 'ru') return `${d} ${MONTHS.ru.of[m - 1]} ${y} г.`;
  return `${y} ж. ${d} ${MONTHS.kk.of[m - 1]}`;
}

/** A month: "June 2023", "июнь 2023 г.", "2023 ж. маусым". */
export function fmtMonth(lang: Lang, y: number, m: number): string {
  if (lang === 'en') return `${EN_MONTH(m)} ${y}`;
  if (lang === 'ru') return `${MONTHS.ru.name[m - 1]} ${y} г.`;
  return `${y} ж. ${MONTHS.kk.name[m - 1]}`;
}

export const statusLabel = (t: T, status: string) => maybe(t, `status_${status}`, status);
export const metricName = (lang: Lang, m: Metric) => m[`name_${lang}`] || m.name_en;
export const nameIn = (lang: Lang, n: Names | null | undefined) => (n ? n[lang] || n.en : '');

/** A value is "marked" when its publisher did not call it final. */
export const isMarked = (status: string) => status !== 'final';

const ROMAN = ['I', 'II', 'III', 'IV'];
const PERIOD: Record<
  Lang,
  {
    half: (n: number, y: string) => string;
    quarter: (n: number, y: string) => string;
    nine: (y: string) => string;
    school: (y: string, next: string) => string;
    week: (n: number, y: string) => string;
  }
> = {
  en: {
    half: (n, y) => `H${n} ${y}`,
    quarter: (n, y) => `Q${n} ${y}`,
    nine: (y) => `January–September ${y}`,
    school: (y, next) => `school year ${y}/${next}`,
    week: (n, y) => `week ${n} of ${y}`,
  },
  ru: {
    half: (n, y) => `${ROMAN[n - 1]} полугодие ${y}`,
    quarter: (n, y) => `${ROMAN[n - 1]} квартал ${y}`,
    nine: (y) => `январь–сентябрь ${y}`,
    school: (y, next) => `${y}/${next} учебный год`,
    week: (n, y) => `${n}-я неделя ${y} г.`,
  },
  kk: {
    half: (n, y) => `${y} ж. ${ROMAN[n - 1]} жартыжылдық`,
    quarter: (n, y) => `${y} ж. ${ROMAN[n - 1]} тоқсан`,
    nine: (y) => `${y} ж. қаңтар–қыркүйек`,
    school: (y, next) => `${y}/${next} оқу жылы`,
    week: (n, y) => `${y} ж. ${n}-апта`,
  },
};

/**
 * A period label of the store in the reader's words: 2023, 2023-Q1, 2023-H1, 2023-9M, a month
 * 2023-06, an ISO week 2023-W31, a school year 2022/23, a day 2023-06-08.
 */
export function fmtPeriod(lang: Lang, period: string): string {
  const p = PERIOD[lang];
  const label = parsePeriodLabel(period);
  switch (label?.kind) {
    case 'year':
      return label.year;
    case 'quarter':
      return p.quarter(label.n, label.year);
    case 'half':
      return p.half(label.n, label.year);
    case 'nine-months':
      return p.nine(label.year);
    case 'week':
      return p.week(label.week, label.year);
    case 'school-year':
      return p.school(label.year, label.next);
    case 'day':
      return fmtDate(lang, period);
    case 'month':
      return fmtMonth(lang, Number(label.year), label.month);
    default:
      return period;
  }
}

/** Two periods as a span: "2009–2020" for years, "May 2021 – June 2023" otherwise, one period alone. */
export function fmtSpan(lang: Lang, from: string | undefined, to: string | undefined): string {
  if (!from || !to) return '—';
  if (from === to) return fmtPeriod(lang, from);
  const years = parsePeriodLabel(from)?.kind === 'year' && parsePeriodLabel(to)?.kind === 'year';
  return `${fmtPeriod(lang, from)}${years ? '–' : ' – '}${fmtPeriod(lang, to)}`;
}

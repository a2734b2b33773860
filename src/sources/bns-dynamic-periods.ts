// The period of a column of the Bureau's dynamic tables, as the Bureau means it (bns-dynamic/NOTES.md).
// Headers come as a number (2001), as text with a footnote key glued on ("2017 year1)", "20171)",
// "2019 3)"), as one cell naming a part of a year ("1 quarter 2010 year", "January-June of 2010",
// "9 months 2010 year"), or as two rows: the year above and "I quarter" ... "IV quarter", "year", or the months, under
// it. "I quarter" ... "IV quarter" are calendar quarters; "1 quarter", "January-June" and "9 months"
// are CUMULATIVE from 1 January (2010-Q1, 2010-H1, 2010-9M: never added up). A table whose values are
// "at the end of the period" gives instants: a year's value is the one on 31 December. A table of one
// year's months (its title names the year: "Consumer price index in 2025") has month names across; the
// English edition slips a Kazakh or Russian month name in ("Наурыз", March), read as that month.
import { annualPeriod, cumulativePeriod, instantPeriod, monthPeriod, quarterPeriod, type PeriodBounds } from './bns-periods.js';

export type PeriodsAre = 'flows' | 'end-of-period';

export interface ColumnPeriod {
  bounds: PeriodBounds;
  /** Footnote keys glued to the header ("1)" of "2017 year1)"). */
  markers: string[];
  header: string;
  /** The column under its year, as the rows under the year print it ("male", "including illegal"), when the table declares such columns. */
  sub?: string;
}

const KEY = String.raw`(?:\s*(\d+[)\u207e]|\*+))?`;
// A year, "2017 year", "2017 year1)", "20171)" (four digits are the year, the rest a key), "2006*"
const YEAR = new RegExp(`^((?:19|20)\\d\\d)(?:\\s*years?)?${KEY}$`, 'iu');
// the key before the word: "20193) year"
const YEAR_KEY_FIRST = /^((?:19|20)\d\d)(\d+[)\u207e])\s*years?$/iu;
// the parts of a year, cumulative from 1 January, written in one cell with their year
const CUMULATIVE: [RegExp, 'Q1' | 'H1' | '9M'][] = [
  [new RegExp(`^1 quarter (?:of )?((?:19|20)\\d\\d)(?:\\s*years?)?${KEY}$`, 'iu'), 'Q1'],
  [new RegExp(`^(?:January-June|1 half-year|I half-year)(?: of)? ((?:19|20)\\d\\d)(?:\\s*years?)?${KEY}$`, 'iu'), 'H1'],
  [new RegExp(`^9 months (?:of )?((?:19|20)\\d\\d)(?:\\s*years?)?${KEY}$`, 'iu'), '9M'],
];
// the label under a year: a calendar quarter, a cumulative part, or the whole year
const UNDER: [RegExp, 1 | 2 | 3 | 4 | 'Q1' | 'H1' | '9M' | 'year'][] = [
  [/^I (?:quarter|квартал)$/iu, 1],
  [/^II (?:quarter|квартал)$/iu, 2],
  [/^III (?:quarter|квартал)$/iu, 3],
  [/^(?:IV|IY) (?:quarter|квартал)$/iu, 4],
  [/^1 quarter$/iu, 'Q1'],
  [/^January-June$/iu, 'H1'],
  [/^9 months$/iu, '9M'],
  [/^years?$/iu, 'year'],
];

// the months in the English, Russian and Kazakh editions, January first
const MONTHS = [
  ['january', 'январь', 'қаңтар'],
  ['february', 'февраль', 'ақпан'],
  ['march', 'март', 'наурыз'],
  ['april', 'апрель', 'сәуір'],
  ['may', 'май', 'мамыр'],
  ['june', 'июнь', 'маусым'],
  ['july', 'июль', 'шілде'],
  ['august', 'август', 'тамыз'],
  ['september', 'сентябрь', 'қыркүйек'],
  ['october', 'октябрь', 'қазан'],
  ['november', 'ноябрь', 'қараша'],
  ['december', 'декабрь', 'желтоқсан'],
] as const;

const normalise = (t: string) => t.replace(/[\s\u00a0]+/gu, ' ').trim();
const keyOf = (k: string | undefined) => (k === undefined ? [] : [k.replace(/\u207e/gu, ')')]);

function yearBounds(year: number, periods: PeriodsAre): PeriodBounds {
  return periods === 'end-of-period' ? instantPeriod(`${year}-12-31`) : annualPeriod(year);
}

function quarterBounds(year: number, q: 1 | 2 | 3 | 4, periods: PeriodsAre): PeriodBounds {
  if (periods === 'flows') return quarterPeriod(year, q);
  return instantPeriod(quarterPeriod(year, q).period_end);
}

/** A month's name in any of the three editions, with a glued footnote key; null when it is none. */
function monthOf(value: unknown, year: number, periods: PeriodsAre): ColumnPeriod | null {
  if (typeof value !== 'string') return null;
  const t = normalise(value);
  const k = new RegExp(`^(.*?)${KEY}$`, 'u').exec(t)!;
  const m = MONTHS.findIndex((names) => (names as readonly string[]).includes(k[1]!.trim().toLowerCase()));
  if (m < 0) return null;
  const bounds = monthPeriod(year, m + 1);
  return { bounds: periods === 'end-of-period' ? instantPeriod(bounds.period_end) : bounds, markers: keyOf(k[2]), header: t };
}

/**
 * A header cell that names its own year (or, in a table of one year's months, `monthsOf`, its
 * month); null when it names none.
 */
export function ownPeriod(value: unknown, periods: PeriodsAre, monthsOf?: number): ColumnPeriod | null {
  if (monthsOf !== undefined) return monthOf(value, monthsOf, periods);
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1900 || value > 2100) return null;
    return { bounds: yearBounds(value, periods), markers: [], header: String(value) };
  }
  if (typeof value !== 'string') return null;
  const t = normalise(value);
  const y = YEAR.exec(t) ?? YEAR_KEY_FIRST.exec(t);
  if (y) return { bounds: yearBounds(Number(y[1]), periods), markers: keyOf(y[2]), header: t };
  for (const [re, kind] of CUMULATIVE) {
    const m = re.exec(t);
    if (!m) continue;
    if (periods === 'end-of-period') throw new Error(`a cumulative period "${t}" in a table of end-of-period values`);
    return { bounds: cumulativePeriod(Number(m[1]), kind), markers: keyOf(m[2]), header: t };
  }
  return null;
}

/** A header cell under a year ("I quarter", "year2)", a month's name); null when it is not one. */
export function periodUnder(value: unknown, year: number, periods: PeriodsAre): ColumnPeriod | null {
  if (typeof value !== 'string') return null;
  const month = monthOf(value, year, periods);
  if (month) return { ...month, header: `${year} ${month.header}` };
  const t = normalise(value);
  const k = new RegExp(`^(.*?)${KEY}$`, 'u').exec(t)!;
  const label = k[1]!.trim();
  for (const [re, kind] of UNDER) {
    if (!re.test(label)) continue;
    const markers = keyOf(k[2]);
    if (kind === 'year') return { bounds: yearBounds(year, periods), markers, header: `${year} ${t}` };
    if (typeof kind === 'number') return { bounds: quarterBounds(year, kind, periods), markers, header: `${year} ${t}` };
    if (periods === 'end-of-period') throw new Error(`a cumulative period "${t}" in a table of end-of-period values`);
    return { bounds: cumulativePeriod(year, kind), markers, header: `${year} ${t}` };
  }
  return null;
}

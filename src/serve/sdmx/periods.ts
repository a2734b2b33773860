// Dala's period labels in SDMX terms. FREQ (SDMX cross-domain code list CL_FREQ) is a dimension of
// every series key, and each series has one frequency: the FREQ of an observation is the length of
// the period its value covers (freqOfPoint), so a quarterly indicator's annual values are the series
// A.<area>, not points among its quarters, and a year-to-date value's series is that of its span
// (2024-Q1 quarterly, 2024-H1 half-yearly, 2024-9M nine-monthly). TIME_PERIOD is written as an SDMX
// reporting period or Gregorian period (SDMX 2.1 Technical Notes section 4.2, SDMXCommon.xsd
// ObservationalTimePeriodType) when the point's own period is the FREQ's period, and otherwise as an
// ISO 8601 time range start/duration (TimeRangeType) that states exactly what the value covers: a
// nine-month 2024-9M is 2024-01-01/P9M, a school year 2022/23 (1 September to 31
// August) of an annual indicator 2022-09-01/P1Y, a population on 1 January 2024 of an annual one 2024-01-01/P1D. Only then is
// Dala's own label kept, in PERIOD_LABEL.
import type { IndicatorDeclaration } from '../../sources/registry/indicator-schema.js';
import { addDays, bucketOf, daysBetween } from '../../store/periods.js';
import { parsePeriodLabel } from '../../lib/period-labels.js';

/**
 * The SDMX reporting frequencies, and P9M for Dala's nine-month year-to-date values (January to
 * September, the Bureau's "9M"), which recur once a year and match no SDMX reporting period.
 */
export const FREQ_CODES = ['A', 'S', 'Q', 'M', 'W', 'D', 'P9M'] as const;
export type Freq = (typeof FREQ_CODES)[number];

/**
 * FREQ of an indicator from its declared frequency (src/sources/registry/indicator-schema.ts): every
 * declared value must be mapped (the type says so). A school year is annual (its TIME_PERIOD a range,
 * 2022-09-01/P1Y);
 * an event-dated series (a value from its date until the next) is D, each observation its own day.
 */
const FREQ_OF: Readonly<Record<IndicatorDeclaration['frequency'], Freq> & Record<string, Freq>> = {
  annual: 'A',
  'school-year': 'A',
  'semi-annual': 'S',
  quarterly: 'Q',
  'quarterly-cumulative': 'Q',
  monthly: 'M',
  weekly: 'W',
  daily: 'D',
  'event-dated': 'D',
};

export function freqOf(frequency: string): Freq {
  const freq = FREQ_OF[frequency];
  if (!freq)
    throw new Error(
      `an indicator's frequency "${frequency}" has no SDMX FREQ code; add it to FREQ_OF`,
    );
  return freq;
}

/** The SDMX form of a Dala label whose period is the FREQ's own, or null. */
function standardForm(period: string): { freq: Freq; time: string } | null {
  const label = parsePeriodLabel(period);
  switch (label?.kind) {
    case 'nine-months':
      return { freq: 'P9M', time: '' }; // a span, never written as a period
    case 'year':
      return { freq: 'A', time: period };
    case 'half':
      return { freq: 'S', time: `${label.year}-S${label.n}` };
    case 'quarter':
      return { freq: 'Q', time: period };
    case 'month':
      return label.month >= 1 && label.month <= 12 ? { freq: 'M', time: period } : null;
    case 'week':
      return label.week >= 1 && label.week <= 53 ? { freq: 'W', time: period } : null;
    case 'day':
      return { freq: 'D', time: period };
    default:
      return null;
  }
}

/**
 * The FREQ of one observation of an indicator declared at `declared`: its own period's when that is
 * a whole year, half-year, quarter, month or week (an annual value of a quarterly indicator is
 * annual); the declared one for a date standing for its period (the population on 1 January of an
 * annual indicator) and for a year that is not a calendar year (a school year); P9M for a nine-month
 * year-to-date value.
 */
export function freqOfPoint(declared: Freq, p: { period: string }): Freq {
  const own = standardForm(p.period)?.freq;
  if (own === undefined || own === 'D') return declared;
  return own;
}

/** ISO 8601 duration of the inclusive span [start, end]: whole years, whole months, or days. */
export function durationOf(start: string, end: string): string {
  const next = addDays(end, 1);
  if (start.endsWith('-01') && next.endsWith('-01')) {
    const months =
      (Number(next.slice(0, 4)) - Number(start.slice(0, 4))) * 12 +
      Number(next.slice(5, 7)) -
      Number(start.slice(5, 7));
    return months % 12 === 0 ? `P${months / 12}Y` : `P${months}M`;
  }
  return `P${daysBetween(start, end) + 1}D`;
}

export interface SdmxTime {
  time: string;
  label: string | null;
}

/** TIME_PERIOD of a point in a series of this FREQ, and Dala's label when the SDMX form does not say it. */
export function sdmxTime(
  freq: Freq,
  p: { period: string; period_start: string; period_end: string },
): SdmxTime {
  const standard = standardForm(p.period);
  if (standard?.time && standard.freq === freq) return { time: standard.time, label: null };
  return { time: `${p.period_start}/${durationOf(p.period_start, p.period_end)}`, label: p.period };
}

const isDate = (d: string) => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};
const monthEnd = (y: number, m: number) =>
  addDays(`${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-01`, -1);
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The dates [start, end] of a startPeriod/endPeriod value (SDMX 2.1 REST: common:StandardTimePeriodType):
 * a Gregorian year, year-month or day, a date-time (its date), or a reporting period with the
 * reporting year starting on 1 January (2024-A1, -S1, -T1, -Q1, -M01, -W01, -D001). Null when malformed.
 */
export function periodDates(value: string): { start: string; end: string } | null {
  // a date-time: hours 00-23, minutes and seconds 00-59, an offset within a day (ISO 8601)
  const dateTime =
    /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?$/.exec(
      value,
    );
  if (!dateTime && /^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const text = dateTime ? dateTime[1]! : value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isDate(text) ? { start: text, end: text } : null;
  let m = /^(\d{4})$/.exec(text) ?? /^(\d{4})-A1$/.exec(text);
  if (m) return { start: `${m[1]}-01-01`, end: `${m[1]}-12-31` };
  m = /^(\d{4})-(?:M)?(0[1-9]|1[0-2])$/.exec(text);
  if (m) return { start: `${m[1]}-${m[2]}-01`, end: monthEnd(Number(m[1]), Number(m[2])) };
  // Semesters, trimesters and quarters: n-th block of 6, 4 or 3 months.
  m = /^(\d{4})-([STQ])(\d)$/.exec(text);
  if (m) {
    const months = { S: 6, T: 4, Q: 3 }[m[2] as 'S' | 'T' | 'Q'];
    const n = Number(m[3]);
    if (n < 1 || n * months > 12) return null;
    const y = Number(m[1]);
    return { start: `${m[1]}-${pad2((n - 1) * months + 1)}-01`, end: monthEnd(y, n * months) };
  }
  m = /^(\d{4})-W(\d{2})$/.exec(text);
  if (m) {
    const week = Number(m[2]);
    // ISO 8601: week 1 is the week holding 4 January.
    const first = bucketOf(`${m[1]}-01-04`, 'week').period_start;
    const start = addDays(first, (week - 1) * 7);
    if (week < 1 || bucketOf(start, 'week').period !== text) return null;
    return { start, end: addDays(start, 6) };
  }
  m = /^(\d{4})-D(\d{3})$/.exec(text);
  if (m) {
    const day = addDays(`${m[1]}-01-01`, Number(m[2]) - 1);
    return Number(m[2]) >= 1 && day.startsWith(m[1]!) ? { start: day, end: day } : null;
  }
  return null;
}

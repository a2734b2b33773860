// Calendar buckets for series (day, ISO 8601 week, month, quarter, year) on inclusive ISO dates, in
// UTC, and the time order of periods.
export const GRANULARITIES = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
/** Granularities whose buckets are computed at build (a day bucket is the day point itself). */
export const ROLLUP_GRANULARITIES = [
  'week',
  'month',
  'quarter',
  'year',
] as const satisfies readonly Granularity[];

export interface Bucket {
  period: string; // 2024-01-15, 2024-W03, 2024-01, 2024-Q1, 2024
  period_start: string;
  period_end: string;
}

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const time = (d: string) => Date.parse(d + 'T00:00:00Z');

function isoWeek(d: string): Bucket {
  const t = time(d);
  const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday = 0
  const monday = t - weekday * DAY;
  const thursday = monday + 3 * DAY; // ISO 8601: a week belongs to the year of its Thursday
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY)) + 1;
  return {
    period: `${year}-W${String(week).padStart(2, '0')}`,
    period_start: iso(monday),
    period_end: iso(monday + 6 * DAY),
  };
}

const bucketCache = new Map<string, Bucket>();

/** The bucket of granularity g that contains the date d (YYYY-MM-DD). Memoised: a build asks for the same few thousand dates per series. */
export function bucketOf(d: string, g: Granularity): Bucket {
  const key = g + d;
  let b = bucketCache.get(key);
  if (b === undefined) {
    b = computeBucket(d, g);
    if (bucketCache.size > 400_000) bucketCache.clear();
    bucketCache.set(key, b);
  }
  return b;
}

function computeBucket(d: string, g: Granularity): Bucket {
  if (g === 'day') return { period: d, period_start: d, period_end: d };
  if (g === 'week') return isoWeek(d);
  const y = d.slice(0, 4);
  if (g === 'year') return { period: y, period_start: `${y}-01-01`, period_end: `${y}-12-31` };
  const m = Number(d.slice(5, 7));
  if (g === 'quarter') {
    const q = Math.ceil(m / 3);
    return {
      period: `${y}-Q${q}`,
      period_start: `${y}-${String(q * 3 - 2).padStart(2, '0')}-01`,
      period_end: iso(Date.UTC(Number(y), q * 3, 1) - DAY),
    };
  }
  return {
    period: d.slice(0, 7),
    period_start: `${d.slice(0, 7)}-01`,
    period_end: iso(Date.UTC(Number(y), m, 1) - DAY),
  };
}

/** Time order of periods: by start, then end, then name (2008-Q1 < 2008-H1 < 2008-9M < 2008 < 2008-Q2). */
export function byTime(
  a: { period_start: string; period_end: string; period: string },
  b: typeof a,
): number {
  if (a.period_start !== b.period_start) return a.period_start < b.period_start ? -1 : 1;
  if (a.period_end !== b.period_end) return a.period_end < b.period_end ? -1 : 1;
  return a.period < b.period ? -1 : a.period > b.period ? 1 : 0;
}

/** Sorts in place unless already sorted (a linear check: stored series mostly arrive in order). */
export function sortIfNeeded<T>(list: T[], compare: (a: T, b: T) => number): T[] {
  for (let i = 1; i < list.length; i++)
    if (compare(list[i - 1]!, list[i]!) > 0) return list.sort(compare);
  return list;
}

const dayCache = new Map<number, string>();
/** The date `days` after `start` (memoised: rollup decoding asks for the same dates again and again). */
export function addDays(start: string, days: number): string {
  const t = time(start) / DAY + days;
  let s = dayCache.get(t);
  if (s === undefined) {
    s = iso(t * DAY);
    if (dayCache.size < 200_000) dayCache.set(t, s);
  }
  return s;
}

/** Whole days from a to b. */
export function daysBetween(a: string, b: string): number {
  return Math.round((time(b) - time(a)) / DAY);
}

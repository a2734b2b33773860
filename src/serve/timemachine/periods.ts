// Calendar buckets for series (day, ISO 8601 week, month) on inclusive ISO dates, in UTC.
import type { Granularity } from './query.js';

export interface Bucket {
  period: string; // 2024-01-15, 2024-W03, 2024-01
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
  return { period: `${year}-W${String(week).padStart(2, '0')}`, period_start: iso(monday), period_end: iso(monday + 6 * DAY) };
}

export function bucketOf(d: string, g: Granularity): Bucket {
  if (g === 'day') return { period: d, period_start: d, period_end: d };
  if (g === 'week') return isoWeek(d);
  const [y, m] = d.split('-').map(Number) as [number, number];
  return { period: d.slice(0, 7), period_start: `${d.slice(0, 7)}-01`, period_end: iso(Date.UTC(y, m, 1) - DAY) };
}

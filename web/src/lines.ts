// The values a chart, table or map shows, read from a series answer: each place's points as shown (as
// published, per 1,000 people or from the Bureau's own per-capita series: shown.ts), every point
// with its own unit, status, note and reason, and the breaks of the place's own series: a value the
// release marks as the first after a break, the first value in new borders after values in former
// ones (src/lib/series-breaks.ts reads the notes as the source readers write them), and a change of
// unit (GRP was in roubles until 1992).
import { breaksBefore, inFormerBorders } from '../../src/lib/series-breaks.js';
import type { BorderReform, Series, SeriesPoint } from './api.js';
import { time } from './chart-scales.js';

export interface ValuePoint {
  period: string;
  period_start: string;
  period_end: string;
  value: number | null; // as shown
  published: number | null; // as the release has it
  derived: boolean; // computed by Dala (per 1,000 people, an index)
  unit: string; // the unit of the value shown (a release unit code)
  status: string;
  note: string | null;
  null_reason: string | null;
  withheld: string | null; // why Dala shows no derived value where one was published
}

export interface Break {
  at: number; // the instant the break is drawn at: the start of the first value after it
  after: string; // the period of that value
  kind: 'series' | 'border' | 'unit';
  event: BorderReform | null; // the reform behind a border break (reviewed or not), when the place has one
  units: [string, string] | null; // a unit change: from, to
}

export interface Line {
  key: string;
  place: string;
  name: string;
  codes: Readonly<Record<string, string>>; // the breakdown (a dimension's code for a side-by-side line)
  points: ValuePoint[];
  breaks: Break[];
}

/** How a published point is shown: its value and unit as shown, and whether Dala derived it. */
export type Transform = (
  place: string,
  p: SeriesPoint,
) => Pick<ValuePoint, 'value' | 'unit' | 'derived' | 'withheld'>;

const shownPoint = (place: string, p: SeriesPoint, transform: Transform): ValuePoint => ({
  period: p.period,
  period_start: p.period_start,
  period_end: p.period_end,
  published: p.value,
  status: p.status,
  note: p.note,
  null_reason: p.null_reason,
  ...transform(place, p),
});

/** The breaks of one place's points (sorted by period), with the reforms that moved its borders. */
export function breaksOf(points: ValuePoint[], reforms: BorderReform[]): Break[] {
  const valued = points.filter((p) => p.published !== null);
  const breaks: Break[] = [];
  for (let i = 1; i < valued.length; i++) {
    const [prev, next] = [valued[i - 1]!, valued[i]!];
    const at = time(next.period_start);
    const event =
      reforms.find((e) => e.date >= prev.period_start && e.date <= next.period_end) ??
      reforms.find((e) => e.date > prev.period_end && e.date.slice(0, 4) <= next.period_end) ??
      null;
    if (prev.unit !== next.unit)
      breaks.push({
        at,
        after: next.period,
        kind: 'unit',
        event: null,
        units: [prev.unit, next.unit],
      });
    else if (inFormerBorders(prev.note) && !inFormerBorders(next.note))
      breaks.push({
        at,
        after: next.period,
        kind: 'border',
        event: event ?? reforms[0] ?? null,
        units: null,
      });
    else if (breaksBefore(next.note))
      breaks.push({
        at,
        after: next.period,
        kind: event ? 'border' : 'series',
        event,
        units: null,
      });
  }
  return breaks;
}

/** The values as the release publishes them (no derivation). */
export const asPublished: Transform = (_place, p) => ({
  value: p.value,
  unit: p.unit,
  derived: false,
  withheld: null,
});

/** One place's points from a series answer, as shown. */
export function pointsOf(series: Series, place: string, transform: Transform): ValuePoint[] {
  const points = series.series.find((s) => s.place === place)?.points ?? [];
  return points.map((p) => shownPoint(place, p, transform));
}

/**
 * Each place's point in force on a date: its latest point whose period ends on or before it, the rule
 * of /api/timemachine/snapshot (docs/interface.md §4.3), read from the series already in hand, so a
 * step of the date slider asks the server for nothing.
 */
export function pointsAt(
  series: Series,
  date: string,
  places: Iterable<string>,
  transform: Transform,
): Map<string, ValuePoint> {
  const at = new Map<string, ValuePoint>();
  for (const place of places) {
    const own = series.series.find((s) => s.place === place)?.points ?? [];
    let found: SeriesPoint | undefined;
    for (const p of own)
      if (p.period_end <= date && (!found || p.period_end >= found.period_end)) found = p;
    if (found) at.set(place, shownPoint(place, found, transform));
  }
  return at;
}

/** The periods of a series, each standing at the date it ends, in time order. */
export function periodsOf(series: Series): { period: string; end: string }[] {
  const ends = new Map<string, string>();
  for (const s of series.series) for (const p of s.points) ends.set(p.period, p.period_end);
  return [...ends.entries()]
    .map(([period, end]) => ({ period, end }))
    .sort((a, b) => a.end.localeCompare(b.end) || a.period.localeCompare(b.period));
}

// Series buckets: one metric's points at one place grouped into calendar buckets with the metric's
// declared aggregation. The same function computes the rollups stored at build and the edge buckets
// a date range cuts at read time, so both give the same answer as bucketing the plain points.
import {
  addDays,
  bucketOf,
  byTime,
  daysBetween,
  sortIfNeeded,
  type Granularity,
} from './periods.js';
import type { Row } from './tables.js';
import { AGGREGATIONS, type Aggregation } from '../lib/aggregations.js';

export type PointRow = Row<'points'>;

/**
 * A bucket: the fields of a stored point but its metric and place (source_id: the points' sources,
 * " | "-joined when they differ), with its aggregation (null: the point as published) and the periods
 * of the points it comes from.
 */
export type SeriesPoint = Omit<PointRow, 'metric' | 'place'> & {
  aggregation: string | null;
  from_periods: string[];
};

export { AGGREGATIONS };

/** Monday to Friday (the day of a single-day period). */
export const isBusinessDay = (day: string): boolean => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/**
 * The points a bucket's value is made of: a bucket counts and names only these (from_periods). A sum
 * with an unpublished value is null (it would understate the total), so it is made of none; a mean of
 * the published values (a business-day mean, of those dated Monday to Friday); a last value, of the
 * last point when it is published.
 */
export function aggregated(pts: readonly PointRow[], aggregation: string): PointRow[] {
  if (aggregation === 'sum') return pts.some((p) => p.value === null) ? [] : [...pts];
  if (aggregation === 'last')
    return pts[pts.length - 1]!.value === null ? [] : [pts[pts.length - 1]!];
  if (aggregation === 'business-day-mean')
    return pts.filter(
      (p) => p.value !== null && p.period_start === p.period_end && isBusinessDay(p.period),
    );
  return pts.filter((p) => p.value !== null);
}

const AGGREGATE: Record<
  Aggregation,
  (pts: PointRow[], used: PointRow[]) => Pick<SeriesPoint, 'value' | 'null_reason'>
> = {
  sum: (pts, used) =>
    used.length === 0
      ? {
          value: null,
          null_reason: `${pts.filter((p) => p.value === null).length} of ${pts.length} points in the bucket have no published value`,
        }
      : { value: used.reduce((s, p) => s + (p.value as number), 0), null_reason: null },
  mean: (_pts, used) => meanOf(used, 'no published value in the bucket'),
  'business-day-mean': (_pts, used) =>
    meanOf(used, 'no published value on a business day (Monday to Friday) in the bucket'),
  last: (pts) => {
    const last = pts[pts.length - 1]!; // sorted by period_end
    return { value: last.value, null_reason: last.null_reason };
  },
};

function meanOf(used: PointRow[], none: string): Pick<SeriesPoint, 'value' | 'null_reason'> {
  return used.length
    ? { value: used.reduce((s, p) => s + (p.value as number), 0) / used.length, null_reason: null }
    : { value: null, null_reason: none };
}

const distinct = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => x !== null))];

/** A bucket's flags: one unit/status when its points agree; every distinct note, in point order. */
function flags(pts: PointRow[]): Pick<SeriesPoint, 'unit' | 'status' | 'note' | 'source_id'> {
  const units = distinct(pts.map((p) => p.unit));
  const statuses = distinct(pts.map((p) => p.status));
  const notes = distinct(pts.map((p) => p.note));
  return {
    unit: units.join(' | '),
    status: statuses.length === 1 ? statuses[0]! : 'mixed',
    note: notes.length ? notes.join('; ') : null,
    source_id: distinct(pts.map((p) => p.source_id)).join(' | '),
  };
}

export function asPublished(p: PointRow): SeriesPoint {
  return {
    period: p.period,
    period_start: p.period_start,
    period_end: p.period_end,
    value: p.value,
    null_reason: p.null_reason,
    aggregation: null,
    from_periods: [p.period],
    unit: p.unit,
    status: p.status,
    note: p.note,
    source_id: p.source_id,
  };
}

/**
 * Buckets one place's points (any order). A point whose period does not fit inside one bucket keeps
 * its own period (never spread or interpolated); empty buckets are absent, never 0. Out in time order.
 */
export function bucketize(
  points: readonly PointRow[],
  g: Granularity,
  aggregation: string,
): SeriesPoint[] {
  const aggregate = AGGREGATE[aggregation as Aggregation];
  if (!aggregate)
    throw new Error(`metric aggregation "${aggregation}" is not one of ${AGGREGATIONS.join(', ')}`);
  const out: SeriesPoint[] = [];
  const buckets = new Map<string, { b: ReturnType<typeof bucketOf>; pts: PointRow[] }>();
  let current: { b: ReturnType<typeof bucketOf>; pts: PointRow[] } | undefined;
  for (const p of sortIfNeeded([...points], byTime)) {
    // Points come by start: most fall in the bucket of the point before (no date arithmetic then).
    if (
      !current ||
      p.period_start < current.b.period_start ||
      p.period_start > current.b.period_end
    ) {
      const b = bucketOf(p.period_start, g);
      current = buckets.get(b.period) ?? buckets.set(b.period, { b, pts: [] }).get(b.period)!;
    }
    if (p.period_end > current.b.period_end)
      out.push(asPublished(p)); // coarser than the bucket: kept whole
    else current.pts.push(p);
  }
  for (const { b, pts: held } of buckets.values()) {
    if (held.length === 0) continue; // only points kept whole started here
    // The source's own figure for the bucket's period (a year's annual figure beside its quarters)
    // is that period's value, as published: aggregated with the finer points it would count the
    // year twice (a sum) or weigh it as a fifth quarter (a mean). Unpublished, the finer points make it.
    const own =
      held.length > 1
        ? held.find((p) => p.period_start === b.period_start && p.period_end === b.period_end)
        : undefined;
    if (own && own.value !== null) {
      out.push(asPublished(own));
      continue;
    }
    const pts = own ? held.filter((p) => p !== own) : held;
    sortIfNeeded(pts, (x, y) =>
      x.period_end < y.period_end ? -1 : x.period_end > y.period_end ? 1 : 0,
    ); // stable: ties keep time order
    // Values in different units cannot be combined: the bucket says so instead of adding them.
    const units = distinct(pts.map((p) => p.unit));
    const used = units.length > 1 ? [] : aggregated(pts, aggregation);
    // the flags of what the value is made of (all the points when it is made of none); one point
    // (every day bucket of daily points) agrees with itself
    const from = used.length > 0 ? used : pts;
    const f = from.length === 1 ? from[0]! : flags(from);
    const { value, null_reason } =
      units.length > 1
        ? {
            value: null,
            null_reason: `the points in the bucket are in different units (${units.join(' | ')})`,
          }
        : aggregate(pts, used);
    // a literal in the key order answers and stored rollups show (spreads made this the costliest step)
    out.push({
      period: b.period,
      period_start: b.period_start,
      period_end: b.period_end,
      value,
      null_reason,
      aggregation,
      from_periods: used.map((p) => p.period),
      unit: units.join(' | '),
      status: f.status,
      note: f.note,
      source_id: f.source_id,
    });
  }
  return sortIfNeeded(out, byTime);
}

const DAY_PERIOD = /^\d{4}-\d{2}-\d{2}$/;

/**
 * from_periods as stored in rollups: "d:" + a hex bitmask of day offsets from the bucket's start when
 * every source point is a single day (a month of daily points is 8 characters, not 31 dates),
 * else "j:" + the JSON array.
 */
export function encodeFrom(bucket: SeriesPoint): string {
  // Only when decoding gives back exactly the same list: single days inside the bucket, increasing.
  const days =
    bucket.aggregation !== null &&
    bucket.from_periods.every(
      (p, i, all) =>
        DAY_PERIOD.test(p) &&
        p >= bucket.period_start &&
        p <= bucket.period_end &&
        (i === 0 || all[i - 1]! < p),
    );
  if (!days) return 'j:' + JSON.stringify(bucket.from_periods);
  const span = daysBetween(bucket.period_start, bucket.period_end) + 1;
  const nibbles = new Array<number>(Math.ceil(span / 4)).fill(0);
  for (const p of bucket.from_periods) {
    const off = daysBetween(bucket.period_start, p);
    nibbles[off >> 2]! |= 1 << (off & 3);
  }
  return 'd:' + nibbles.map((n) => n.toString(16)).join('');
}

export function decodeFrom(encoded: string, periodStart: string): string[] {
  if (encoded.startsWith('j:')) return JSON.parse(encoded.slice(2)) as string[];
  const out: string[] = [];
  for (let i = 2; i < encoded.length; i++) {
    const n = parseInt(encoded[i]!, 16);
    for (let bit = 0; bit < 4; bit++)
      if (n & (1 << bit)) out.push(addDays(periodStart, (i - 2) * 4 + bit));
  }
  return out;
}

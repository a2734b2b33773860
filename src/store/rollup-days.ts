// The build's one-pass rollups of a series of single-day points (the bulk of a large store: daily
// metrics). Gives exactly the rows bucketize + encodeFrom give (./rollup.ts, the definition; a
// property test compares them), without their per-bucket arrays of points and dates: each bucket is
// an index range of the sorted series, aggregated in place, its from_periods bitmask written from day
// numbers. Any other series (a period longer than a day, points out of order) is left to bucketize.
import { bucketOf, type Granularity } from './periods.js';
import {
  AGGREGATIONS,
  encodeFrom,
  isBusinessDay,
  type PointRow,
  type SeriesPoint,
} from './rollup.js';
import type { Row } from './tables.js';

/** A rollup row without the (metric, granularity, place) the caller knows. */
export type BucketRow = Omit<Row<'rollups'>, 'metric' | 'granularity' | 'place'>;

/** A bucket of bucketize as its row: its from_periods encoded (the rows dayRollups gives are these). */
export const rowOfBucket = (b: SeriesPoint): BucketRow => ({
  period: b.period,
  period_start: b.period_start,
  period_end: b.period_end,
  value: b.value,
  null_reason: b.null_reason,
  aggregation: b.aggregation,
  from_periods: encodeFrom(b),
  status: b.status,
  unit: b.unit,
  note: b.note,
  source_id: b.source_id,
});

const DAY = 86_400_000;
const DAY_PERIOD = /^\d{4}-\d{2}-\d{2}$/;
const dayNumbers = new Map<string, number>();

/** Days since 1970-01-01 of an ISO date (memoised: a build meets the same few thousand dates again and again). */
function dayNumber(d: string): number {
  let n = dayNumbers.get(d);
  if (n === undefined) {
    n = Date.parse(d + 'T00:00:00Z') / DAY;
    if (dayNumbers.size < 200_000) dayNumbers.set(d, n);
  }
  return n;
}

/**
 * True when every point is one day (period = start = end, YYYY-MM-DD) and the days strictly increase:
 * the shape dayRollups handles. Strictly increasing days also means no period appears twice.
 */
export function isDaySeries(points: readonly PointRow[]): boolean {
  let previous = '';
  for (const p of points) {
    if (
      p.period_start !== p.period ||
      p.period_end !== p.period ||
      !(p.period > previous) ||
      !DAY_PERIOD.test(p.period)
    )
      return false;
    previous = p.period;
  }
  return true;
}

/** Distinct non-null values of one column over points[from, to), in point order (flags in ./rollup.ts). */
function distinct(
  points: readonly PointRow[],
  from: number,
  to: number,
  column: 'unit' | 'status' | 'note' | 'source_id',
): string[] {
  const first = points[from]![column];
  let same = true;
  for (let i = from + 1; i < to && same; i++) same = points[i]![column] === first;
  if (same) return first === null ? [] : [first];
  const seen: string[] = [];
  for (let i = from; i < to; i++) {
    const v = points[i]![column];
    if (v !== null && !seen.includes(v)) seen.push(v);
  }
  return seen;
}

/** The indexes in [from, to) whose points the bucket's value is made of (aggregated in ./rollup.ts); null: all of them. */
function usedIndexes(
  points: readonly PointRow[],
  from: number,
  to: number,
  aggregation: string,
): number[] | null {
  let nulls = 0;
  for (let i = from; i < to; i++) if (points[i]!.value === null) nulls++;
  if (aggregation === 'last') return points[to - 1]!.value === null ? [] : [to - 1];
  if (aggregation === 'sum') return nulls ? [] : null;
  const weekdays = aggregation === 'business-day-mean';
  if (nulls === 0 && !weekdays) return null;
  const used: number[] = [];
  for (let i = from; i < to; i++)
    if (points[i]!.value !== null && (!weekdays || isBusinessDay(points[i]!.period))) used.push(i);
  return used;
}

/** Distinct non-null values of one column over the given indexes, in point order. */
function distinctAt(
  points: readonly PointRow[],
  idx: readonly number[],
  column: 'unit' | 'status' | 'note' | 'source_id',
): string[] {
  const seen: string[] = [];
  for (const i of idx) {
    const v = points[i]![column];
    if (v !== null && !seen.includes(v)) seen.push(v);
  }
  return seen;
}

function bucketRow(
  points: readonly PointRow[],
  from: number,
  to: number,
  start: string,
  startDay: number,
  end: string,
  endDay: number,
  period: string,
  aggregation: string,
): BucketRow {
  const unit = distinct(points, from, to, 'unit').join(' | ');
  const mixed = unit.includes(' | ');
  const used = mixed ? [] : usedIndexes(points, from, to, aggregation);
  // the flags of what the value is made of, or of every point when it is made of none
  const over = (column: 'status' | 'note' | 'source_id') =>
    used === null || used.length === 0
      ? distinct(points, from, to, column)
      : distinctAt(points, used, column);
  const statuses = over('status');
  const notes = over('note');
  let value: number | null;
  let reason: string | null;
  if (mixed) {
    value = null;
    reason = `the points in the bucket are in different units (${unit})`;
  } else if (aggregation === 'last') {
    value = points[to - 1]!.value;
    reason = points[to - 1]!.null_reason;
  } else if (aggregation === 'sum' && used !== null) {
    let nulls = 0;
    for (let i = from; i < to; i++) if (points[i]!.value === null) nulls++;
    value = null;
    reason = `${nulls} of ${to - from} points in the bucket have no published value`;
  } else {
    // Summed in point order from 0, as bucketize's reduce does: the same float, bit for bit.
    let sum = 0;
    let n = 0;
    if (used === null) for (let i = from; i < to; i++, n++) sum += points[i]!.value!;
    else for (const i of used) ((sum += points[i]!.value!), n++);
    value = aggregation === 'sum' ? sum : n === 0 ? null : sum / n;
    reason =
      value !== null
        ? null
        : aggregation === 'business-day-mean'
          ? 'no published value on a business day (Monday to Friday) in the bucket'
          : 'no published value in the bucket';
  }
  // from_periods as encodeFrom writes it for single days: a hex nibble per 4 days from the start.
  const nibbles = new Uint8Array(Math.ceil((endDay - startDay + 1) / 4));
  const mark = (i: number) => {
    const off = dayNumber(points[i]!.period) - startDay;
    nibbles[off >> 2]! |= 1 << (off & 3);
  };
  if (used === null) for (let i = from; i < to; i++) mark(i);
  else for (const i of used) mark(i);
  let from_periods = 'd:';
  for (const n of nibbles) from_periods += n.toString(16);
  return {
    period,
    period_start: start,
    period_end: end,
    value,
    null_reason: reason,
    aggregation,
    from_periods,
    status: statuses.length === 1 ? statuses[0]! : 'mixed',
    unit,
    note: notes.length ? notes.join('; ') : null,
    source_id: over('source_id').join(' | '),
  };
}

/** The buckets of granularity g over a day series (isDaySeries), in time order. */
export function dayRollups(
  points: readonly PointRow[],
  g: Granularity,
  aggregation: string,
): BucketRow[] {
  if (!(AGGREGATIONS as readonly string[]).includes(aggregation))
    throw new Error(`metric aggregation "${aggregation}" is not one of ${AGGREGATIONS.join(', ')}`);
  const out: BucketRow[] = [];
  let i = 0;
  while (i < points.length) {
    const b = bucketOf(points[i]!.period, g);
    let j = i + 1;
    while (j < points.length && points[j]!.period <= b.period_end) j++;
    out.push(
      bucketRow(
        points,
        i,
        j,
        b.period_start,
        dayNumber(b.period_start),
        b.period_end,
        dayNumber(b.period_end),
        b.period,
        aggregation,
      ),
    );
    i = j;
  }
  return out;
}

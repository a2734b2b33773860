// The series of a metric over a date range, bucketed by granularity: points read whole, the
// rollups stored at build, and the at most two buckets the range cuts recomputed from their points.
import type { Database } from 'better-sqlite3';
import {
  ROLLUP_GRANULARITIES,
  bucketOf,
  byTime,
  sortIfNeeded,
  type Granularity,
} from './periods.js';
import { asPublished, bucketize, decodeFrom, type PointRow, type SeriesPoint } from './rollup.js';
import type { Row } from './tables.js';
import { ALL, json, placeForms, type MetricRow } from './reader-sql.js';

// The columns of POINTS_IN_RANGE, in its order (pointsByPlace reads its rows as arrays).
type PointRowValues = [
  string,
  string,
  string,
  string,
  string,
  number | null,
  string | null,
  string,
  string,
  string,
  string | null,
];
const POINTS_IN_RANGE = placeForms(`
  SELECT metric, place, period, period_start, period_end, value, null_reason, status, unit, source_id, note FROM points WHERE metric = @metric AND @PLACES
    AND period_end >= @start AND period_end <= @end
  ORDER BY place, period_end, period_start, period DESC`);

// A stored bucket is used only when it lies wholly inside [start, end] (then every point in it passes
// the range filter); a point kept whole passes when its end does. Cut buckets are recomputed.
const ROLLUPS_IN_RANGE = placeForms(`
  SELECT * FROM rollups WHERE metric = @metric AND granularity = @granularity AND @PLACES
    AND period_end >= @start AND period_end <= @end AND (aggregation IS NULL OR period_start >= @start)
  ORDER BY place, period_start, period_end, period`);

// The period end of the (@max + 1)-th of the rows a series answer is made from, in period-end order
// (none: the answer has at most @max of them). Each bucket of the answer comes from at least one of
// these rows (a point, or a stored bucket or point kept whole), so @max rows bound its buckets. With
// LIMIT, SQLite keeps only the first @max + 1 ends while it sorts.
const NTH_POINT_END = placeForms(`
  SELECT period_end FROM points WHERE metric = @metric AND @PLACES AND period_end >= @start AND period_end <= @end
  ORDER BY period_end LIMIT 1 OFFSET @max`);
const NTH_ROLLUP_END = placeForms(`
  SELECT period_end FROM rollups WHERE metric = @metric AND granularity = @granularity AND @PLACES AND period_end >= @start AND period_end <= @end
  ORDER BY period_end LIMIT 1 OFFSET @max`);

const statements = (db: Database) => {
  const p = (sql: string) => db.prepare(sql);
  return {
    pointsInRange: p(POINTS_IN_RANGE.all),
    pointsInRangeOf: p(POINTS_IN_RANGE.some),
    rollupsInRange: p(ROLLUPS_IN_RANGE.all),
    rollupsInRangeOf: p(ROLLUPS_IN_RANGE.some),
    nthPointEnd: p(NTH_POINT_END.all),
    nthPointEndOf: p(NTH_POINT_END.some),
    nthRollupEnd: p(NTH_ROLLUP_END.all),
    nthRollupEndOf: p(NTH_ROLLUP_END.some),
  };
};

export class SeriesBuckets {
  private readonly s: ReturnType<typeof statements>;

  constructor(db: Database) {
    this.s = statements(db);
  }

  /** One metric's points whose period ends in [start, end], grouped by place in time order. */
  pointsByPlace(
    metric: string,
    start: string,
    end: string,
    places: readonly string[] | null = ALL,
  ): Map<string, PointRow[]> {
    const out = new Map<string, PointRow[]>();
    const stmt = places === null ? this.s.pointsInRange : this.s.pointsInRangeOf;
    // all() rather than iterate(): one call into SQLite instead of one per row, which cost twice as much
    // rows as arrays, made into objects of one literal shape here: better-sqlite3 builds each row
    // object property by property, which took twice as long for a few thousand points
    let list: PointRow[] = [];
    let at = '';
    for (const r of stmt.raw().all({
      metric,
      start,
      end,
      ...(places === null ? {} : { places: json(places) }),
    }) as PointRowValues[]) {
      const place = r[1];
      if (place !== at) {
        list = out.get(place) ?? out.set(place, []).get(place)!;
        at = place;
      }
      list.push({
        metric: r[0],
        place,
        period: r[2],
        period_start: r[3],
        period_end: r[4],
        value: r[5],
        null_reason: r[6],
        status: r[7],
        unit: r[8],
        source_id: r[9],
        note: r[10],
      });
    }
    for (const list of out.values()) sortIfNeeded(list, byTime);
    return out;
  }

  /**
   * One metric's series per place, bucketed by granularity with its declared aggregation (null: as
   * published), over points whose period ends in [start, end]. Week to year come from the rollups
   * stored at build, plus the at most two buckets the range cuts, recomputed from their points.
   */
  series(
    metric: MetricRow,
    granularity: Granularity | null,
    start: string,
    end: string,
    places: readonly string[] | null = ALL,
  ): Map<string, SeriesPoint[]> {
    if (
      granularity === null ||
      !(ROLLUP_GRANULARITIES as readonly string[]).includes(granularity)
    ) {
      const out = new Map<string, SeriesPoint[]>();
      for (const [place, pts] of this.pointsByPlace(metric.id, start, end, places)) {
        out.set(
          place,
          granularity === null
            ? pts.map(asPublished)
            : bucketize(pts, granularity, metric.aggregation),
        );
      }
      return out;
    }
    const out = new Map<string, SeriesPoint[]>();
    const stmt = places === null ? this.s.rollupsInRange : this.s.rollupsInRangeOf;
    for (const r of stmt.iterate({
      metric: metric.id,
      granularity,
      start,
      end,
      ...(places === null ? {} : { places: json(places) }),
    }) as Iterable<Row<'rollups'>>) {
      const point: SeriesPoint = {
        period: r.period,
        period_start: r.period_start,
        period_end: r.period_end,
        value: r.value,
        null_reason: r.null_reason,
        aggregation: r.aggregation,
        from_periods: decodeFrom(r.from_periods, r.period_start),
        unit: r.unit,
        status: r.status,
        note: r.note,
        source_id: r.source_id,
      };
      (out.get(r.place) ?? out.set(r.place, []).get(r.place)!).push(point);
    }
    // The buckets holding start and end, when the range cuts them: computed from their own points.
    const cut = new Map<string, { from: string; to: string }>();
    const first = bucketOf(start, granularity);
    const last = bucketOf(end, granularity);
    if (first.period_start < start)
      cut.set(first.period, { from: start, to: end < first.period_end ? end : first.period_end });
    if (last.period_end > end && !cut.has(last.period))
      cut.set(last.period, {
        from: start > last.period_start ? start : last.period_start,
        to: end,
      });
    let touched = false;
    for (const [period, range] of cut) {
      for (const [place, pts] of this.pointsByPlace(metric.id, range.from, range.to, places)) {
        const bucket = bucketize(pts, granularity, metric.aggregation).find(
          (b) => b.period === period && b.aggregation !== null,
        );
        if (!bucket) continue;
        (out.get(place) ?? out.set(place, []).get(place)!).push(bucket);
        touched = true;
      }
    }
    if (touched) for (const list of out.values()) list.sort(byTime);
    return touched ? new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : out;
  }

  /**
   * The period end of the (max + 1)-th row (in period-end order) that the buckets of a series over
   * [start, end] are made from, or null when there are at most `max` of them: a series of at most
   * `max` rows has at most `max` buckets. The bucket the range's end cuts counts as a stored one.
   */
  nthBucketEnd(
    metric: string,
    granularity: Granularity | null,
    start: string,
    end: string,
    places: readonly string[] | null,
    max: number,
  ): string | null {
    const rollups =
      granularity !== null && (ROLLUP_GRANULARITIES as readonly string[]).includes(granularity);
    const stmt = rollups
      ? places === null
        ? this.s.nthRollupEnd
        : this.s.nthRollupEndOf
      : places === null
        ? this.s.nthPointEnd
        : this.s.nthPointEndOf;
    // through the end of the bucket the range's end cuts (the later date as text: the bucket of
    // 9999-12-31 ends in year 10000, which ISO writes +010000-01-02)
    const through = rollups ? bucketOf(end, granularity!).period_end : end;
    const params = {
      metric,
      start,
      max,
      end: through > end ? through : end,
      ...(rollups ? { granularity } : {}),
      ...(places === null ? {} : { places: json(places) }),
    };
    return (stmt.pluck().get(params) as string | undefined) ?? null;
  }
}

// The series statements of a release's store: one metric's points and buckets over a date range
// (rollups stored at build, the cut buckets recomputed), the series answers stored whole at build,
// and the series keys (point_series) that diffs and coverage read.
import type { Database, Statement } from 'better-sqlite3';
import {
  ROLLUP_GRANULARITIES,
  bucketOf,
  byTime,
  sortIfNeeded,
  type Granularity,
} from './periods.js';
import { asPublished, bucketize, decodeFrom, type PointRow, type SeriesPoint } from './rollup.js';
import {
  answerPoint,
  mergeSummaries,
  summarise,
  type AnswerPoint,
  type SeriesSummary,
  type UnitSpan,
} from './series-answer.js';
import { STORED_SERIES_GRANULARITIES } from './series-answer.js';
import type { Row } from './tables.js';
import type { DeflatedPart } from '../lib/gzip-compose.js';
import { ALL, json, placeForms, type MetricRow } from './reader-sql.js';

export type SeriesKeyRow = Row<'point_series'>;

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

/** Whether [start, end] takes a stored whole series (or all of them) whole. */
const takesWhole = (
  r: { first_start: string; first_end: string; last_end: string },
  start: string,
  end: string,
) => r.first_start >= start && r.first_end >= start && r.last_end <= end;

// A place's summary and deflated entry, never its points (stored after them: src/store/tables.ts).
const PART_COLUMNS = `place, first_start, first_end, last_end, count, sources, units, periods,
  part_deflated AS deflated, part_crc AS crc, part_bytes AS bytes, part_sha256 AS sha256`;

/**
 * A series answer's buckets: per place the JSON array of them as stored, or the buckets themselves
 * when computed for the request (serialised only if the answer is JSON: a CSV answer writes its rows
 * from them, never from their JSON parsed back); and their summary.
 */
export interface SeriesAnswer {
  points: Map<string, string | AnswerPoint[]>;
  summary: SeriesSummary;
}

const parseSummary = (r: {
  count: number;
  sources: string;
  units: string;
  periods: string;
}): SeriesSummary => ({
  count: r.count,
  sources: JSON.parse(r.sources) as string[],
  units: JSON.parse(r.units) as UnitSpan[],
  periods: JSON.parse(r.periods) as SeriesSummary['periods'],
});

export class SeriesReader {
  private readonly s: Record<string, Statement | undefined>;

  constructor(db: Database) {
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      pointsInRange: p(POINTS_IN_RANGE.all),
      pointsInRangeOf: p(POINTS_IN_RANGE.some),
      rollupsInRange: p(ROLLUPS_IN_RANGE.all),
      rollupsInRangeOf: p(ROLLUPS_IN_RANGE.some),
      // Stores written before series_answers existed answer every series from the rollups.
      ...(p(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'series_totals'`).pluck().get()
        ? {
            storedSeries: p(
              'SELECT place, points FROM series_answers WHERE metric = ? AND granularity = ? ORDER BY place',
            ),
            storedSeriesAll: p(
              'SELECT * FROM series_answers WHERE metric = ? AND granularity = ? ORDER BY place',
            ),
            storedSeriesOf: p(
              'SELECT * FROM series_answers WHERE metric = ? AND granularity = ? AND place IN (SELECT value FROM json_each(?)) ORDER BY place',
            ),
            seriesTotal: p(
              'SELECT metric, granularity, first_start, first_end, last_end, count, sources, units, periods FROM series_totals WHERE metric = ? AND granularity = ?',
            ),
            seriesSpan: p(
              'SELECT first_start, first_end, last_end FROM series_totals WHERE metric = ? AND granularity = ?',
            ),
            seriesSpansOf: p(
              'SELECT first_start, first_end, last_end FROM series_answers WHERE metric = ? AND granularity = ? AND place IN (SELECT value FROM json_each(?))',
            ),
          }
        : {}),
      // Stores written before the answer's stored tail have no tail_* columns.
      ...(p(`SELECT count(*) FROM pragma_table_info('series_totals') WHERE name = 'tail_sha256'`)
        .pluck()
        .get()
        ? {
            seriesTail: p(
              'SELECT tail_deflated AS deflated, tail_crc AS crc, tail_bytes AS bytes, tail_sha256 AS sha256 FROM series_totals WHERE metric = ? AND granularity = ?',
            ),
          }
        : {}),
      // Stores written before each place's deflated entry (series_answers.part_*) compose no answer over chosen places.
      ...(p(`SELECT count(*) FROM pragma_table_info('series_answers') WHERE name = 'part_sha256'`)
        .pluck()
        .get()
        ? {
            seriesPart: p(
              `SELECT ${PART_COLUMNS} FROM series_answers WHERE metric = ? AND granularity = ? AND place = ?`,
            ),
            seriesPartsOf: p(
              `SELECT ${PART_COLUMNS} FROM series_answers WHERE metric = ? AND granularity = ? AND place IN (SELECT value FROM json_each(?)) ORDER BY place`,
            ),
          }
        : {}),
      nthPointEnd: p(NTH_POINT_END.all),
      nthPointEndOf: p(NTH_POINT_END.some),
      nthRollupEnd: p(NTH_ROLLUP_END.all),
      nthRollupEndOf: p(NTH_ROLLUP_END.some),
      seriesKeysAfter: p(
        'SELECT metric, place FROM point_series WHERE (metric, place) > (?, ?) ORDER BY metric, place LIMIT ?',
      ),
      seriesPoints: p('SELECT * FROM points WHERE metric = ? AND place = ?'),
      seriesKeys: p('SELECT * FROM point_series ORDER BY metric, place'),
      coverage: p(
        'SELECT min(first_start) AS first, max(last_end) AS last, count(*) AS places FROM point_series WHERE metric = ?',
      ),
    };
  }

  /** One metric's points whose period ends in [start, end], grouped by place in time order. */
  pointsByPlace(
    metric: string,
    start: string,
    end: string,
    places: readonly string[] | null = ALL,
  ): Map<string, PointRow[]> {
    const out = new Map<string, PointRow[]>();
    const stmt = places === null ? this.s.pointsInRange! : this.s.pointsInRangeOf!;
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
    const stmt = places === null ? this.s.rollupsInRange! : this.s.rollupsInRangeOf!;
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
   * The series answer's buckets per place (in place order, as JSON arrays) and their summary. Whole
   * series stored at build serve every range that takes them whole (and no from_periods list was
   * asked for): over every place from series_totals, else per place; the rest come from series().
   */
  seriesAnswer(
    metric: MetricRow,
    granularity: Granularity | null,
    start: string,
    end: string,
    places: readonly string[] | null,
    withFrom: boolean,
  ): SeriesAnswer {
    const whole = (r: { first_start: string; first_end: string; last_end: string }) =>
      takesWhole(r, start, end);
    const stored =
      !withFrom &&
      granularity !== null &&
      (STORED_SERIES_GRANULARITIES as readonly string[]).includes(granularity) &&
      this.s.storedSeries !== undefined;
    if (stored && places === null) {
      const total = this.s.seriesTotal!.get(metric.id, granularity) as
        Row<'series_totals'> | undefined;
      if (!total) return { points: new Map(), summary: mergeSummaries([]) };
      if (whole(total)) {
        const points = new Map(
          this.s.storedSeries!.raw().all(metric.id, granularity) as [string, string][],
        );
        return { points, summary: parseSummary(total) };
      }
    }
    const points = new Map<string, string | AnswerPoint[]>();
    const summaries = new Map<string, SeriesSummary>();
    let rest: readonly string[] | null = places;
    if (stored) {
      const cut: string[] = [];
      const rows = (
        places === null
          ? this.s.storedSeriesAll!.all(metric.id, granularity)
          : this.s.storedSeriesOf!.all(metric.id, granularity, json(places))
      ) as Row<'series_answers'>[];
      for (const r of rows) {
        if (!whole(r)) {
          cut.push(r.place);
          continue;
        }
        points.set(r.place, r.points);
        summaries.set(r.place, parseSummary(r));
      }
      rest = cut;
    }
    if (rest === null || rest.length) {
      for (const [place, pts] of this.series(metric, granularity, start, end, rest)) {
        points.set(
          place,
          pts.map((p) =>
            answerPoint(p, p.from_periods.length, withFrom ? p.from_periods : undefined),
          ),
        );
        summaries.set(place, summarise(pts));
      }
    }
    const order = [...points.keys()].sort();
    return {
      points: new Map(order.map((p) => [p, points.get(p)!])),
      summary: mergeSummaries(order.map((p) => summaries.get(p)!)),
    };
  }

  /**
   * Whether storedWholeSeries (places null) or storedPlacesSeries would answer, read from the
   * series' spans alone: a representation the stored parts do not serve need not read them.
   */
  storesWhole(
    metric: MetricRow,
    granularity: Granularity,
    start: string,
    end: string,
    places: readonly string[] | null,
  ): boolean {
    if (
      !(STORED_SERIES_GRANULARITIES as readonly string[]).includes(granularity) ||
      !(places === null ? this.s.seriesTail : this.s.seriesPart)
    )
      return false;
    type Span = { first_start: string; first_end: string; last_end: string };
    const spans = (
      places === null
        ? [this.s.seriesSpan!.get(metric.id, granularity)].filter((r) => r !== undefined)
        : this.s.seriesSpansOf!.all(metric.id, granularity, json(places))
    ) as Span[];
    return spans.length > 0 && spans.every((r) => takesWhole(r, start, end));
  }

  /**
   * The summary and the stored, deflated end (src/store/series-body.ts) of the answer over every
   * place, when [start, end] takes the whole series and the store has them; undefined otherwise.
   */
  storedWholeSeries(
    metric: MetricRow,
    granularity: Granularity,
    start: string,
    end: string,
  ): { summary: SeriesSummary; tail: DeflatedPart } | undefined {
    if (
      !this.s.seriesTail ||
      !(STORED_SERIES_GRANULARITIES as readonly string[]).includes(granularity)
    )
      return undefined;
    const total = this.s.seriesTotal!.get(metric.id, granularity) as
      Omit<Row<'series_totals'>, `tail_${string}`> | undefined;
    if (!total || !takesWhole(total, start, end)) return undefined;
    const tail = this.s.seriesTail.get(metric.id, granularity) as DeflatedPart;
    return { summary: parseSummary(total), tail };
  }

  /**
   * The summary and the stored, deflated entries (src/store/series-body.ts#seriesEntry) of the answer
   * over the given places (sorted), in place order, when [start, end] takes the whole series of each
   * and the store has them; places without the series are left out, as seriesAnswer leaves them.
   * Undefined otherwise, and when none of the places has the series.
   */
  storedPlacesSeries(
    metric: MetricRow,
    granularity: Granularity,
    start: string,
    end: string,
    places: readonly string[],
  ): { summary: SeriesSummary; entries: DeflatedPart[] } | undefined {
    if (
      !this.s.seriesPart ||
      !(STORED_SERIES_GRANULARITIES as readonly string[]).includes(granularity)
    )
      return undefined;
    type PartRow = Pick<
      Row<'series_answers'>,
      'place' | 'first_start' | 'first_end' | 'last_end' | 'count' | 'sources' | 'units' | 'periods'
    > &
      DeflatedPart;
    const rows = (
      places.length === 1
        ? [this.s.seriesPart.get(metric.id, granularity, places[0])].filter((r) => r !== undefined)
        : this.s.seriesPartsOf!.all(metric.id, granularity, json(places))
    ) as PartRow[];
    if (rows.length === 0 || !rows.every((r) => takesWhole(r, start, end))) return undefined;
    return {
      summary: mergeSummaries(rows.map(parseSummary)),
      entries: rows.map(({ deflated, crc, bytes, sha256 }) => ({ deflated, crc, bytes, sha256 })),
    };
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
        ? this.s.nthRollupEnd!
        : this.s.nthRollupEndOf!
      : places === null
        ? this.s.nthPointEnd!
        : this.s.nthPointEndOf!;
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

  /** Up to `limit` (metric, place) keys of series after the given one, in key order (key-set paging). */
  seriesKeysAfter(
    metric: string,
    place: string,
    limit: number,
  ): { metric: string; place: string }[] {
    return this.s.seriesKeysAfter!.all(metric, place, limit) as { metric: string; place: string }[];
  }

  /** Every point of one series (one key range of the clustered points key). */
  seriesPoints(metric: string, place: string): PointRow[] {
    return this.s.seriesPoints!.all(metric, place) as PointRow[];
  }

  /** One row per (metric, place) with points: counts and first/last dates. */
  seriesKeys(): SeriesKeyRow[] {
    return this.s.seriesKeys!.all() as SeriesKeyRow[];
  }

  /** A metric's first period start, last period end and number of places with points. */
  coverage(metric: string): { first: string | null; last: string | null; places: number } {
    return this.s.coverage!.get(metric) as {
      first: string | null;
      last: string | null;
      places: number;
    };
  }
}

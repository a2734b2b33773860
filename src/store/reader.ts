// The store reader: every SQL statement the server runs against a release's store (except the
// search index's, src/store/search*.ts), prepared once per release and shared by the timemachine
// and v1 routes. Row types come from the store's one declaration (src/store/tables.ts).
import type { Database, Statement } from 'better-sqlite3';
import { ROLLUP_GRANULARITIES, bucketOf, byTime, type Granularity } from './periods.js';
import { asPublished, bucketize, decodeFrom, type PointRow, type SeriesPoint } from './rollup.js';
import { answerPoint, mergeSummaries, summarise, type SeriesSummary, type UnitSpan } from './series-answer.js';
import { STORED_SERIES_GRANULARITIES } from './series-answers-write.js';
import { SnapshotBlocks } from './snapshot-blocks.js';
import type { Row } from './tables.js';
import type { DeflatedPart } from '../lib/gzip-compose.js';

export type MetricRow = Row<'metrics'>;
export type LayerRow = Row<'layers'>;
export type EventRow = Row<'events'>;
export type EntityRow = Row<'entities'>;
export type SeriesKeyRow = Row<'point_series'>;
export type { PointRow, SeriesPoint };

/** Points matching every given member: any of the listed values, periods inside [from, to]. */
export interface PointFilter { metric?: readonly string[]; place?: readonly string[]; period?: readonly string[]; from?: string; to?: string }

/** Orders of a point listing (v1 `sort`); missing values sort last either way. */
export const POINT_ORDERS = {
  indicator: 'metric, place, period_start, period_end, period',
  place: 'place, metric, period_start, period_end, period',
  period: 'period_start, period_end, metric, place, period',
  '-period': 'period_end DESC, period_start DESC, metric, place, period',
  value: 'value IS NULL, value, metric, place, period_start, period',
  '-value': 'value IS NULL, value DESC, metric, place, period_start, period',
} as const;
export type PointOrder = keyof typeof POINT_ORDERS;
export type RecordTable = 'relations' | 'claims' | 'evidence';

const ALL = null;
const json = (list: readonly string[] | null) => (list === null ? null : JSON.stringify(list));

// Two forms of each filtered statement, every place or a list: a parameter tested with OR would keep
// SQLite from seeking the key by place.
const placeForms = (sql: string, column = 'place') => ({
  all: sql.replace('@PLACES', '1'),
  some: sql.replace('@PLACES', `${column} IN (SELECT value FROM json_each(@places))`),
});

// Ties on period_end (a year and its Q4 both end 31 December) go to the shorter period (the later
// start), then to the period name. One statement for the whole snapshot: for each point_series key
// of the chosen layers (and places), one backward seek on the clustered key of points (the
// correlated subquery) and one equality seek for the row; CROSS JOIN keeps point_series as the outer
// loop (SQLite never reorders a CROSS JOIN), test/store-access-paths.test.ts checks the plan.
// SQLite writes the answer's JSON itself (3.43+ writes every REAL with enough digits to read back
// the same double), in (metric, place) order.
export const SNAPSHOT = placeForms(`
  SELECT count(*) AS n, json_group_array(json_object(
    'metric', p.metric, 'place', p.place, 'period', p.period, 'period_start', p.period_start, 'period_end', p.period_end,
    'value', p.value, 'null_reason', p.null_reason, 'status', p.status, 'unit', p.unit, 'source_id', p.source_id, 'note', p.note
  ) ORDER BY p.metric, p.place) AS points
  FROM point_series k CROSS JOIN points p
    ON p.metric = k.metric AND p.place = k.place AND (p.period_end, p.period_start, p.period) = (
      SELECT period_end, period_start, period FROM points q WHERE q.metric = k.metric AND q.place = k.place AND q.period_end <= @date
      ORDER BY period_end DESC, period_start DESC, period ASC LIMIT 1)
  WHERE k.metric IN (SELECT value FROM json_each(@metrics)) AND @PLACES`, 'k.place');

const POINTS_IN_RANGE = placeForms(`
  SELECT * FROM points WHERE metric = @metric AND @PLACES
    AND period_end >= @start AND period_end <= @end
  ORDER BY place, period_end, period_start, period DESC`);

// A stored bucket is used only when it lies wholly inside [start, end] (then every point in it passes
// the range filter); a point kept whole passes when its end does. Cut buckets are recomputed.
const ROLLUPS_IN_RANGE = placeForms(`
  SELECT * FROM rollups WHERE metric = @metric AND granularity = @granularity AND @PLACES
    AND period_end >= @start AND period_end <= @end AND (aggregation IS NULL OR period_start >= @start)
  ORDER BY place, period_start, period_end, period`);

/** Whether [start, end] takes a stored whole series (or all of them) whole. */
const takesWhole = (r: { first_start: string; first_end: string; last_end: string }, start: string, end: string) =>
  r.first_start >= start && r.first_end >= start && r.last_end <= end;

// A place's summary and deflated entry, never its points (stored after them: src/store/tables.ts).
const PART_COLUMNS = `place, first_start, first_end, last_end, count, sources, units, periods,
  part_deflated AS deflated, part_crc AS crc, part_bytes AS bytes, part_sha256 AS sha256`;

export const EVENTS_AFTER = 'SELECT * FROM events WHERE (date, id) > (?, ?) ORDER BY date, id LIMIT ?';

/** A series answer's buckets: per place the JSON array of them as shown; and their summary. */
export interface SeriesAnswer { points: Map<string, string>; summary: SeriesSummary }

function pointWhere(filter: PointFilter): { clause: string; args: string[] } {
  const where: string[] = [];
  const args: string[] = [];
  for (const column of ['metric', 'place', 'period'] as const) {
    const values = filter[column];
    if (values?.length) { where.push(`${column} IN (SELECT value FROM json_each(?))`); args.push(JSON.stringify(values)); }
  }
  if (filter.from) { where.push('period_start >= ?'); args.push(filter.from); }
  if (filter.to) { where.push('period_end <= ?'); args.push(filter.to); }
  return { clause: where.length ? `WHERE ${where.join(' AND ')}` : '', args };
}

const parseSummary = (r: { count: number; sources: string; units: string; periods: string }): SeriesSummary => ({
  count: r.count, sources: JSON.parse(r.sources) as string[], units: JSON.parse(r.units) as UnitSpan[], periods: JSON.parse(r.periods) as SeriesSummary['periods'],
});

export class StoreReader {
  readonly meta: Readonly<Record<string, string>>;
  readonly layers: readonly LayerRow[];
  readonly metrics: readonly MetricRow[];
  readonly metricById: ReadonlyMap<string, MetricRow>;
  /** Places that have at least one point, sorted. */
  readonly places: readonly string[];
  readonly sqliteVersion: string;
  private readonly s: Record<string, Statement | undefined>;
  /** The snapshot blocks stored at build; null in a store written before they existed (SNAPSHOT answers). */
  private readonly snapshots: SnapshotBlocks | null;
  private readonly dynamic = new Map<string, Statement>();

  constructor(private readonly db: Database) {
    // A snapshot seeks every series: a page cache that holds the interior pages of the points key
    // (tens of MB at 30M points) leaves about one leaf read per series. Bounded per release.
    db.pragma('cache_size = -65536');
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      snapshot: p(SNAPSHOT.all),
      snapshotOf: p(SNAPSHOT.some),
      pointsInRange: p(POINTS_IN_RANGE.all),
      pointsInRangeOf: p(POINTS_IN_RANGE.some),
      rollupsInRange: p(ROLLUPS_IN_RANGE.all),
      rollupsInRangeOf: p(ROLLUPS_IN_RANGE.some),
      // Key-set pages on the (date, id) index: a page reads its own rows, never the ones before it.
      eventsFirst: p('SELECT * FROM events ORDER BY date, id LIMIT ?'),
      eventsAfter: p(EVENTS_AFTER),
      eventDate: p('SELECT date FROM events WHERE id = ?'),
      // Stores written before series_answers existed answer every series from the rollups.
      ...(p(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'series_totals'`).pluck().get()
        ? {
          storedSeries: p('SELECT place, points FROM series_answers WHERE metric = ? AND granularity = ? ORDER BY place'),
          storedSeriesAll: p('SELECT * FROM series_answers WHERE metric = ? AND granularity = ? ORDER BY place'),
          storedSeriesOf: p('SELECT * FROM series_answers WHERE metric = ? AND granularity = ? AND place IN (SELECT value FROM json_each(?)) ORDER BY place'),
          seriesTotal: p('SELECT metric, granularity, first_start, first_end, last_end, count, sources, units, periods FROM series_totals WHERE metric = ? AND granularity = ?'),
        } : {}),
      // Stores written before the answer's stored tail have no tail_* columns.
      ...(p(`SELECT count(*) FROM pragma_table_info('series_totals') WHERE name = 'tail_sha256'`).pluck().get()
        ? { seriesTail: p('SELECT tail_deflated AS deflated, tail_crc AS crc, tail_bytes AS bytes, tail_sha256 AS sha256 FROM series_totals WHERE metric = ? AND granularity = ?') }
        : {}),
      // Stores written before each place's deflated entry (series_answers.part_*) compose no answer over chosen places.
      ...(p(`SELECT count(*) FROM pragma_table_info('series_answers') WHERE name = 'part_sha256'`).pluck().get()
        ? {
          seriesPart: p(`SELECT ${PART_COLUMNS} FROM series_answers WHERE metric = ? AND granularity = ? AND place = ?`),
          seriesPartsOf: p(`SELECT ${PART_COLUMNS} FROM series_answers WHERE metric = ? AND granularity = ? AND place IN (SELECT value FROM json_each(?)) ORDER BY place`),
        } : {}),
      seriesKeysAfter: p('SELECT metric, place FROM point_series WHERE (metric, place) > (?, ?) ORDER BY metric, place LIMIT ?'),
      seriesPoints: p('SELECT * FROM points WHERE metric = ? AND place = ?'),
      seriesKeys: p('SELECT * FROM point_series ORDER BY metric, place'),
      coverage: p('SELECT min(first_start) AS first, max(last_end) AS last, count(*) AS places FROM point_series WHERE metric = ?'),
      eventStats: p('SELECT count(*) AS n, min(date) AS start, max(date) AS end FROM events'),
      point: p('SELECT * FROM points WHERE metric = ? AND place = ? AND period = ?'),
      entities: p('SELECT * FROM entities ORDER BY id'),
      entityNames: p('SELECT name_en AS en, name_ru AS ru, name_kk AS kk FROM entities WHERE id = ?'),
      aliasSlugs: p(`SELECT DISTINCT s.name AS slug FROM entity_names n JOIN entity_names s ON s.entity_id = n.entity_id AND s.kind = 'slug'
                     WHERE lower(n.name) = lower(?) AND n.kind <> 'slug' ORDER BY s.name`),
    };
    this.meta = Object.fromEntries((p('SELECT key, value FROM meta ORDER BY key').all() as Row<'meta'>[]).map((r) => [r.key, r.value]));
    this.layers = p('SELECT * FROM layers ORDER BY id').all() as LayerRow[];
    this.metrics = p('SELECT * FROM metrics ORDER BY id').all() as MetricRow[];
    this.metricById = new Map(this.metrics.map((m) => [m.id, m]));
    this.places = (p('SELECT DISTINCT place FROM point_series ORDER BY place').all() as { place: string }[]).map((r) => r.place);
    this.sqliteVersion = (p('SELECT sqlite_version() AS v').get() as { v: string }).v;
    this.snapshots = SnapshotBlocks.open(db);
  }

  /** A statement built from a fixed set of filter shapes, prepared on first use and kept for the release. */
  private statement(sql: string): Statement {
    let stmt = this.dynamic.get(sql);
    if (!stmt) this.dynamic.set(sql, (stmt = this.db.prepare(sql)));
    return stmt;
  }

  // --- timemachine -------------------------------------------------------------------------------

  /**
   * For each (metric of the layers, place) the latest point whose period ends on or before date, in
   * (metric, place) order, as the UTF-8 JSON of the array (the snapshot answer embeds it as is),
   * given to `use` with the count: the bytes are valid only during that call (they may lie in a
   * buffer the next snapshot reuses), so `use` copies what it keeps. `only`: just these series keys.
   */
  withLatestAt<T>(date: string, layers: readonly string[], places: readonly string[] | null, use: (count: number, json: Buffer) => T, only: ReadonlySet<string> | null = null): T {
    const metrics = this.metrics.filter((m) => layers.includes(m.layer) && (only === null || only.has(m.id))).map((m) => m.id);
    if (this.snapshots) {
      if (places === null && metrics.length === this.metrics.length) return this.snapshots.latestAt(date, null, use);
      const wanted = new Set(metrics);
      const inPlaces = places === null ? null : new Set(places);
      const keep = Uint8Array.from(this.snapshots.series, (k) => (wanted.has(k.metric) && (inPlaces === null || inPlaces.has(k.place)) ? 1 : 0));
      return this.snapshots.latestAt(date, keep.includes(0) ? keep : null, use);
    }
    const stmt = places === null ? this.s.snapshot! : this.s.snapshotOf!;
    const row = stmt.get({ date, metrics: JSON.stringify(metrics), ...(places === null ? {} : { places: json(places) }) }) as { n: number; points: string };
    return use(row.n, Buffer.from(row.points));
  }

  /** withLatestAt's count and bytes, the bytes copied (the caller's to keep). */
  latestAtBytes(date: string, layers: readonly string[], places: readonly string[] | null = ALL): { count: number; bytes: Buffer } {
    return this.withLatestAt(date, layers, places, (count, json) => ({ count, bytes: Buffer.from(json) }));
  }

  /** latestAtBytes as the JSON text. */
  latestAtJson(date: string, layers: readonly string[], places: readonly string[] | null = ALL): { count: number; json: string } {
    const { count, bytes } = this.latestAtBytes(date, layers, places);
    return { count, json: bytes.toString('utf8') };
  }

  /** latestAtJson as rows. */
  latestAt(date: string, layers: readonly string[], places: readonly string[] | null = ALL): PointRow[] {
    return JSON.parse(this.latestAtJson(date, layers, places).json) as PointRow[];
  }

  /** One metric's points whose period ends in [start, end], grouped by place in time order. */
  pointsByPlace(metric: string, start: string, end: string, places: readonly string[] | null = ALL): Map<string, PointRow[]> {
    const out = new Map<string, PointRow[]>();
    const stmt = places === null ? this.s.pointsInRange! : this.s.pointsInRangeOf!;
    for (const r of stmt.iterate({ metric, start, end, ...(places === null ? {} : { places: json(places) }) }) as Iterable<PointRow>) {
      (out.get(r.place) ?? out.set(r.place, []).get(r.place)!).push(r);
    }
    for (const list of out.values()) list.sort(byTime);
    return out;
  }

  /**
   * One metric's series per place, bucketed by granularity with its declared aggregation (null: as
   * published), over points whose period ends in [start, end]. Week to year come from the rollups
   * stored at build, plus the at most two buckets the range cuts, recomputed from their points.
   */
  series(metric: MetricRow, granularity: Granularity | null, start: string, end: string, places: readonly string[] | null = ALL): Map<string, SeriesPoint[]> {
    if (granularity === null || !(ROLLUP_GRANULARITIES as readonly string[]).includes(granularity)) {
      const out = new Map<string, SeriesPoint[]>();
      for (const [place, pts] of this.pointsByPlace(metric.id, start, end, places)) {
        out.set(place, granularity === null ? pts.map(asPublished) : bucketize(pts, granularity, metric.aggregation));
      }
      return out;
    }
    const out = new Map<string, SeriesPoint[]>();
    const stmt = places === null ? this.s.rollupsInRange! : this.s.rollupsInRangeOf!;
    for (const r of stmt.iterate({ metric: metric.id, granularity, start, end, ...(places === null ? {} : { places: json(places) }) }) as Iterable<Row<'rollups'>>) {
      const point: SeriesPoint = {
        period: r.period, period_start: r.period_start, period_end: r.period_end, value: r.value, null_reason: r.null_reason,
        aggregation: r.aggregation, from_periods: decodeFrom(r.from_periods, r.period_start), unit: r.unit, status: r.status, note: r.note, source_id: r.source_id,
      };
      (out.get(r.place) ?? out.set(r.place, []).get(r.place)!).push(point);
    }
    // The buckets holding start and end, when the range cuts them: computed from their own points.
    const cut = new Map<string, { from: string; to: string }>();
    const first = bucketOf(start, granularity);
    const last = bucketOf(end, granularity);
    if (first.period_start < start) cut.set(first.period, { from: start, to: end < first.period_end ? end : first.period_end });
    if (last.period_end > end && !cut.has(last.period)) cut.set(last.period, { from: start > last.period_start ? start : last.period_start, to: end });
    let touched = false;
    for (const [period, range] of cut) {
      for (const [place, pts] of this.pointsByPlace(metric.id, range.from, range.to, places)) {
        const bucket = bucketize(pts, granularity, metric.aggregation).find((b) => b.period === period && b.aggregation !== null);
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
  seriesAnswer(metric: MetricRow, granularity: Granularity | null, start: string, end: string, places: readonly string[] | null, withFrom: boolean): SeriesAnswer {
    const whole = (r: { first_start: string; first_end: string; last_end: string }) => takesWhole(r, start, end);
    const stored = !withFrom && granularity !== null && (STORED_SERIES_GRANULARITIES as readonly string[]).includes(granularity) && this.s.storedSeries !== undefined;
    if (stored && places === null) {
      const total = this.s.seriesTotal!.get(metric.id, granularity) as Row<'series_totals'> | undefined;
      if (!total) return { points: new Map(), summary: mergeSummaries([]) };
      if (whole(total)) {
        const points = new Map((this.s.storedSeries!.raw().all(metric.id, granularity) as [string, string][]));
        return { points, summary: parseSummary(total) };
      }
    }
    const points = new Map<string, string>();
    const summaries = new Map<string, SeriesSummary>();
    let rest: readonly string[] | null = places;
    if (stored) {
      const cut: string[] = [];
      const rows = (places === null ? this.s.storedSeriesAll!.all(metric.id, granularity) : this.s.storedSeriesOf!.all(metric.id, granularity, json(places))) as Row<'series_answers'>[];
      for (const r of rows) {
        if (!whole(r)) { cut.push(r.place); continue; }
        points.set(r.place, r.points);
        summaries.set(r.place, parseSummary(r));
      }
      rest = cut;
    }
    if (rest === null || rest.length) {
      for (const [place, pts] of this.series(metric, granularity, start, end, rest)) {
        points.set(place, JSON.stringify(pts.map((p) => answerPoint(p, p.from_periods.length, withFrom ? p.from_periods : undefined))));
        summaries.set(place, summarise(pts.map((p) => ({ ...p, from_count: p.from_periods.length }))));
      }
    }
    const order = [...points.keys()].sort();
    return { points: new Map(order.map((p) => [p, points.get(p)!])), summary: mergeSummaries(order.map((p) => summaries.get(p)!)) };
  }

  /**
   * The summary and the stored, deflated end (src/store/series-body.ts) of the answer over every
   * place, when [start, end] takes the whole series and the store has them; undefined otherwise.
   */
  storedWholeSeries(metric: MetricRow, granularity: Granularity, start: string, end: string): { summary: SeriesSummary; tail: DeflatedPart } | undefined {
    if (!this.s.seriesTail || !(STORED_SERIES_GRANULARITIES as readonly string[]).includes(granularity)) return undefined;
    const total = this.s.seriesTotal!.get(metric.id, granularity) as Omit<Row<'series_totals'>, `tail_${string}`> | undefined;
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
  storedPlacesSeries(metric: MetricRow, granularity: Granularity, start: string, end: string, places: readonly string[]): { summary: SeriesSummary; entries: DeflatedPart[] } | undefined {
    if (!this.s.seriesPart || !(STORED_SERIES_GRANULARITIES as readonly string[]).includes(granularity)) return undefined;
    type PartRow = Pick<Row<'series_answers'>, 'place' | 'first_start' | 'first_end' | 'last_end' | 'count' | 'sources' | 'units' | 'periods'> & DeflatedPart;
    const rows = (places.length === 1
      ? [this.s.seriesPart.get(metric.id, granularity, places[0])].filter((r) => r !== undefined)
      : this.s.seriesPartsOf!.all(metric.id, granularity, json(places))) as PartRow[];
    if (rows.length === 0 || !rows.every((r) => takesWhole(r, start, end))) return undefined;
    return {
      summary: mergeSummaries(rows.map(parseSummary)),
      entries: rows.map(({ deflated, crc, bytes, sha256 }) => ({ deflated, crc, bytes, sha256 })),
    };
  }

  /**
   * Up to `limit` events in (date, id) order after the event `after` (from the first without it),
   * and whether more follow; undefined when `after` names no event.
   */
  events(limit: number, after?: string): { rows: EventRow[]; more: boolean } | undefined {
    let rows: EventRow[];
    if (after === undefined) rows = this.s.eventsFirst!.all(limit + 1) as EventRow[];
    else {
      const date = this.s.eventDate!.pluck().get(after) as string | undefined;
      if (date === undefined) return undefined;
      rows = this.s.eventsAfter!.all(date, after, limit + 1) as EventRow[];
    }
    const more = rows.length > limit;
    return { rows: more ? rows.slice(0, limit) : rows, more };
  }

  /** Up to `limit` (metric, place) keys of series after the given one, in key order (key-set paging). */
  seriesKeysAfter(metric: string, place: string, limit: number): { metric: string; place: string }[] {
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
    return this.s.coverage!.get(metric) as { first: string | null; last: string | null; places: number };
  }

  private eventTotals?: { n: number; start: string | null; end: string | null };

  /** Number of events and their first and last dates: counted once per release (the count reads the whole index). */
  eventStats(): { n: number; start: string | null; end: string | null } {
    return (this.eventTotals ??= this.s.eventStats!.get() as { n: number; start: string | null; end: string | null });
  }

  // --- v1 ----------------------------------------------------------------------------------------

  point(metric: string, place: string, period: string): PointRow | undefined {
    return this.s.point!.get(metric, place, period) as PointRow | undefined;
  }

  /** A page of points in the given order with the total matching the filter. */
  points(filter: PointFilter, limit: number, offset: number, order: PointOrder = 'indicator'): { total: number; rows: PointRow[] } {
    const { clause, args } = pointWhere(filter);
    const total = (this.statement(`SELECT count(*) AS n FROM points ${clause}`).get(...args) as { n: number }).n;
    return { total, rows: this.pointRows(filter, limit, offset, order) };
  }

  /** Points matching the filter, without the count (a CSV answer reads them batch by batch). */
  pointRows(filter: PointFilter, limit: number, offset: number, order: PointOrder = 'indicator'): PointRow[] {
    const { clause, args } = pointWhere(filter);
    return this.statement(`SELECT * FROM points ${clause} ORDER BY ${POINT_ORDERS[order]} LIMIT ? OFFSET ?`).all(...args, limit, offset) as PointRow[];
  }

  /** A page of relations, claims or evidence by id, optionally about one subject. */
  records<T extends RecordTable>(table: T, subject: string | undefined, limit: number, offset: number): { total: number; rows: Row<T>[] } {
    const clause = subject !== undefined ? 'WHERE subject = ?' : '';
    const args = subject !== undefined ? [subject] : [];
    const total = (this.statement(`SELECT count(*) AS n FROM ${table} ${clause}`).get(...args) as { n: number }).n;
    const rows = this.statement(`SELECT * FROM ${table} ${clause} ORDER BY id LIMIT ? OFFSET ?`).all(...args, limit, offset) as Row<T>[];
    return { total, rows };
  }

  record<T extends RecordTable>(table: T, id: string): Row<T> | undefined {
    return this.statement(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Row<T> | undefined;
  }

  /** Every entity by id (the input of a release-to-release diff). */
  entities(): EntityRow[] {
    return this.s.entities!.all() as EntityRow[];
  }

  /** The en/ru/kk names of one entity, or null when there is none with this id. */
  entityNames(id: string): { en: string; ru: string; kk: string } | null {
    return (this.s.entityNames!.get(id) as { en: string; ru: string; kk: string } | undefined) ?? null;
  }

  /** Slugs of the entities that `name` names as an alias, code or other spelling (case-insensitive). */
  aliasSlugs(name: string): string[] {
    return (this.s.aliasSlugs!.all(name) as { slug: string }[]).map((r) => r.slug);
  }
}

const readers = new WeakMap<Database, StoreReader>();

/** The reader of a release's store: built (statements prepared) on first use, then kept with the store. */
export function storeOf(release: { db: Database }): StoreReader {
  let reader = readers.get(release.db);
  if (!reader) readers.set(release.db, (reader = new StoreReader(release.db)));
  return reader;
}

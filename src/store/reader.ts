// The store reader: every SQL statement the server runs against a release's store (except the
// search index's, src/store/search*.ts), prepared once per release and shared by the timemachine
// and v1 routes. Row types come from the store's one declaration (src/store/tables.ts).
import type { Database, Statement } from 'better-sqlite3';
import { ROLLUP_GRANULARITIES, bucketOf, byTime, type Granularity } from './periods.js';
import { asPublished, bucketize, decodeFrom, type PointRow, type SeriesPoint } from './rollup.js';
import type { Row } from './tables.js';

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

// Ties on period_end (a year and its Q4 both end 31 December) go to the shorter period (the later
// start), then to the period name: one backward step on the clustered key of points per series.
const LATEST_OF_SERIES = `
  SELECT * FROM points WHERE metric = ? AND place = ? AND period_end <= ?
  ORDER BY period_end DESC, period_start DESC, period ASC LIMIT 1`;

// Two forms of each filtered statement, every place or a list: a parameter tested with OR would keep
// SQLite from seeking the key by place.
const placeForms = (sql: string) => ({
  all: sql.replace('@PLACES', '1'),
  some: sql.replace('@PLACES', 'place IN (SELECT value FROM json_each(@places))'),
});

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

export class StoreReader {
  readonly meta: Readonly<Record<string, string>>;
  readonly layers: readonly LayerRow[];
  readonly metrics: readonly MetricRow[];
  readonly metricById: ReadonlyMap<string, MetricRow>;
  /** Places that have at least one point, sorted. */
  readonly places: readonly string[];
  readonly sqliteVersion: string;
  private readonly keys: readonly { metric: string; place: string }[];
  private readonly s: Record<string, Statement>;
  private readonly dynamic = new Map<string, Statement>();

  constructor(private readonly db: Database) {
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      latestOfSeries: p(LATEST_OF_SERIES),
      pointsInRange: p(POINTS_IN_RANGE.all),
      pointsInRangeOf: p(POINTS_IN_RANGE.some),
      rollupsInRange: p(ROLLUPS_IN_RANGE.all),
      rollupsInRangeOf: p(ROLLUPS_IN_RANGE.some),
      events: p('SELECT * FROM events ORDER BY date, id'),
      allPoints: p('SELECT * FROM points ORDER BY metric, place, period'),
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
    this.keys = (p('SELECT metric, place FROM point_series ORDER BY metric, place').all() as { metric: string; place: string }[]);
  }

  /** A statement built from a fixed set of filter shapes, prepared on first use and kept for the release. */
  private statement(sql: string): Statement {
    let stmt = this.dynamic.get(sql);
    if (!stmt) this.dynamic.set(sql, (stmt = this.db.prepare(sql)));
    return stmt;
  }

  // --- timemachine -------------------------------------------------------------------------------

  /** For each (metric of the layers, place) the latest point whose period ends on or before date. */
  latestAt(date: string, layers: readonly string[], places: readonly string[] | null = ALL): PointRow[] {
    const metrics = new Set(this.metrics.filter((m) => layers.includes(m.layer)).map((m) => m.id));
    const wanted = places === null ? null : new Set(places);
    const out: PointRow[] = [];
    const seek = this.s.latestOfSeries!;
    for (const k of this.keys) {
      if (!metrics.has(k.metric) || (wanted && !wanted.has(k.place))) continue;
      const row = seek.get(k.metric, k.place, date) as PointRow | undefined;
      if (row) out.push(row);
    }
    return out;
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

  events(): EventRow[] {
    return this.s.events!.all() as EventRow[];
  }

  /** Every point, by (metric, place, period): the input of a release-to-release diff. */
  allPoints(): PointRow[] {
    return this.s.allPoints!.all() as PointRow[];
  }

  /** One row per (metric, place) with points: counts and first/last dates. */
  seriesKeys(): SeriesKeyRow[] {
    return this.s.seriesKeys!.all() as SeriesKeyRow[];
  }

  /** A metric's first period start, last period end and number of places with points. */
  coverage(metric: string): { first: string | null; last: string | null; places: number } {
    return this.s.coverage!.get(metric) as { first: string | null; last: string | null; places: number };
  }

  eventStats(): { n: number; start: string | null; end: string | null } {
    return this.s.eventStats!.get() as { n: number; start: string | null; end: string | null };
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
  records(table: RecordTable, subject: string | undefined, limit: number, offset: number): { total: number; rows: Record<string, unknown>[] } {
    const clause = subject !== undefined ? 'WHERE subject = ?' : '';
    const args = subject !== undefined ? [subject] : [];
    const total = (this.statement(`SELECT count(*) AS n FROM ${table} ${clause}`).get(...args) as { n: number }).n;
    const rows = this.statement(`SELECT * FROM ${table} ${clause} ORDER BY id LIMIT ? OFFSET ?`).all(...args, limit, offset) as Record<string, unknown>[];
    return { total, rows };
  }

  record(table: RecordTable, id: string): Record<string, unknown> | undefined {
    return this.statement(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Record<string, unknown> | undefined;
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

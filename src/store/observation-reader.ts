// The v1 statements of a release's store: observations (points) by id or filtered, counted and
// paged in a chosen order, and the relation, claim and evidence records. Filtered statements are
// built from a fixed set of shapes, prepared on first use and kept for the release.
import type { Database, Statement } from 'better-sqlite3';
import type { PointRow } from './rollup.js';
import type { Row } from './tables.js';

/** Points matching every given member: any of the listed values, periods inside [from, to]. */
export interface PointFilter {
  metric?: readonly string[];
  place?: readonly string[];
  period?: readonly string[];
  from?: string;
  to?: string;
}

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

/** The statement of a page of points in an order, after a filter's WHERE clause (pointWhere). */
export const pointPageSql = (clause: string, order: PointOrder): string =>
  `SELECT * FROM points ${clause} ORDER BY ${POINT_ORDERS[order]} LIMIT ? OFFSET ?`;

/**
 * The statement counting the points a filter keeps. Without a period or a date bound the count is the
 * sum of the per-series counts the build wrote (point_series: one row per metric and place), which
 * the metric and place members select as they select points: counting the points themselves read
 * every one of them for a listing over every indicator (40-60 ms of CPU at 222,557 points).
 */
export function pointCountSql(filter: PointFilter, clause: string): string {
  const bySeries = !filter.period?.length && !filter.from && !filter.to;
  return bySeries
    ? `SELECT coalesce(sum(points), 0) AS n FROM point_series ${clause}`
    : `SELECT count(*) AS n FROM points ${clause}`;
}
export type RecordTable = 'relations' | 'claims' | 'evidence';

/**
 * Past this many series a metric filter is checked on each row an order's index yields (`+metric`
 * keeps SQLite from seeking the key per series): every indicator's total series, the listing without
 * an indicator, are thousands of keys over most of the points, and seeking each key read every one of
 * those points and sorted them for a page of 100 (63-69 ms of CPU at 222,557 points) where walking
 * the order's index stops after the page. A few series are fewer points than a page's walk: seeking
 * them stays cheaper.
 */
const MANY_SERIES = 64;

/** The WHERE clause of a filter and its arguments (pointPageSql, pointCountSql). */
function pointWhere(filter: PointFilter): { clause: string; args: string[] } {
  const where: string[] = [];
  const args: string[] = [];
  for (const column of ['metric', 'place', 'period'] as const) {
    const values = filter[column];
    if (values?.length) {
      const term = column === 'metric' && values.length > MANY_SERIES ? '+metric' : column;
      where.push(`${term} IN (SELECT value FROM json_each(?))`);
      args.push(JSON.stringify(values));
    }
  }
  if (filter.from) {
    where.push('period_start >= ?');
    args.push(filter.from);
  }
  if (filter.to) {
    where.push('period_end <= ?');
    args.push(filter.to);
  }
  return { clause: where.length ? `WHERE ${where.join(' AND ')}` : '', args };
}

export class ObservationReader {
  private readonly dynamic = new Map<string, Statement>();
  private readonly byKey: Statement;

  constructor(private readonly db: Database) {
    this.byKey = db.prepare('SELECT * FROM points WHERE metric = ? AND place = ? AND period = ?');
  }

  /** A statement built from a fixed set of filter shapes, prepared on first use and kept for the release. */
  private statement(sql: string): Statement {
    let stmt = this.dynamic.get(sql);
    if (!stmt) this.dynamic.set(sql, (stmt = this.db.prepare(sql)));
    return stmt;
  }

  point(metric: string, place: string, period: string): PointRow | undefined {
    return this.byKey.get(metric, place, period) as PointRow | undefined;
  }

  /** The point of a series with a value whose period ends last (ties: the longer period), if any. */
  latestWithValue(metric: string, place: string): PointRow | undefined {
    return this.statement(
      'SELECT * FROM points WHERE metric = ? AND place = ? AND value IS NOT NULL ORDER BY period_end DESC, period_start ASC LIMIT 1',
    ).get(metric, place) as PointRow | undefined;
  }

  /** Whether a series is published at some district (a place under a region: `KZ-35/...`). */
  atDistricts(metric: string): boolean {
    return (
      this.statement(
        "SELECT 1 FROM point_series WHERE metric = ? AND place LIKE '%/%' LIMIT 1",
      ).get(metric) !== undefined
    );
  }

  /** A page of points in the given order with the total matching the filter. */
  points(
    filter: PointFilter,
    limit: number,
    offset: number,
    order: PointOrder = 'indicator',
  ): { total: number; rows: PointRow[] } {
    const { clause, args } = pointWhere(filter);
    const total = (this.statement(pointCountSql(filter, clause)).get(...args) as { n: number }).n;
    return { total, rows: this.pointRows(filter, limit, offset, order) };
  }

  /** Points matching the filter, without the count (a CSV answer reads them batch by batch). */
  pointRows(
    filter: PointFilter,
    limit: number,
    offset: number,
    order: PointOrder = 'indicator',
  ): PointRow[] {
    const { clause, args } = pointWhere(filter);
    return this.statement(pointPageSql(clause, order)).all(...args, limit, offset) as PointRow[];
  }

  /** A page of relations, claims or evidence by id, optionally about one subject. */
  records<T extends RecordTable>(
    table: T,
    subject: string | undefined,
    limit: number,
    offset: number,
  ): { total: number; rows: Row<T>[] } {
    const clause = subject !== undefined ? 'WHERE subject = ?' : '';
    const args = subject !== undefined ? [subject] : [];
    const total = (
      this.statement(`SELECT count(*) AS n FROM ${table} ${clause}`).get(...args) as { n: number }
    ).n;
    const rows = this.statement(
      `SELECT * FROM ${table} ${clause} ORDER BY id LIMIT ? OFFSET ?`,
    ).all(...args, limit, offset) as Row<T>[];
    return { total, rows };
  }

  record<T extends RecordTable>(table: T, id: string): Row<T> | undefined {
    return this.statement(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Row<T> | undefined;
  }
}

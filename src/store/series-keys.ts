// The series keys of a release's store (point_series): what diffs page through and what coverage
// reads, and the points of one series.
import type { Database } from 'better-sqlite3';
import type { PointRow } from './rollup.js';
import type { Row } from './tables.js';

export type SeriesKeyRow = Row<'point_series'>;

const statements = (db: Database) => {
  const p = (sql: string) => db.prepare(sql);
  return {
    keysAfter: p(
      'SELECT metric, place FROM point_series WHERE (metric, place) > (?, ?) ORDER BY metric, place LIMIT ?',
    ),
    points: p('SELECT * FROM points WHERE metric = ? AND place = ?'),
    all: p('SELECT * FROM point_series ORDER BY metric, place'),
    coverage: p(
      'SELECT min(first_start) AS first, max(last_end) AS last, count(*) AS places FROM point_series WHERE metric = ?',
    ),
  };
};

export class SeriesKeyReader {
  private readonly s: ReturnType<typeof statements>;

  constructor(db: Database) {
    this.s = statements(db);
  }

  /** Up to `limit` (metric, place) keys of series after the given one, in key order (key-set paging). */
  after(metric: string, place: string, limit: number): { metric: string; place: string }[] {
    return this.s.keysAfter.all(metric, place, limit) as { metric: string; place: string }[];
  }

  /** Every point of one series (one key range of the clustered points key). */
  points(metric: string, place: string): PointRow[] {
    return this.s.points.all(metric, place) as PointRow[];
  }

  /** One row per (metric, place) with points: counts and first/last dates. */
  all(): SeriesKeyRow[] {
    return this.s.all.all() as SeriesKeyRow[];
  }

  /** A metric's first period start, last period end and number of places with points. */
  coverage(metric: string): { first: string | null; last: string | null; places: number } {
    return this.s.coverage.get(metric) as {
      first: string | null;
      last: string | null;
      places: number;
    };
  }
}

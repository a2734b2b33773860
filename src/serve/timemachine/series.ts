// GET /api/timemachine/series (issue 3): one metric's points, per place, bucketed by day, ISO week or
// month with the metric's declared aggregation. A point whose period does not fit inside one bucket
// keeps its own period (never spread or interpolated); empty buckets are absent, never 0.
import { ProblemError } from '../errors.js';
import type { LoadedRelease } from '../release-types.js';
import { bucketOf } from './periods.js';
import type { Granularity } from './query.js';
import type { PointRow } from './snapshot.js';

export interface SeriesQuery { metric: string; start_date?: string; end_date?: string; granularity?: Granularity }

interface MetricRow { id: string; layer: string; name_en: string; name_ru: string; name_kk: string; unit: string; frequency: string; aggregation: string; source_id: string }

interface OutPoint {
  period: string; period_start: string; period_end: string; value: number | null; null_reason: string | null;
  aggregation: string | null; // null: the point as published
  from_periods: string[];
}

// A sum over a bucket with an unpublished value would understate the total, so it is null; a mean
// or a last value is still well defined from what was published.
const AGGREGATE: Record<string, (pts: PointRow[]) => Pick<OutPoint, 'value' | 'null_reason'>> = {
  sum: (pts) =>
    pts.some((p) => p.value === null)
      ? { value: null, null_reason: `${pts.filter((p) => p.value === null).length} of ${pts.length} points in the bucket have no published value` }
      : { value: pts.reduce((s, p) => s + (p.value as number), 0), null_reason: null },
  mean: (pts) => {
    const vals = pts.map((p) => p.value).filter((v): v is number => v !== null);
    return vals.length ? { value: vals.reduce((s, v) => s + v, 0) / vals.length, null_reason: null } : { value: null, null_reason: 'no published value in the bucket' };
  },
  last: (pts) => {
    const last = pts[pts.length - 1]!; // sorted by period_end
    return { value: last.value, null_reason: last.null_reason };
  },
};

function asPublished(p: PointRow): OutPoint {
  return { period: p.period, period_start: p.period_start, period_end: p.period_end, value: p.value, null_reason: p.null_reason, aggregation: null, from_periods: [p.period] };
}

function bucketize(points: PointRow[], g: Granularity, aggregation: string): OutPoint[] {
  const aggregate = AGGREGATE[aggregation];
  if (!aggregate) throw new ProblemError('internal_error', `metric aggregation "${aggregation}" is not one of ${Object.keys(AGGREGATE).join(', ')}`);
  const out: OutPoint[] = [];
  const buckets = new Map<string, { b: ReturnType<typeof bucketOf>; pts: PointRow[] }>();
  for (const p of points) {
    const b = bucketOf(p.period_start, g);
    if (p.period_end > b.period_end) out.push(asPublished(p)); // coarser than the bucket: kept whole
    else (buckets.get(b.period) ?? buckets.set(b.period, { b, pts: [] }).get(b.period)!).pts.push(p);
  }
  for (const { b, pts } of buckets.values()) {
    pts.sort((x, y) => (x.period_end < y.period_end ? -1 : x.period_end > y.period_end ? 1 : 0));
    out.push({ ...b, ...aggregate(pts), aggregation, from_periods: pts.map((p) => p.period) });
  }
  return out.sort((x, y) => (x.period_start + x.period_end + x.period < y.period_start + y.period_end + y.period ? -1 : 1));
}

export function series(release: LoadedRelease, q: SeriesQuery) {
  const metric = release.db.prepare('SELECT id, layer, name_en, name_ru, name_kk, unit, frequency, aggregation, source_id FROM metrics WHERE id = ?').get(q.metric) as MetricRow | undefined;
  if (!metric) {
    const valid = (release.db.prepare('SELECT id FROM metrics ORDER BY id').all() as { id: string }[]).map((r) => r.id);
    throw new ProblemError('unknown_metric', `no metric "${q.metric}" in release ${release.revision}; valid metrics: ${valid.join(', ')}`, { metric: q.metric, valid_metrics: valid });
  }
  if (q.start_date && q.end_date && q.start_date > q.end_date) {
    throw new ProblemError('invalid_date_range', `start_date ${q.start_date} is after end_date ${q.end_date}`, { start_date: q.start_date, end_date: q.end_date });
  }
  const rows = release.db
    .prepare(`SELECT * FROM points WHERE metric = @metric AND period_end >= @start AND period_end <= @end ORDER BY place, period_start, period_end, period`)
    .all({ metric: metric.id, start: q.start_date ?? '0000-01-01', end: q.end_date ?? '9999-12-31' }) as PointRow[];
  const byPlace = new Map<string, PointRow[]>();
  for (const r of rows) (byPlace.get(r.place) ?? byPlace.set(r.place, []).get(r.place)!).push(r);
  const places = [...byPlace].map(([place, pts]) => ({
    place,
    points: q.granularity ? bucketize(pts, q.granularity, metric.aggregation) : pts.map(asPublished),
  }));
  return {
    revision: release.revision,
    metric,
    unit: metric.unit,
    source: { id: metric.source_id, point_sources: [...new Set(rows.map((r) => r.source_id))].sort() },
    aggregation: metric.aggregation,
    granularity: q.granularity ?? null,
    start_date: q.start_date ?? null,
    end_date: q.end_date ?? null,
    periods: [...new Set(rows.map((r) => r.period))].sort(),
    count: rows.length,
    series: places,
  };
}

// GET /api/timemachine/series (SPEC 4.3): one metric's points, per place, as published or bucketed by
// day, ISO week, month, quarter or year with the metric's declared aggregation (src/store/rollup.ts).
// Every point keeps its unit, status and note; a metric whose unit changes over time lists its units.
import { ProblemError } from '../errors.js';
import type { LoadedRelease } from '../release-types.js';
import { byTime } from '../../store/periods.js';
import { storeOf, type SeriesPoint } from '../../store/reader.js';
import { namesOf, parsePlaces, type Granularity } from './query.js';

export interface SeriesQuery { metric: string; start_date?: string; end_date?: string; granularity?: Granularity; place?: string; include?: 'names' }

/** Each unit with the span of periods it is used for, earliest first. */
function unitSpans(series: Map<string, SeriesPoint[]>) {
  const spans = new Map<string, { unit: string; period_start: string; period_end: string; first_period: string; last_period: string }>();
  for (const pts of series.values()) {
    for (const p of pts) {
      for (const unit of p.unit.split(' | ')) {
        const s = spans.get(unit);
        if (!s) spans.set(unit, { unit, period_start: p.period_start, period_end: p.period_end, first_period: p.period, last_period: p.period });
        else {
          if (p.period_start < s.period_start) Object.assign(s, { period_start: p.period_start, first_period: p.period });
          if (p.period_end > s.period_end) Object.assign(s, { period_end: p.period_end, last_period: p.period });
        }
      }
    }
  }
  return [...spans.values()].sort((a, b) => (a.period_start < b.period_start ? -1 : a.period_start > b.period_start ? 1 : a.unit < b.unit ? -1 : 1));
}

export function series(release: LoadedRelease, q: SeriesQuery) {
  const reader = storeOf(release);
  const found = reader.metricById.get(q.metric);
  if (!found) {
    const valid = reader.metrics.map((m) => m.id);
    throw new ProblemError('unknown_metric', `no metric "${q.metric}" in release ${release.revision}; valid metrics: ${valid.join(', ')}`, { metric: q.metric, valid_metrics: valid });
  }
  if (q.start_date && q.end_date && q.start_date > q.end_date) {
    throw new ProblemError('invalid_date_range', `start_date ${q.start_date} is after end_date ${q.end_date}`, { start_date: q.start_date, end_date: q.end_date });
  }
  const places = parsePlaces(release, q.place);
  const { id, layer, name_en, name_ru, name_kk, unit, frequency, aggregation, source_id } = found;
  const bucketed = reader.series(found, q.granularity ?? null, q.start_date ?? '0000-01-01', q.end_date ?? '9999-12-31', places);
  const all = [...bucketed.values()].flat();
  const periods = new Map(all.map((p) => [p.period, p]));
  const units = unitSpans(bucketed);
  return {
    revision: release.revision,
    metric: { id, layer, name_en, name_ru, name_kk, unit, frequency, aggregation, source_id },
    unit,
    units: units.map((u) => u.unit),
    ...(units.length > 1
      ? { unit_changes: units, unit_note: `values of ${id} are published in ${units.length} units over time (${units.map((u) => `${u.unit}: ${u.first_period} to ${u.last_period}`).join('; ')}); each point carries its own unit` }
      : {}),
    source: { id: source_id, point_sources: [...new Set(all.flatMap((p) => p.source_id.split(' | ')))].sort() },
    aggregation,
    granularity: q.granularity ?? null,
    start_date: q.start_date ?? null,
    end_date: q.end_date ?? null,
    places,
    periods: [...periods.values()].sort(byTime).map((p) => p.period),
    count: all.reduce((n, p) => n + p.from_periods.length, 0),
    series: [...bucketed].map(([place, points]) => ({ place, points: points.map(({ source_id: _, ...p }) => p) })),
    ...(q.include === 'names' ? { names: namesOf(release, bucketed.keys(), [id]) } : {}),
  };
}

// GET /api/timemachine/series (SPEC 4.3): one metric's points, per place, as published or bucketed by
// day, ISO week, month, quarter or year with the metric's declared aggregation (src/store/rollup.ts).
// Every point keeps its unit, status and note; a metric whose unit changes over time lists its units.
import { ProblemError } from '../errors.js';
import type { LoadedRelease } from '../release-types.js';
import { storeOf } from '../../store/reader.js';
import { RawJson, type WithRawJson } from '../raw-json.js';
import { namesOf, parsePlaces, type SeriesQuery } from './query.js';
import type { TemporalSeries } from './schemas.js';

export function series(release: LoadedRelease, q: SeriesQuery): WithRawJson<TemporalSeries> {
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
  const includes = new Set(q.include?.split(',') ?? []);
  const { points, summary } = reader.seriesAnswer(found, q.granularity ?? null, q.start_date ?? '0000-01-01', q.end_date ?? '9999-12-31', places, includes.has('from_periods'));
  const units = summary.units;
  return {
    revision: release.revision,
    metric: { id, layer, name_en, name_ru, name_kk, unit, frequency, aggregation, source_id },
    unit,
    units: units.map((u) => u.unit),
    ...(units.length > 1
      ? { unit_changes: units.map((u) => ({ ...u })), unit_note: `values of ${id} are published in ${units.length} units over time (${units.map((u) => `${u.unit}: ${u.first_period} to ${u.last_period}`).join('; ')}); each point carries its own unit` }
      : {}),
    source: { id: source_id, point_sources: summary.sources },
    aggregation,
    granularity: q.granularity ?? null,
    start_date: q.start_date ?? null,
    end_date: q.end_date ?? null,
    places,
    periods: summary.periods.map((p) => p[0]),
    // Source points behind the buckets; each bucket says how many (from_count) and, with
    // include=from_periods, which (from_periods).
    count: summary.count,
    series: [...points].map(([place, json]) => ({ place, points: new RawJson(json) })),
    ...(includes.has('names') ? { names: namesOf(release, points.keys(), [id]) } : {}),
  };
}

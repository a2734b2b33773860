// GET /api/timemachine/series (docs/interface.md §4.3): one metric's points, per place, as published or bucketed by
// day, ISO week, month, quarter or year with the metric's declared aggregation (src/store/rollup.ts).
// Every point keeps its unit, status and note; a metric whose unit changes over time lists its units.
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease } from '../releases/release-types.js';
import { storeOf } from '../../store/reader.js';
import { RawJson, stringifyAnswer, type WithRawJson } from '../answers/raw-json.js';
import { PrecomposedAnswer } from '../answers/precomposed.js';
import type { MetricRow } from '../../store/reader.js';
import type { SeriesSummary } from '../../store/series-answer.js';
import {
  SERIES_ENTRY_SEPARATOR,
  SERIES_TAIL_END,
  seriesTailStart,
} from '../../store/series-body.js';
import { deflatePart } from '../../lib/gzip-compose.js';
import { parsePlaces, type SeriesQuery } from './query.js';
import { metricEntry, namesOf } from './descriptions.js';
import type { TemporalSeries } from './schemas.js';
import { DIMENSION_IDS } from '../../lib/dimensions.js';
import {
  dimensionFilter,
  hasDimensionFilter,
  indicatorRef,
  seriesKeysOf,
  type IndicatorRef,
} from '../dimensions/filters.js';

/**
 * The one series the query names: its metric (an indicator id, a deprecated id or a series key) at the
 * dimension codes asked (one per dimension: a series is one breakdown; totals where none is asked).
 */
export function seriesRef(
  release: LoadedRelease,
  q: SeriesQuery,
): { found: MetricRow | undefined; ref: IndicatorRef | undefined } {
  const ref = indicatorRef(release, q.metric);
  if (!ref) return { found: undefined, ref };
  const filter = dimensionFilter(q);
  const several = DIMENSION_IDS.find((d) => (filter[d]?.length ?? 0) > 1);
  if (several)
    throw new ProblemError(
      'invalid_parameter',
      `query parameter "${several}": a series is one breakdown; give one code (observations take several: /api/v1/observations)`,
      { parameter: several },
    );
  // an id that names one series fixes its codes (seriesKeysOf refuses a filter on them)
  const keys = hasDimensionFilter(filter)
    ? seriesKeysOf(release, [ref], filter)
    : [ref.series?.key ?? ref.indicator];
  return { found: keys.length === 1 ? storeOf(release).metricById.get(keys[0]!) : undefined, ref };
}

/** The series the query names (a problem when none, or when its date range is empty). */
export function seriesMetric(release: LoadedRelease, q: SeriesQuery): MetricRow {
  const reader = storeOf(release);
  const { found } = seriesRef(release, q);
  if (!found) {
    const valid = reader.metrics.map((m) => m.id);
    throw new ProblemError(
      'unknown_metric',
      `no metric "${q.metric}" in release ${release.revision}; valid metrics: ${valid.join(', ')}`,
      { metric: q.metric, valid_metrics: valid },
    );
  }
  if (q.start_date && q.end_date && q.start_date > q.end_date) {
    throw new ProblemError(
      'invalid_date_range',
      `start_date ${q.start_date} is after end_date ${q.end_date}`,
      { start_date: q.start_date, end_date: q.end_date },
    );
  }
  return found;
}

/** The answer's members before its periods (JSON.stringify keeps this order). */
function head(
  release: LoadedRelease,
  q: SeriesQuery,
  found: MetricRow,
  places: string[] | null,
  summary: SeriesSummary,
) {
  const { id, unit, source_id, aggregation } = found;
  const units = summary.units;
  return {
    revision: release.revision,
    metric: metricEntry(release, found),
    unit,
    units: units.map((u) => u.unit),
    ...(units.length > 1
      ? {
          unit_changes: units.map((u) => ({ ...u })),
          unit_note: `values of ${id} are published in ${units.length} units over time (${units.map((u) => `${u.unit}: ${u.first_period} to ${u.last_period}`).join('; ')}); each point carries its own unit`,
        }
      : {}),
    source: { id: source_id, point_sources: summary.sources },
    aggregation,
    granularity: q.granularity ?? null,
    start_date: q.start_date ?? null,
    end_date: q.end_date ?? null,
    places,
  };
}

/** The answer; `next`: the URL of the window after this one (./series-window.ts), when there is one. */
export function series(
  release: LoadedRelease,
  q: SeriesQuery,
  next: string | null = null,
): WithRawJson<TemporalSeries> {
  const reader = storeOf(release);
  const found = seriesMetric(release, q);
  const places = parsePlaces(release, q.place);
  const includes = new Set(q.include?.split(',') ?? []);
  const { points, summary } = reader.series.seriesAnswer(
    found,
    q.granularity ?? null,
    q.start_date ?? '0000-01-01',
    q.end_date ?? '9999-12-31',
    places,
    includes.has('from_periods'),
  );
  return {
    ...head(release, q, found, places, summary),
    periods: summary.periods.map((p) => p[0]),
    // Source points behind the buckets; each bucket says how many (from_count) and, with
    // include=from_periods, which (from_periods).
    count: summary.count,
    series: [...points].map(([place, json]) => ({ place, points: new RawJson(json) })),
    ...(includes.has('names') ? { names: namesOf(release, points.keys(), [found.id]) } : {}),
    ...(next === null ? {} : { next }),
  };
}

// an answer reached through a deprecated id carries its headers: answered (and cached) by series()
const composable = (release: LoadedRelease, q: SeriesQuery) =>
  q.include === undefined && q.granularity !== undefined && !seriesRef(release, q).ref?.deprecated;

/**
 * Whether the release stores the answer to `q` whole, so that composedSeries makes its JSON: told
 * from the series' spans, without reading the stored parts (which a CSV answer does not use).
 */
export function storedWhole(release: LoadedRelease, q: SeriesQuery): boolean {
  if (!composable(release, q)) return false;
  return storeOf(release).series.stored.storesWhole(
    seriesMetric(release, q),
    q.granularity!,
    q.start_date ?? '0000-01-01',
    q.end_date ?? '9999-12-31',
    q.place === undefined ? null : parsePlaces(release, q.place),
  );
}

// The constant parts between and after the places' entries: deflated once.
const SEPARATOR = deflatePart(Buffer.from(SERIES_ENTRY_SEPARATOR), undefined, true);
const END = deflatePart(Buffer.from(SERIES_TAIL_END));

/**
 * The JSON answer of a whole stored series (no include) composed from its head and parts deflated at
 * build (src/store/series-body.ts): over every place, the answer's end stored whole; over chosen
 * places, each place's entry. gzip costs a few kilobytes of deflate per request instead of the
 * answer's size. Undefined for every other query (and stores without the parts), which series() answers.
 */
export function composedSeries(
  release: LoadedRelease,
  q: SeriesQuery,
): PrecomposedAnswer | undefined {
  if (!composable(release, q)) return undefined;
  const found = seriesMetric(release, q);
  const start = q.start_date ?? '0000-01-01';
  const end = q.end_date ?? '9999-12-31';
  // the head object, open for the members after it
  const open = (places: string[] | null, summary: SeriesSummary) =>
    stringifyAnswer(head(release, q, found, places, summary)).slice(0, -1) + ',';
  if (q.place === undefined) {
    const stored = storeOf(release).series.stored.storedWholeSeries(
      found,
      q.granularity!,
      start,
      end,
    );
    return stored && new PrecomposedAnswer(Buffer.from(open(null, stored.summary)), [stored.tail]);
  }
  const places = parsePlaces(release, q.place)!;
  const stored = storeOf(release).series.stored.storedPlacesSeries(
    found,
    q.granularity!,
    start,
    end,
    places,
  );
  if (!stored) return undefined;
  const { summary, entries } = stored;
  const first =
    open(places, summary) +
    seriesTailStart(
      summary.periods.map((p) => p[0]),
      summary.count,
    );
  return new PrecomposedAnswer(Buffer.from(first), [
    ...entries.flatMap((e, i) => (i === 0 ? [e] : [SEPARATOR, e])),
    END,
  ]);
}

// The series answer's per-place parts: each bucket as the answer shows it, and what the answer says
// about all buckets (how many points they come from, their sources, units and periods). One module
// for both the build, which stores each whole series' parts (src/publish/store/series-answers.ts), and
// the server, which computes them for the series it does not find stored, so both give the same.
import type { FromSchema } from 'json-schema-to-ts';
import { byTime } from './periods.js';
import type { ANSWER_POINT_SCHEMA, UNIT_SPAN_SCHEMA } from './series-answer-schema.js';
import type { SeriesPoint } from './rollup.js';

/** A bucket in the answer: the number of source points always, their periods on request (include=from_periods). */
export type AnswerPoint = FromSchema<typeof ANSWER_POINT_SCHEMA>;

type Bucket = Omit<SeriesPoint, 'from_periods' | 'source_id'>;

/** The bucket as the answer shows it (the key order is the answer's, stored JSON included). */
export function answerPoint(p: Bucket, fromCount: number, fromPeriods?: string[]): AnswerPoint {
  const { period, period_start, period_end, value, null_reason, aggregation, unit, status, note } =
    p;
  return {
    period,
    period_start,
    period_end,
    value,
    null_reason,
    aggregation,
    from_count: fromCount,
    ...(fromPeriods ? { from_periods: fromPeriods } : {}),
    unit,
    status,
    note,
  };
}

export type UnitSpan = FromSchema<typeof UNIT_SPAN_SCHEMA>;

/** What the answer says about a list of buckets; periods as [period, start, end] in time order. */
export interface SeriesSummary {
  count: number;
  sources: string[];
  units: UnitSpan[];
  periods: [string, string, string][];
}

// a bucket counts its source points (from_count) or lists them (from_periods)
type Summarised = Pick<
  SeriesPoint,
  'period' | 'period_start' | 'period_end' | 'unit' | 'source_id'
> &
  ({ from_count: number } | Pick<SeriesPoint, 'from_periods'>);

const EMPTY: SeriesSummary = { count: 0, sources: [], units: [], periods: [] };

/** The summary of one place's buckets (in time order). */
export function summarise(points: readonly Summarised[]): SeriesSummary {
  const sources = new Set<string>();
  const spans = new Map<string, UnitSpan>();
  let count = 0;
  for (const p of points) {
    count += 'from_count' in p ? p.from_count : p.from_periods.length;
    // most buckets have one source and one unit, the same as the bucket before: no list, no span made
    if (p.source_id.includes(' | ')) for (const s of p.source_id.split(' | ')) sources.add(s);
    else sources.add(p.source_id);
    for (const unit of p.unit.includes(' | ') ? p.unit.split(' | ') : [p.unit]) {
      const s = spans.get(unit);
      if (s && s.period_start <= p.period_start && s.period_end >= p.period_end) continue;
      widen(spans, {
        unit,
        period_start: p.period_start,
        period_end: p.period_end,
        first_period: p.period,
        last_period: p.period,
      });
    }
  }
  return {
    count,
    sources: [...sources].sort(),
    units: [...spans.values()],
    periods: points.map((p) => [p.period, p.period_start, p.period_end]),
  };
}

// A later span replaces only a strictly earlier start or strictly later end, so merging places in
// order gives what one pass over every bucket in that order gives.
function widen(spans: Map<string, UnitSpan>, add: UnitSpan): void {
  const s = spans.get(add.unit);
  if (!s) spans.set(add.unit, { ...add });
  else {
    if (add.period_start < s.period_start)
      Object.assign(s, { period_start: add.period_start, first_period: add.first_period });
    if (add.period_end > s.period_end)
      Object.assign(s, { period_end: add.period_end, last_period: add.last_period });
  }
}

/** The summaries of several places, in place order, as one: units earliest first, periods distinct in time order. */
export function mergeSummaries(list: readonly SeriesSummary[]): SeriesSummary {
  if (list.length === 0) return EMPTY;
  const sources = new Set<string>();
  const spans = new Map<string, UnitSpan>();
  const periods = new Map<string, [string, string, string]>();
  let count = 0;
  const seenPeriods = new Set<SeriesSummary['periods']>();
  for (const s of list) {
    count += s.count;
    for (const x of s.sources) sources.add(x);
    for (const u of s.units) widen(spans, u);
    if (seenPeriods.has(s.periods)) continue; // places sharing one stored list: merged once
    seenPeriods.add(s.periods);
    for (const p of s.periods) if (!periods.has(p[0])) periods.set(p[0], p);
  }
  const units = [...spans.values()].sort((a, b) =>
    a.period_start < b.period_start
      ? -1
      : a.period_start > b.period_start
        ? 1
        : a.unit < b.unit
          ? -1
          : 1,
  );
  const ordered = [...periods.values()].sort((a, b) =>
    byTime(
      { period: a[0], period_start: a[1], period_end: a[2] },
      { period: b[0], period_start: b[1], period_end: b[2] },
    ),
  );
  return { count, sources: [...sources].sort(), units, periods: ordered };
}

/**
 * Granularities stored whole. Week is left to the rollups: 20 years of weeks for every place is an
 * answer of a million buckets whatever its path, and storing it would triple this table's build time.
 */
export const STORED_SERIES_GRANULARITIES = ['month', 'quarter', 'year'] as const;

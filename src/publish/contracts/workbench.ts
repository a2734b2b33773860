// workbench (verified static slice of changes, events and key counters), quality-report
// (freshness and quality of every dataset) and the media weekly digest (demonstration sample).
import type { Model } from '../../model/model.js';
import { isSeriesBreak } from '../../sources/bns-breaks.js';
import { BORDER_CHANGES } from '../../sources/bns-reforms.js';
import type { Point } from '../../model/types.js';
import type { Artifact } from '../artifact.js';
import { evaluateFreshness } from '../freshness.js';
import { header, sourceRef } from './header.js';
import { isoWeek } from '../../lib/dates.js';
import { validityErrors } from '../../geo/index.js';
import { REGIONAL_METRICS, pointsOf } from './points.js';
import { adm1FileBytes } from './regions.js';
import { POINT_COUNTS_NOTE, pointCounts } from '../point-counts.js';

export function datasetFreshness(model: Model, now: Date) {
  return model.datasets.map((d) => ({
    dataset: d.id,
    title: d.title,
    quality_status: d.quality_status,
    freshness: evaluateFreshness(
      { as_of: d.as_of, sla_days: d.sla_days, historical: d.historical, parts: d.parts },
      now,
      'build',
    ),
  }));
}

/** Each check computes what its id says, from the model, independently of how the flags were set. */
export function qualityChecks(model: Model) {
  const nulls = model.points.filter((p) => p.value === null);
  const zeros = model.points.filter((p) => p.value === 0);
  const reasonMismatch = model.points.filter(
    (p) => (p.value === null) !== (p.null_reason !== null),
  );
  const suspicious = model.points.filter((p) => p.status === 'suspicious');
  const flaggedColumns = new Set(model.flags.preliminaryColumns);
  const inFlagged = model.points.filter(
    (p) => flaggedColumns.has(`${p.metric} ${p.period}`) && p.value !== null,
  );
  const unflagged = inFlagged.filter((p) => p.status !== 'preliminary' || !p.note);
  const strayPreliminary = model.points.filter(
    (p) => p.status === 'preliminary' && !flaggedColumns.has(`${p.metric} ${p.period}`),
  );
  const unnoted = model.points.filter((p) => p.status !== 'final' && !p.note);
  const invalid = model.geo.adm1Simplified.features.filter(
    (f) => f.geometry && validityErrors(f.geometry).length > 0,
  );
  const adm1Bytes = adm1FileBytes(model);
  return [
    {
      id: 'no-zero-for-missing',
      passed: zeros.length === 0 && reasonMismatch.length === 0,
      detail: `${zeros.length} values equal to 0 (the sources leave a missing value empty, so a 0 would stand in for missing); ${nulls.length} null points, ${reasonMismatch.length} without a null_reason or with one beside a value`,
    },
    {
      id: 'suspicious-values-explained',
      passed: suspicious.every((p) => p.note),
      detail: `${suspicious.length} points flagged suspicious, ${suspicious.filter((p) => !p.note).length} without a note`,
    },
    {
      id: 'preliminary-values-flagged',
      passed:
        inFlagged.length > 0 === flaggedColumns.size > 0 &&
        unflagged.length === 0 &&
        strayPreliminary.length === 0,
      detail: `${inFlagged.length} values in the columns the source's footnotes mark preliminary (${[...flaggedColumns].join(', ') || 'none'}); ${unflagged.length} of them lack status preliminary or a note; ${strayPreliminary.length} preliminary points outside those columns`,
    },
    {
      id: 'flagged-points-noted',
      passed: unnoted.length === 0,
      detail: `${unnoted.length} points with a status other than final and no note`,
    },
    {
      id: 'geometry-valid',
      passed: invalid.length === 0,
      detail: `${model.geo.adm1Simplified.features.length - invalid.length} of ${model.geo.adm1Simplified.features.length} simplified ADM1 geometries pass JTS IsValidOp`,
    },
    borderChangesMarked(model),
    {
      id: 'adm1-file-size',
      passed: adm1Bytes <= 400_000,
      detail: `${adm1Bytes} bytes served, max area error ${model.geo.simplification.maxAreaError}`,
    },
  ];
}

export function qualityReport(model: Model): Artifact[] {
  const datasets = datasetFreshness(model, new Date(model.builtAt));
  const counts = { fresh: 0, degraded: 0, stale: 0, unknown: 0 };
  for (const d of datasets) counts[d.freshness.status]++;
  const checks = qualityChecks(model);
  const failed = checks.filter((c) => !c.passed).map((c) => c.id);
  return [
    {
      path: 'quality-report.json',
      schema: 'quality-report',
      json: {
        ...header(model, 'quality-report'),
        evaluated_at: new Date(model.builtAt).toISOString(),
        note: 'Freshness here is evaluated once, when the release was built (evaluated_at = built_at, evaluated_when = build), not when the file is read; /api/v1/datasets evaluates it at request time with the same function. A dataset of several indicators is as fresh as its oldest one (freshness.parts lists each).',
        // a failed check is stated here, where a reader looks first, never only inside `checks`
        summary: { ...counts, checks_passed: checks.length - failed.length, checks_failed: failed },
        datasets,
        checks,
        regional_statistics: regionalStatisticsCounts(model),
        known_issues: [
          ...failed.map(
            (id) => `quality check ${id} failed: ${checks.find((c) => c.id === id)!.detail}`,
          ),
          ...new Set(
            model.points
              .filter((p) => p.status === 'suspicious')
              .map((p) => `${p.metric} ${p.place} ${p.period}: ${p.note}`),
          ),
        ],
      },
    },
  ];
}

/** Verified events (docs/interface.md §2.3): hand-written events reviewed at their source, dated on or before the build day. */
export function verifiedEvents(model: Model) {
  const day = model.builtAt.slice(0, 10);
  return model.events.filter((e) => e.review_status === 'reviewed' && e.date <= day);
}

const eventRow = (e: Model['events'][number]) => ({
  id: e.id,
  date: e.date,
  kind: e.kind,
  place: e.place,
  title: e.title,
  source_url: e.source_url,
  review_status: e.review_status,
});

export function workbench(model: Model): Artifact[] {
  const verified = verifiedEvents(model);
  const counters = {
    regions: model.regions.length,
    districts: model.districts.length,
    institutions: model.institutions.length,
    indicators: model.indicators.length,
    ...pointCounts(model),
    events: verified.length,
    events_pending_review: model.events.length - verified.length,
    datasets: model.datasets.length,
  };
  return [
    {
      path: 'workbench.json',
      schema: 'workbench',
      json: {
        ...header(model, 'workbench'),
        counters,
        counters_note: POINT_COUNTS_NOTE,
        changes: verified.filter((e) => e.kind !== 'other').map(eventRow),
        events: verified.map(eventRow),
        note: 'Only events reviewed at their cited source and dated on or before the build are listed (the entity graph lists the unreviewed ones with their status). Public holidays are a calendar, not events: /data/public-holidays.json. Media items (demonstration sample) are never listed here.',
      },
    },
  ];
}

/** The public-holiday calendar, kept apart from verified events: a package's data, not reviewed by Dala. */
export function publicHolidayCalendar(model: Model): Artifact[] {
  return [
    {
      path: 'public-holidays.json',
      schema: 'public-holidays',
      json: {
        ...header(model, 'public-holidays'),
        source: sourceRef(model, 'date-holidays'),
        review_status: 'unreviewed',
        note: 'Calendar of official public holidays (and substitute days off) as computed by the date-holidays package; not reviewed by Dala and not part of the verified events. Dates after the build are scheduled, not observed.',
        count: model.holidays.length,
        holidays: model.holidays.map((h) => ({
          date: h.date,
          title: h.title,
          scheduled: h.date > model.builtAt.slice(0, 10),
        })),
      },
    },
  ];
}

export function mediaWeeklyDigest(model: Model): Artifact[] {
  const pubs = model.media.publications;
  const count = (key: (p: (typeof pubs)[number]) => string | null) => {
    const m = new Map<string, number>();
    for (const p of pubs) {
      const k = key(p) ?? 'unknown';
      m.set(k, (m.get(k) ?? 0) + 1);
    }
    return [...m.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, n]) => ({ key, count: n }));
  };
  const week = (date: string) => isoWeek(date);
  return [
    {
      path: 'media-weekly-digest.json',
      schema: 'media-weekly-digest',
      json: {
        ...header(model, 'media-weekly-digest'),
        quality_status: 'demonstration',
        provenance: { ...model.media.provenance, source: sourceRef(model, 'dala-media-sample') },
        warning:
          'DEMONSTRATION SAMPLE: synthetic items, not real publications. Do not cite or compare with real series.',
        total: pubs.length,
        weeks: count((p) => week(p.date)),
        per_day: count((p) => p.date),
        per_source: count((p) => p.source),
        per_topic: count((p) => p.topic),
        per_region: count((p) => p.region_iso),
      },
    },
  ];
}

/** Points, values, nulls and marked series breaks of every annual regional statistic. */
export function regionalStatisticsCounts(model: Model) {
  return REGIONAL_METRICS.map((metric) => {
    const ps = pointsOf(model, metric);
    return {
      indicator: metric,
      source_id: ps[0]?.source_id ?? null,
      points: ps.length,
      values: ps.filter((p) => p.value !== null).length,
      nulls: ps.filter((p) => p.value === null).length,
      series_breaks: ps.filter(isSeriesBreak).length,
      places: new Set(ps.map((p) => p.place)).size,
    };
  });
}

/**
 * Every place whose borders changed (bns-reforms.ts: the 2022 parents, the 2018 successors of South
 * Kazakhstan) and that has values on both sides of the change in one series must carry a series-break
 * note on its first value in the new borders: in every family, rates and per-capita figures included.
 * A parent whose last earlier value sits beside values of the new places (back-cast) is in the new
 * borders already there, and has no break at the change.
 */
function borderChangesMarked(model: Model) {
  const missing: string[] = [];
  let checked = 0;
  const series = new Map<string, Point[]>();
  for (const p of model.points) {
    if (p.value === null) continue;
    const key = `${p.metric}|${p.place}`;
    if (!series.has(key)) series.set(key, []);
    series.get(key)!.push(p);
  }
  const metrics = new Set(model.points.map((p) => p.metric));
  const has = (metric: string, place: string, period: string) =>
    (series.get(`${metric}|${place}`) ?? []).some((p) => p.period === period);
  for (const metric of metrics) {
    for (const change of BORDER_CHANGES) {
      const changed = new Set([
        ...Object.values(change.parentOf).filter((p) => !change.abolished.includes(p)),
        ...Object.keys(change.parentOf).filter((c) =>
          change.abolished.includes(change.parentOf[c]!),
        ),
      ]);
      for (const place of changed) {
        const predecessor = change.abolished.includes(change.parentOf[place] ?? '')
          ? change.parentOf[place]!
          : place;
        const byEnd = [...(series.get(`${metric}|${place}`) ?? [])].sort((a, b) =>
          a.period_end < b.period_end ? -1 : 1,
        );
        const after = byEnd.find((p) => p.period_end >= change.date);
        const old = (series.get(`${metric}|${predecessor}`) ?? []).filter(
          (p) => p.period_end < change.date,
        );
        if (after === undefined || old.length === 0) continue;
        const last = old.sort((a, b) => (a.period_end < b.period_end ? 1 : -1))[0]!;
        const newPlaces = Object.keys(change.parentOf).filter(
          (c) => change.parentOf[c] === predecessor,
        );
        if (predecessor === place && newPlaces.some((c) => has(metric, c, last.period))) continue;
        checked++;
        // a successor's break is on its first value (the old place's series must not be chained to it);
        // a parent's on a value of the year of the change, up to its first value in the new borders
        // (a source that recalculated the year's first quarter to the new borders breaks there)
        const marked =
          predecessor !== place
            ? isSeriesBreak(byEnd[0]!)
            : byEnd.some(
                (p) =>
                  isSeriesBreak(p) &&
                  p.period_end >= `${change.date.slice(0, 4)}-01-01` &&
                  p.period_end <= after.period_end,
              );
        if (!marked)
          missing.push(
            `${metric} ${place} ${predecessor === place ? after.period : byEnd[0]!.period}`,
          );
      }
    }
  }
  return {
    id: 'border-changes-marked',
    passed: missing.length === 0,
    detail:
      missing.length === 0
        ? `${checked} first values in changed borders (2018 and 2022 reforms, every indicator) carry a series-break note`
        : `no series-break note on: ${missing.join(', ')}`,
  };
}

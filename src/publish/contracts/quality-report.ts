// quality-report.json: the freshness and quality of every dataset, the checks of the model
// (quality-checks.ts) and the counts of every annual regional statistic.
import type { Model } from '../../model/model.js';
import { isSeriesBreak } from '../../sources/bns-breaks.js';
import type { Artifact } from '../artifact.js';
import { evaluateFreshness } from '../freshness.js';
import { header } from './header.js';
import { regionalMetrics, pointsOf } from './points.js';
import { qualityChecks } from './quality-checks.js';

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
        note: 'Freshness here is evaluated once, when the release was built (evaluated_at = built_at, evaluated_when = build), not when the file is read; /api/v1/datasets evaluates it at request time with the same function. A dataset of several indicators is as fresh as its least fresh one, each judged against the SLA of its own cadence (freshness.parts lists each).',
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

/** Points, values, nulls and marked series breaks of every annual regional statistic. */
export function regionalStatisticsCounts(model: Model) {
  return regionalMetrics(model).map((metric) => {
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

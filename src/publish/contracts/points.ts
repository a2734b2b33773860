// Point selections shared by the indicator contracts.
import type { Model } from '../../model/model.js';
import type { Point } from '../../model/types.js';

import { deprecatedId, seriesKeyOf } from '../../model/series-labels.js';
import { regionalIndicators } from '../../model/datasets.js';

/** The indicators official-regional-indicators.json names by their own keys (population, labour_market ...). */
export const HEADLINE_METRICS = ['population', 'employed', 'unemployment_rate', 'grp'] as const;
const HEADLINE_FAMILY = 'headline';

/** An indicator's labels in the regional files: its id, then the former ids of its breakdowns. */
const labelsOf = (i: Model['indicators'][number]) => [
  i.id,
  ...(i.deprecated_ids ?? []).map((d) => d.id),
];

/**
 * The groups of official-regional-indicators.json after the headline figures, as the registry
 * declares each indicator's `family` (sources/datasets/), in its order.
 */
export function regionalFamilies(model: Model): Record<string, readonly string[]> {
  const families: Record<string, string[]> = {};
  for (const i of regionalIndicators(model.indicators))
    if (i.family !== HEADLINE_FAMILY) (families[i.family!] ??= []).push(...labelsOf(i));
  return families;
}

/** Every regional statistic published per place: the headline ones and those of the families. */
export const regionalMetrics = (model: Model): readonly string[] =>
  regionalIndicators(model.indicators).flatMap(labelsOf);

/** One figure per family for the one-page brief (the sex and urban/rural splits stay in the analytics file). */
export const briefMetrics = (model: Model): readonly string[] => [
  ...HEADLINE_METRICS,
  ...model.indicators.filter((i) => i.brief === true).map((i) => i.id),
];

// The model's points by series and by (series, place), in the model's order: the contracts ask for a
// series' latest point once per place and metric, thousands of times per build, and a scan of every
// point each time was a sizeable part of the build's CPU time. The model is not changed once built.
interface PointIndex {
  bySeries: Map<string, Point[]>;
  bySeriesPlace: Map<string, Point[]>;
  /** The series keys of each indicator's breakdowns (`metric;dimension=...`), in the model's order. */
  breakdowns: Map<string, string[]>;
}
const pointIndexes = new WeakMap<readonly Point[], PointIndex>();

function pointIndex(model: Model): PointIndex {
  let index = pointIndexes.get(model.points);
  if (!index) {
    index = { bySeries: new Map(), bySeriesPlace: new Map(), breakdowns: new Map() };
    for (const p of model.points) {
      let one = index.bySeries.get(p.metric);
      if (one === undefined) {
        index.bySeries.set(p.metric, (one = []));
        const cut = p.metric.indexOf(';');
        if (cut > 0) {
          const of = p.metric.slice(0, cut);
          (index.breakdowns.get(of) ?? index.breakdowns.set(of, []).get(of)!).push(p.metric);
        }
      }
      one.push(p);
      const key = `${p.metric}\u0000${p.place}`;
      const at = index.bySeriesPlace.get(key) ?? index.bySeriesPlace.set(key, []).get(key)!;
      at.push(p);
    }
    pointIndexes.set(model.points, index);
  }
  return index;
}

/** The points of one series (its key, as `seriesKeyOf` gives it) at one place, in the model's order. */
export const pointsAt = (model: Model, key: string, place: string): readonly Point[] =>
  pointIndex(model).bySeriesPlace.get(`${key}\u0000${place}`) ?? [];

/** The series keys of an indicator's breakdowns (`metric;dimension=...`) that have points, in the model's order. */
export const breakdownsOf = (model: Model, indicator: string): readonly string[] =>
  pointIndex(model).breakdowns.get(indicator) ?? [];

/** The points of one series (its key), in the model's order. */
export const pointsOfSeries = (model: Model, key: string): readonly Point[] =>
  pointIndex(model).bySeries.get(key) ?? [];

/** Latest point of a metric for a place that has a value; else the latest null point; else null. */
export function latestPoint(model: Model, metric: string, place: string): Point | null {
  const key = seriesKeyOf(model.indicators, metric);
  const series = pointsAt(model, key, place);
  const withValue = series.filter((p) => p.value !== null);
  const pick = (list: readonly Point[]) =>
    list.reduce<Point | null>(
      (best, p) => (best === null || p.period_end > best.period_end ? p : best),
      null,
    );
  return pick(withValue) ?? pick(series);
}

/** The points published under a label (an indicator id, or a deprecated id of one of its breakdowns). */
export function pointsOf(model: Model, metric: string): Point[] {
  const key = seriesKeyOf(model.indicators, metric);
  return [...pointsOfSeries(model, key)];
}

/** The indicator a label names; a deprecated id gives its indicator with the breakdown's id, names and notes. */
export function indicatorOf(model: Model, metric: string) {
  const old = deprecatedId(model.indicators, metric);
  if (old)
    return {
      ...old.indicator,
      id: old.entry.id,
      name: old.entry.name,
      notes: old.entry.notes,
      aliases: old.entry.aliases ?? [],
    };
  const indicator = model.indicators.find((i) => i.id === metric);
  if (!indicator)
    throw new Error(
      `indicator ${metric} is declared by no table of the registry (sources/datasets/)`,
    );
  return indicator;
}

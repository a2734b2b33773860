// Point selections shared by the indicator contracts.
import type { Model } from '../../model/model.js';
import type { Point } from '../../model/types.js';

import {
  BUS_METRICS,
  EXTRA_METRICS,
  GRP_PER_CAPITA_METRICS,
  LIFE_EXPECTANCY_METRICS,
} from '../../model/datasets.js';
import { deprecatedId, seriesKeyOf } from '../../model/series-labels.js';

export const HEADLINE_METRICS = ['population', 'employed', 'unemployment_rate', 'grp'] as const;

/** Families of the bns-extra tables, as grouped in official-regional-indicators. */
export const EXTRA_FAMILIES: Record<string, readonly string[]> = {
  health: [...LIFE_EXPECTANCY_METRICS, 'hospital_organisations', 'doctors'],
  environment: ['air_emissions_stationary', 'environmental_protection_expenditure'],
  income: ['income_per_capita_nominal', 'household_money_expenditure_per_capita'],
  labour: ['employment_agency_applicants', 'unemployment_rate_quarterly'],
  economy: GRP_PER_CAPITA_METRICS,
  transport: BUS_METRICS,
};

/** Every annual regional statistic published per place: the four headline ones and the bns-extra ones. */
export const REGIONAL_METRICS: readonly string[] = [...HEADLINE_METRICS, ...EXTRA_METRICS];

/** One figure per family for the one-page brief (the sex and urban/rural splits stay in the analytics file). */
export const BRIEF_METRICS: readonly string[] = [
  ...HEADLINE_METRICS,
  'life_expectancy',
  'hospital_organisations',
  'air_emissions_stationary',
  'environmental_protection_expenditure',
  'income_per_capita_nominal',
];

// The model's points by series and by (series, place), in the model's order: the contracts ask for a
// series' latest point once per place and metric, thousands of times per build, and a scan of every
// point each time was a sizeable part of the build's CPU time. The model is not changed once built.
interface PointIndex {
  bySeries: Map<string, Point[]>;
  bySeriesPlace: Map<string, Point[]>;
}
const pointIndexes = new WeakMap<readonly Point[], PointIndex>();

function pointIndex(model: Model): PointIndex {
  let index = pointIndexes.get(model.points);
  if (!index) {
    index = { bySeries: new Map(), bySeriesPlace: new Map() };
    for (const p of model.points) {
      const one = index.bySeries.get(p.metric) ?? index.bySeries.set(p.metric, []).get(p.metric)!;
      one.push(p);
      const key = `${p.metric}\u0000${p.place}`;
      const at = index.bySeriesPlace.get(key) ?? index.bySeriesPlace.set(key, []).get(key)!;
      at.push(p);
    }
    pointIndexes.set(model.points, index);
  }
  return index;
}

/** Latest point of a metric for a place that has a value; else the latest null point; else null. */
export function latestPoint(model: Model, metric: string, place: string): Point | null {
  const key = seriesKeyOf(model.indicators, metric);
  const series = pointIndex(model).bySeriesPlace.get(`${key}\u0000${place}`) ?? [];
  const withValue = series.filter((p) => p.value !== null);
  const pick = (list: Point[]) =>
    list.reduce<Point | null>(
      (best, p) => (best === null || p.period_end > best.period_end ? p : best),
      null,
    );
  return pick(withValue) ?? pick(series);
}

/** The points published under a label (an indicator id, or a deprecated id of one of its breakdowns). */
export function pointsOf(model: Model, metric: string): Point[] {
  const key = seriesKeyOf(model.indicators, metric);
  return [...(pointIndex(model).bySeries.get(key) ?? [])];
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
  if (!indicator) throw new Error(`indicator ${metric} is not in sources/indicators.json`);
  return indicator;
}

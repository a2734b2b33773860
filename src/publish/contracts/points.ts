// Point selections shared by the indicator contracts.
import type { Model } from '../../model/model.js';
import type { Point } from '../../model/types.js';

export const HEADLINE_METRICS = ['population', 'employed', 'unemployment_rate', 'grp'] as const;

/** Latest point of a metric for a place that has a value; else the latest null point; else null. */
export function latestPoint(model: Model, metric: string, place: string): Point | null {
  const series = model.points.filter((p) => p.metric === metric && p.place === place);
  const withValue = series.filter((p) => p.value !== null);
  const pick = (list: Point[]) => list.reduce<Point | null>((best, p) => (best === null || p.period_end > best.period_end ? p : best), null);
  return pick(withValue) ?? pick(series);
}

export function indicatorOf(model: Model, metric: string) {
  const indicator = model.indicators.find((i) => i.id === metric);
  if (!indicator) throw new Error(`indicator ${metric} is not in sources/indicators.json`);
  return indicator;
}

// Which indicator a view shows. The URL may name one the explorer does not offer (a mistyped or
// retired id, or the daily event count, which is not a regional indicator): the view then shows the
// default indicator and says which one it could not find, rather than pass another indicator's numbers
// off as the one asked for.
import type { TemporalLayers } from '../../src/serve/timemachine/schemas.js';
import type { Metric } from './api.js';

/** The series the explorer offers, of every layer it was given. */
export const metricsOf = (layers: TemporalLayers): Metric[] =>
  // Daily event counts are not a regional indicator; every other metric of the store can be mapped.
  layers.layers.flatMap((l) => l.metrics).filter((m) => m.layer !== 'events');

/** The indicators to choose from: each indicator's all-totals series. */
export const indicatorsOf = (metrics: readonly Metric[]) =>
  metrics.filter((m) => (m.indicator ?? m.id) === m.id);

export interface IndicatorChoice {
  indicator: Metric | null; // null while the list that may hold the one asked for is still coming
  missing: string | null; // the id the URL named that no indicator of the explorer has
}

/**
 * The indicator of `wanted` among `indicators`, else `fallback` (else the first). `complete` is false
 * while the page lists only some of the release's indicators: an id not among them may be among the
 * rest, so the choice waits.
 */
export function chooseIndicator(
  indicators: readonly Metric[],
  wanted: string | null,
  fallback: string,
  complete: boolean,
): IndicatorChoice {
  const named = wanted ? indicators.find((m) => m.id === wanted) : undefined;
  if (named) return { indicator: named, missing: null };
  if (wanted && !complete) return { indicator: null, missing: null };
  const indicator = indicators.find((m) => m.id === fallback) ?? indicators[0] ?? null;
  return { indicator, missing: wanted };
}

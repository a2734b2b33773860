// What a dataset's freshness is judged on (docs/interface.md §2.1): each indicator it carries is a
// part with its own latest period and the SLA of its own cadence, so a daily exchange rate is due
// again within days and an annual table within a year, never the one by the other's budget.
import type { IndicatorDeclaration } from '../sources/registry/indicator-schema.js';
import type { DatasetDef } from './model.js';
import type { Point } from './types.js';

type Frequency = IndicatorDeclaration['frequency'];

/**
 * Days after a value's period ends until the next one is due: one period of the cadence and the
 * time its publisher takes to publish it. Annual Bureau tables appear within about a year and a
 * month of the period's end (400); a daily rate misses at most a weekend and a holiday (5); a rate
 * in force is stated for each day, as a daily one.
 */
export const SLA_DAYS: Readonly<Record<Frequency, number>> = {
  daily: 5,
  'event-dated': 5,
  weekly: 14,
  monthly: 45,
  quarterly: 135,
  'quarterly-cumulative': 135,
  annual: 400,
  'school-year': 400,
};

/** The latest period end of some points, or null when there are none. */
const latestEnd = (ps: readonly Point[]) =>
  ps.reduce<string | null>(
    (max, p) => (max === null || p.period_end > max ? p.period_end : max),
    null,
  );

/**
 * The points with a value of each indicator (a breakdown `metric;dimension=...` under its indicator),
 * grouped in one pass for every dataset's freshness: a release holds hundreds of indicators and
 * dozens of datasets, and a pass per indicator, or per dataset, read every point each time.
 */
export function valuesByIndicator(points: readonly Point[]): Map<string, Point[]> {
  const out = new Map<string, Point[]>();
  for (const p of points) {
    if (p.value === null) continue;
    const indicator = p.metric.split(';')[0]!;
    if (!out.has(indicator)) out.set(indicator, []);
    out.get(indicator)!.push(p);
  }
  return out;
}

/** Latest period end with a value of one indicator: nationally, or in any place when there is no national series. */
function latestEndOf(values: readonly Point[]): string | null {
  return latestEnd(values.filter((p) => p.place === 'KZ')) ?? latestEnd(values);
}

/**
 * A dataset's freshness describes all of it: each indicator is a part with its own latest period
 * and SLA; the dataset's as_of is the oldest part's and its sla_days the shortest cadence's (how
 * often some of it is due), so a dataset is never fresh because one of its indicators is.
 */
export function freshnessOf(
  values: ReadonlyMap<string, readonly Point[]>,
  metrics: readonly string[],
  frequencies: ReadonlyMap<string, Frequency>,
): Pick<DatasetDef, 'as_of' | 'parts' | 'sla_days'> {
  const parts = metrics.map((indicator) => {
    const frequency = frequencies.get(indicator);
    if (frequency === undefined)
      throw new Error(`indicator ${indicator} has no declared frequency`);
    return {
      indicator,
      as_of: latestEndOf(values.get(indicator) ?? []),
      sla_days: SLA_DAYS[frequency],
    };
  });
  const known = parts.map((p) => p.as_of).filter((d): d is string => d !== null);
  return {
    as_of: known.length === 0 ? null : known.reduce((min, d) => (d < min ? d : min)),
    parts,
    sla_days: Math.min(...parts.map((p) => p.sla_days)),
  };
}

// Per person, only where it is honest. Where the Bureau publishes an indicator per person itself (GRP
// per capita), its own series is shown, never a computation. Otherwise Dala divides a count (people,
// things, tenge, tonnes; aggregated by summing, annual) by the average annual population of the same
// place and year, and only where both cover the same territory: the population is back-cast by the
// Bureau to today's borders, while a region's other tables keep the borders of their year, so a region
// whose borders a reform moved gets no figure before the year of that reform (its values then cover
// another territory than the population). Rates, means and last-of-period values are never divided.
import { inFormerBorders, recalculatedTo } from '../../src/lib/series-breaks.js';
import type { Metric, RegionFeature, Series } from './api';

/** The units a count is published in, with the factor to its base unit. */
const COUNT_UNITS: Record<string, { scale: number; base: string }> = {
  persons: { scale: 1, base: 'persons' },
  'thousand persons': { scale: 1000, base: 'persons' },
  count: { scale: 1, base: 'count' },
  'mln KZT': { scale: 1_000_000, base: 'KZT' },
  'thousand KZT': { scale: 1000, base: 'KZT' },
  'thousand tonnes': { scale: 1000, base: 'tonnes' },
};

/** Indicators the Bureau also publishes per person, as its own tables: their per-person series. */
const BUREAU_PER_PERSON: Record<string, string> = {
  grp: 'grp_per_capita',
  grp_cumulative: 'grp_per_capita_cumulative',
};

export const POPULATION_METRIC = 'population';

export type PerCapita =
  { kind: 'bureau'; metric: Metric } | { kind: 'computed'; scale: number; base: string } | null;

/** How the indicator shown can be put per person, if at all. */
export function perCapitaOf(m: Metric, metrics: Metric[]): PerCapita {
  // A breakdown (women, rural) divided by everyone would be a share, not a rate per person.
  if (m.indicator !== undefined && m.indicator !== m.id) return null;
  const own = metrics.find((x) => x.id === BUREAU_PER_PERSON[m.id]);
  if (own) return { kind: 'bureau', metric: own };
  if (m.id === POPULATION_METRIC || m.aggregation !== 'sum' || m.frequency !== 'annual')
    return null;
  const unit = COUNT_UNITS[m.unit];
  return unit ? { kind: 'computed', ...unit } : null;
}

/**
 * The day a place's present borders took effect: the latest reform that moved them, or null. The
 * border changes are the Bureau's, so they hold whether or not the event row naming one is reviewed.
 */
export function bordersSince(feature: RegionFeature | undefined): string | null {
  const dates = (feature?.properties.border_changes ?? []).map((e) => e.date);
  return dates.length ? dates.sort().at(-1)! : null;
}

/**
 * True when a value of this period lies in the place's present borders. The Bureau publishes a reform
 * year whole in the new borders (Abai, Jetisu and Ulytau have 2022 values), so that year counts, and so
 * does an earlier value its note says the Bureau recalculated to those borders (Turkistan's and
 * Shymkent's employment from 2010).
 */
export const inPresentBorders = (periodStart: string, since: string | null, note: string | null) =>
  since === null ||
  periodStart >= `${since.slice(0, 4)}-01-01` ||
  (recalculatedTo(note) ?? '') >= since;

export type PopulationIndex = Map<string, number>;

/** Population by `${place}|${period}`, leaving out any value the release says is in former borders. */
export function populationIndex(pop: Series): PopulationIndex {
  const idx: PopulationIndex = new Map();
  for (const s of pop.series)
    for (const p of s.points)
      if (p.value !== null && p.value > 0 && p.unit === 'persons' && !inFormerBorders(p.note))
        idx.set(`${s.place}|${p.period}`, p.value);
  return idx;
}

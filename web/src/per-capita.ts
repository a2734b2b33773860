// Per 1,000 people: Dala's own computation, offered only where it is honest. A count (people,
// things, tenge, tonnes; aggregated by summing) divided by the average annual population of the same
// place and the same year. Rates, means and last-of-period values (percentages, life expectancy,
// income per capita) are never divided again, and a value with no same-year population stays empty
// rather than borrowing another year's.
import type { Metric, Series } from './api';

/** The units a count is published in, with the factor to its base unit. */
const COUNT_UNITS: Record<string, { scale: number; base: string }> = {
  persons: { scale: 1, base: 'persons' },
  'thousand persons': { scale: 1000, base: 'persons' },
  count: { scale: 1, base: 'count' },
  'mln KZT': { scale: 1_000_000, base: 'KZT' },
  'thousand KZT': { scale: 1000, base: 'KZT' },
  'thousand tonnes': { scale: 1000, base: 'tonnes' },
};

export const POPULATION_METRIC = 'population';

export function perCapitaBasis(m: Metric): { scale: number; base: string } | null {
  // A breakdown (women, rural) divided by everyone would be a share, not a rate per person.
  if (m.indicator !== undefined && m.indicator !== m.id) return null;
  if (m.id === POPULATION_METRIC || m.aggregation !== 'sum' || m.frequency !== 'annual')
    return null;
  return COUNT_UNITS[m.unit] ?? null;
}

export type PopulationIndex = Map<string, number>;

/** Population by `${place}|${period}` (annual periods), from the population series. */
export function populationIndex(pop: Series): PopulationIndex {
  const idx: PopulationIndex = new Map();
  for (const s of pop.series)
    for (const p of s.points)
      if (p.value !== null && p.value > 0 && p.unit === 'persons')
        idx.set(`${s.place}|${p.period}`, p.value);
  return idx;
}

/** The value per 1,000 people, or null when the same place has no population for the same period. */
export function perThousand(
  value: number | null,
  scale: number,
  place: string,
  period: string,
  pop: PopulationIndex,
): number | null {
  const people = pop.get(`${place}|${period}`);
  if (value === null || people === undefined) return null;
  return (value * scale * 1000) / people;
}

// Derived figures: computed by Dala from published values, labelled `derived: true` with their
// formula and inputs, and only where numerator and denominator describe the same territory.
// The area is the geodesic area of today's boundary (geokz 1.0.2 ADM1 2024), so a density is
// computed only for values in today's borders: periods that begin on or after the last border
// change of the place (bns-reforms.ts; the 2022 reform for every region). No per-capita figure is
// derived here: population is back-cast to the 2022 borders while these tables are not.
import type { Model } from '../../model/model.js';
import type { Point, Region } from '../../model/types.js';
import { BORDER_CHANGES } from '../../sources/bns-reforms.js';
import { figureOf, sourceRef } from './header.js';

export const EMISSIONS_DENSITY = {
  id: 'air_emissions_per_km2',
  name: {
    en: 'Air emissions from stationary sources per km² (derived)',
    ru: 'Выбросы от стационарных источников на км² (расчёт)',
    kk: 'Стационарлық көздерден шығарындылар, км² шаққанда (есеп)',
  },
  unit: 'tonnes per km²',
  formula:
    'air_emissions_stationary (thousand tonnes) × 1000 ÷ area_km2 (geodesic area of the geokz 1.0.2 ADM1 2024 boundary)',
} as const;

/** Day the borders of the 2024 geometry took effect: the latest change of any first-level unit. */
const CURRENT_BORDERS_FROM = BORDER_CHANGES.map((c) => c.date)
  .sort()
  .at(-1)!;

/**
 * A value in today's borders: its year is the reform year or later. The Bureau publishes the reform
 * year whole in the new borders (Abai, Jetisu and Ulytau have 2022 values), so 2022 counts.
 */
export function inCurrentBorders(p: Point): boolean {
  return p.period_start >= `${CURRENT_BORDERS_FROM.slice(0, 4)}-01-01`;
}

export function emissionsDensity(model: Model, r: Region) {
  const area = model.geo.regions.find((g) => g.iso === r.iso)!.areaKm2;
  return model.points
    .filter(
      (p) =>
        p.metric === 'air_emissions_stationary' &&
        p.place === r.iso &&
        p.value !== null &&
        inCurrentBorders(p),
    )
    .map((p) => ({
      id: EMISSIONS_DENSITY.id,
      name: EMISSIONS_DENSITY.name,
      derived: true,
      formula: EMISSIONS_DENSITY.formula,
      value: Math.round((((p.value as number) * 1000) / area) * 1000) / 1000,
      null_reason: null,
      unit: EMISSIONS_DENSITY.unit,
      period: p.period,
      period_start: p.period_start,
      period_end: p.period_end,
      status: p.status,
      source: sourceRef(model, p.source_id),
      inputs: {
        emissions: figureOf(model, p),
        area_km2: area,
        area_source: sourceRef(model, 'geokz'),
      },
      note: `Derived by Dala. Only periods in the borders in force from ${CURRENT_BORDERS_FROM} are divided by today's area; earlier years are not.`,
    }));
}

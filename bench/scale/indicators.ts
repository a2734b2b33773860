// The scaled release's SYNTHETIC indicators and their series. Most have no dimensions; two are broken
// down as the real dimensional model declares its population tables (src/lib/dimensions.ts codes):
// one by sex and by urban/rural, one by sex x age group, so that a third of the series (and so of
// the points, spread evenly over the series by ./rows.ts) carry non-total dimension codes. Their
// metrics and series_dimensions rows are made by the build's own code (src/publish/store/series.ts),
// so the routes resolve their dimension filters exactly as on a real release.
import type { DimensionCodes, DimensionId } from '../../src/lib/dimensions.js';
import type { Model } from '../../src/model/model.js';
import { seriesRows } from '../../src/publish/store/series.js';
import { seriesKey } from '../../src/sources/series-keys.js';
import type { Row } from '../../src/store/tables.js';

const AGGREGATIONS = ['sum', 'mean', 'last'] as const;
const PLAIN = 10;

interface SyntheticIndicator {
  id: string;
  dimensions: readonly DimensionId[];
  /** The breakdowns with points besides the all-totals series (codes left out are totals). */
  breakdowns: readonly DimensionCodes[];
}

export const indicatorId = (i: number) => `syn_m${String(i + 1).padStart(2, '0')}`;

export const SYNTHETIC_INDICATORS: readonly SyntheticIndicator[] = [
  ...Array.from({ length: PLAIN }, (_, i) => ({
    id: indicatorId(i),
    dimensions: [],
    breakdowns: [],
  })),
  // shaped as the population by district: by sex and by urban/rural
  {
    id: indicatorId(PLAIN),
    dimensions: ['sex', 'area'],
    breakdowns: [{ sex: 'F' }, { sex: 'M' }, { area: 'U' }, { area: 'R' }],
  },
  // shaped as the population by working-age group: sex x age, each sex's own working ages
  {
    id: indicatorId(PLAIN + 1),
    dimensions: ['sex', 'age'],
    breakdowns: [
      { sex: 'F', age: 'Y16T58' },
      { sex: 'M', age: 'Y16T62' },
    ],
  },
];

export interface SyntheticSeries {
  /** The store's series key (src/sources/series-keys.ts): the indicator id for its totals. */
  key: string;
  /** Index of its indicator: unit and aggregation follow it. */
  indicator: number;
  breakdown: boolean;
}

/** Every synthetic series, in key order (the order the store writer takes points in). */
export const SYNTHETIC_SERIES: readonly SyntheticSeries[] = SYNTHETIC_INDICATORS.flatMap(
  (ind, indicator) =>
    [{}, ...ind.breakdowns].map((codes) => ({
      key: seriesKey(ind.id, ind.dimensions, codes),
      indicator,
      breakdown: Object.keys(codes).length > 0,
    })),
).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

export const unitOf = (indicator: number) => (indicator % 3 === 0 ? 'count' : 'index');

/** The synthetic series' metrics rows and the series_dimensions rows of the dimensioned ones. */
export function syntheticSeriesRows(provenance: string): {
  metrics: Row<'metrics'>[];
  series_dimensions: Row<'series_dimensions'>[];
} {
  const indicators = SYNTHETIC_INDICATORS.map((ind, i) => ({
    id: ind.id,
    layer: 'synthetic',
    name: {
      en: `Synthetic metric ${i + 1}`,
      ru: `Синтетический показатель ${i + 1}`,
      kk: `Синтетикалық көрсеткіш ${i + 1}`,
    },
    unit: unitOf(i),
    frequency: 'daily',
    aggregation: AGGREGATIONS[i % 3]!,
    source_id: 'synthetic-benchmark',
    notes: provenance,
    ...(ind.dimensions.length ? { dimensions: [...ind.dimensions] } : {}),
  }));
  // The synthetic layer is none of the published layers the indicator schema lists: the rows are
  // made by the same code all the same.
  return seriesRows(
    { indicators } as unknown as Pick<Model, 'indicators'>,
    new Set(SYNTHETIC_SERIES.map((s) => s.key)),
  );
}

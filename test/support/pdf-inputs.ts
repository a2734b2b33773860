// The one-page PDFs' test inputs (docs/interface.md §2.2): an indicator passport, a media-kit card and
// a region brief of Karaganda, their figures copied from the pinned snapshots (bns/*.csv,
// reference/regions_crosswalk.csv, 2024 rows); each renderer with a way to render at another build
// date; and a PDF's page count.
import type { Feature, Polygon } from 'geojson';
import type { TrendChartInput } from '../../src/publish/pdf/chart-inputs.js';
import {
  renderIndicatorPassport,
  renderObservationCard,
  renderRegionBrief,
  type IndicatorPassportInput,
  type ObservationCardInput,
  type RegionBriefInput,
} from '../../src/publish/pdf/index.js';

export const builtAt = new Date('2025-06-01T00:00:00Z');
export const common = {
  revision: '0123456789abcdef',
  builtAt,
  attribution:
    'Source data: Bureau of National Statistics (stat.gov.kz); boundaries: geokz 1.0.2 (A. Rodionov), CC BY 4.0',
  citation: {
    text: 'Cite as: Dala (2025). Fixture page [PDF]. Data revision 0123456789abcdef, built 2025-06-01.',
    permalink: 'https://data.example.kz/d/0123456789abcdef/data/fixture.pdf',
  },
};
export const karaganda = {
  kk: 'Қарағанды облысы',
  ru: 'Карагандинская область',
  en: 'Karaganda Region',
};

/** An annual series for the fixtures: `values[i]` is the value of `from + i`. */
export function annual(
  from: number,
  values: (number | null)[],
  unit: string,
  status: (i: number) => 'final' | 'preliminary' = () => 'final',
) {
  return values.map((value, i) => ({
    period: String(from + i),
    period_start: `${from + i}-01-01`,
    period_end: `${from + i}-12-31`,
    value,
    status: status(i),
    unit,
  }));
}
export function trend(
  unit: string,
  values: (number | null)[],
  national: (number | null)[] | null,
  highlight: string | null = null,
): TrendChartInput {
  return {
    title: 'fixture',
    unit,
    decimals: 1,
    main: { label: 'Karaganda Region', points: annual(2015, values, unit) },
    comparison: national
      ? { label: 'Kazakhstan', points: annual(2015, national, unit), axis: 'right' }
      : null,
    breaks: [{ at: '2022-01-01', label: '2022 borders' }],
    highlight,
    position: 'middle',
  };
}
export const square = (x: number, y: number): Feature<Polygon, { iso: string }> => ({
  type: 'Feature',
  properties: { iso: `KZ-${x}${y}` },
  // Clockwise on the sphere, as d3-geo takes an exterior ring.
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [60 + x, 45 + y],
        [60 + x, 46 + y],
        [61 + x, 46 + y],
        [61 + x, 45 + y],
        [60 + x, 45 + y],
      ],
    ],
  },
});

export const passport: IndicatorPassportInput = {
  ...common,
  id: 'population',
  name: {
    kk: 'Орташа жылдық халық саны',
    ru: 'Среднегодовая численность населения',
    en: 'Average annual population',
  },
  unit: 'persons',
  frequency: 'annual',
  aggregation: 'sum',
  layer: 'demography',
  source: {
    title: 'Bureau of National Statistics',
    url: 'https://stat.gov.kz/',
    licence: 'official statistics; cite the Bureau',
  },
  bureau_table: '6576',
  series_breaks: ['Back-cast by the Bureau to the 2022 borders (Abai, Jetisu, Ulytau).'],
  notes: 'Regions sum to the national row exactly.',
  latest: {
    period: '2024',
    place_count: 20,
    national_value: 20158620.5,
    national_null_reason: null,
    national_status: 'final',
  },
  decimals: 1,
  split_charts: [],
  national_chart: trend(
    'persons',
    [17.5e6, 17.7e6, 18e6, 18.3e6, 18.6e6, 18.9e6, 19.1e6, 19.6e6, 19.9e6, 20158620.5],
    null,
  ),
  regions_chart: {
    title: 'Regions, 2024',
    unit: 'persons',
    decimals: 0,
    rows: [
      { label: 'Karaganda Region', value: 1134642, status: 'final', null_reason: null },
      { label: 'Abai Region', value: null, status: 'final', null_reason: 'not published for 2024' },
    ],
  },
};

export const card: ObservationCardInput = {
  ...common,
  id: 'obs:unemployment_rate:KZ-35:2024',
  title: 'Unemployment rate, Karaganda Region, 2024',
  place_name: karaganda,
  indicator_name: { kk: 'Жұмыссыздық деңгейі', ru: 'Уровень безработицы', en: 'Unemployment rate' },
  value: 4.1,
  null_reason: null,
  unit: 'percent',
  period: '2024',
  status: 'final',
  source: { title: 'Bureau of National Statistics, table 102790', url: 'https://stat.gov.kz/' },
  content_hash: 'sha256:' + 'ab'.repeat(32),
  decimals: 1,
  sparkline: trend('percent', [4.5, 4.4, null, 4.9, 4.6, 4.3, 4.2, 4.3, 4.1, 4.1], null, '2024'),
};

export const brief: RegionBriefInput = {
  ...common,
  iso: 'KZ-35',
  slug: 'karaganda',
  name: karaganda,
  official_name: karaganda,
  kind: 'region',
  admin_centre: { kk: 'Қарағанды', ru: 'Караганда', en: 'Karaganda' },
  area_km2: 241163,
  area_source: 'geokz 1.0.2 ADM1 boundary',
  indicators: [
    {
      name: 'Average annual population',
      value: 1134642,
      null_reason: null,
      unit: 'persons',
      period: '2024',
      status: 'final',
      source: 'BNS table 6576',
      decimals: 0,
      chart: trend(
        'persons',
        [1.38e6, 1.37e6, 1.37e6, 1.36e6, 1.36e6, 1.35e6, 1.35e6, 1.13e6, 1.13e6, 1134642],
        [17.5e6, 17.7e6, 18e6, 18.3e6, 18.6e6, 18.9e6, 19.1e6, 19.6e6, 19.9e6, 20.1e6],
      ),
    },
    {
      name: 'Employed population',
      value: 542.672,
      null_reason: null,
      unit: 'thousand persons',
      period: '2024',
      status: 'final',
      source: 'BNS table 102798',
      decimals: 3,
      chart: trend(
        'thousand persons',
        [690, 688, null, 680, 679, 677, 670, 540, 541, 542.672],
        null,
      ),
    },
    {
      name: 'Unemployment rate',
      value: 4.1,
      null_reason: null,
      unit: 'percent',
      period: '2024',
      status: 'final',
      source: 'BNS table 102790',
      decimals: 1,
      chart: trend(
        'percent',
        [4.5, 4.4, null, 4.9, 4.6, 4.3, 4.2, 4.3, 4.1, 4.1],
        [5, 5, null, 4.9, 4.8, 4.9, 4.9, 4.9, 4.7, 4.6],
      ),
    },
    {
      name: 'Gross regional product',
      value: null,
      null_reason: 'not yet published for 2024',
      unit: 'mln KZT',
      period: '2024',
      status: 'final',
      source: 'BNS GRP table',
      decimals: 1,
      chart: trend('mln KZT', [null, null, null], null),
    },
  ],
  map: {
    regions: [square(0, 0), square(1, 0), square(0, 1), square(1, 1)],
    highlight_iso: 'KZ-10',
    centre: [61.5, 45.5],
    centre_label: 'Karaganda',
  },
  institutions: ['Akimat of Karaganda Region · Қарағанды облысының әкімдігі'],
  sources: ['Bureau of National Statistics (stat.gov.kz)', 'geokz 1.0.2, CC BY 4.0'],
};

export const renderers = [
  {
    kind: 'indicator passport',
    render: () => renderIndicatorPassport(passport),
    at: (d: Date) => renderIndicatorPassport({ ...passport, builtAt: d }),
  },
  {
    kind: 'observation card',
    render: () => renderObservationCard(card),
    at: (d: Date) => renderObservationCard({ ...card, builtAt: d }),
  },
  {
    kind: 'region brief',
    render: () => renderRegionBrief(brief),
    at: (d: Date) => renderRegionBrief({ ...brief, builtAt: d }),
  },
];

export function pageCount(pdf: Buffer): number {
  // Page objects are plain dictionaries (only streams are deflated); /Type /Pages is the tree root.
  return (pdf.toString('latin1').match(/\/Type \/Page(?![s\w])/g) ?? []).length;
}

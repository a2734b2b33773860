// official-regional-indicators, public-observations, country-pulse and the full series datasets.
import { canonicalHash } from '../../lib/hash.js';
import type { Model } from '../../model/model.js';
import type { Point } from '../../model/types.js';
import type { Artifact } from '../artifact.js';
import { toCsv } from '../csv.js';
import { figureOf, header, sourceRef } from './header.js';
import {
  indicatorOf,
  latestPoint,
  breakdownsOf,
  pointsOfSeries,
  regionalFamilies,
  regionalMetrics,
} from './points.js';
import { deprecatedId, labelOfSeries, seriesKeyOf } from '../../model/series-labels.js';
import { declaredDimensions, parseSeriesKey } from '../../sources/series-keys.js';
import { DIMENSION_IDS, TOTAL_CODE } from '../../lib/dimensions.js';
import { FIGURE_HEAD } from '../schemas/common.js';

const FIGURE_COLUMNS = [...FIGURE_HEAD, 'source_id', 'source_revision', 'note'];
const flatFigure = (model: Model, p: Point) => ({
  value: p.value,
  null_reason: p.null_reason,
  unit: p.unit,
  period: p.period,
  period_start: p.period_start,
  period_end: p.period_end,
  status: p.status,
  source_id: p.source_id,
  source_revision: sourceRef(model, p.source_id).revision,
  note: p.note,
});

/**
 * The dimension columns of a table whose rows are labelled by indicator ids and the former ids of
 * breakdowns (`life_expectancy_female_rural`), as in the API's observations CSV: one column per
 * dimension the labels' indicators declare, in declared order; a row's cell is its series' code
 * (`_T` for the total), empty where its indicator has no such dimension. The labels stay as they
 * were, so no reader of the file breaks; the codes make the breakdown readable without them.
 */
function dimensionColumns(model: Model, labels: readonly string[]) {
  const codesOf = new Map(
    labels.map((label) => {
      const indicator =
        deprecatedId(model.indicators, label)?.indicator ??
        model.indicators.find((i) => i.id === label);
      const dims = indicator ? declaredDimensions(indicator) : [];
      return [
        label,
        { dims, codes: parseSeriesKey(seriesKeyOf(model.indicators, label), dims).codes },
      ];
    }),
  );
  const columns = DIMENSION_IDS.filter((d) =>
    [...codesOf.values()].some((c) => c.dims.includes(d)),
  );
  const cellsOf = (label: string) =>
    Object.fromEntries(columns.map((d) => [d, codesOf.get(label)?.codes[d] ?? '']));
  return { columns, cellsOf };
}

export function officialRegionalIndicators(model: Model): Artifact[] {
  const regions = model.regions.map((r) => ({
    id: r.id,
    iso: r.iso,
    slug: r.slug,
    name: r.name,
    // separate periods per indicator family: each figure carries its own
    population: figure(model, 'population', r.iso),
    labour_market: {
      employed: figure(model, 'employed', r.iso),
      unemployment_rate: figure(model, 'unemployment_rate', r.iso),
    },
    gross_regional_product: figure(model, 'grp', r.iso),
    ...Object.fromEntries(
      Object.entries(regionalFamilies(model)).map(([family, metrics]) => [
        family,
        Object.fromEntries(metrics.map((m) => [m, figure(model, m, r.iso)])),
      ]),
    ),
  }));
  const regional = regionalMetrics(model);
  const dims = dimensionColumns(model, regional);
  const rows = model.regions.flatMap((r) =>
    regional.map((m) => {
      const p = latestPoint(model, m, r.iso);
      return {
        iso: r.iso,
        slug: r.slug,
        name_en: r.name.en,
        indicator: m,
        ...(p ? flatFigure(model, p) : absentFlat(model, m)),
      };
    }),
  );
  return [
    {
      path: 'official-regional-indicators.json',
      schema: 'official-regional-indicators',
      json: {
        ...header(model, 'official-regional-indicators'),
        indicators: regional.map((m) => ({
          id: m,
          name: indicatorOf(model, m).name,
          unit: indicatorOf(model, m).unit,
        })),
        national: Object.fromEntries(regional.map((m) => [m, figure(model, m, 'KZ')])),
        regions,
        notes: [
          'Each indicator keeps its own latest period: population, labour market and GRP are published on different schedules.',
          'unemployment_rate is a rate: never sum it across regions; nor life expectancy or per-capita income.',
          'health, environment and income come from the Bureau tables of snapshots/bns-extra; their latest year is 2022 (2020 for income), and income has no values for Abai, Jetisu and Ulytau (created 2022).',
          'A note containing "series break" marks a value in changed borders (2018: South Kazakhstan split; 2022: Abai, Jetisu, Ulytau split off): compare it only with values in the same borders.',
          'A null value means the Bureau published none for that period; it is not zero.',
        ],
      },
    },
    {
      path: 'official-regional-indicators.csv',
      bytes: toCsv(
        ['iso', 'slug', 'name_en', 'indicator', ...FIGURE_COLUMNS, ...dims.columns],
        rows.map((r) => ({ ...r, ...dims.cellsOf(r.indicator) })),
      ),
    },
  ];
}

const NO_OBSERVATION =
  'no observation in the source for this place: the table has no value for it in any period';

/** A place the source never observed: the reason, unit and source, and no period (none is invented). */
function absentFigure(model: Model, metric: string) {
  const indicator = indicatorOf(model, metric);
  return {
    value: null,
    null_reason: NO_OBSERVATION,
    unit: indicator.unit,
    period: null,
    period_start: null,
    period_end: null,
    status: null,
    source: sourceRef(model, indicator.source_id),
    note: null,
  };
}

const absentFlat = (model: Model, metric: string) => {
  const { source, ...rest } = absentFigure(model, metric);
  return { ...rest, source_id: source.id, source_revision: source.revision };
};

function figure(model: Model, metric: string, place: string) {
  const p = latestPoint(model, metric, place);
  return p ? figureOf(model, p) : absentFigure(model, metric);
}

/** Latest observation per headline indicator and place; the content hash covers the figure itself. */
export function observations(model: Model) {
  const places = ['KZ', ...model.regions.map((r) => r.iso)];
  return regionalMetrics(model).flatMap((metric) =>
    places.flatMap((place) => {
      const p = latestPoint(model, metric, place);
      if (!p) return [];
      const body = { indicator: metric, place, ...flatFigure(model, p) };
      const id = `observation:${metric}:${place}:${p.period}`;
      return [{ id, ...body, content_hash: canonicalHash(body) }];
    }),
  );
}

export function publicObservations(model: Model): Artifact[] {
  const list = observations(model);
  const dims = dimensionColumns(model, regionalMetrics(model));
  return [
    {
      path: 'public-observations.json',
      schema: 'public-observations',
      json: {
        ...header(model, 'public-observations'),
        count: list.length,
        content_hash_algorithm:
          'sha256 over RFC 8785 canonical JSON of the observation without id and content_hash',
        observations: list,
      },
    },
    {
      path: 'public-observations.csv',
      bytes: toCsv(
        ['id', 'indicator', 'place', ...FIGURE_COLUMNS, 'content_hash', ...dims.columns],
        list.map((o) => ({ ...o, ...dims.cellsOf(o.indicator) })),
      ),
    },
  ];
}

/** Six national indicators, each with its period and origin (docs/interface.md §2.2 country pulse). */
export function countryPulse(model: Model): Artifact[] {
  const item = (metric: string, p: Point | null) => {
    const ind = indicatorOf(model, metric);
    return {
      id: metric,
      name: ind.name,
      ...(p ? figureOf(model, p) : figure(model, metric, 'KZ')),
    };
  };
  const cumulative = latestPoint(model, 'grp_cumulative', 'KZ');
  const grp = latestPoint(model, 'grp', 'KZ');
  const pop =
    model.points.find(
      (p) => p.metric === 'population' && p.place === 'KZ' && grp && p.period === grp.period,
    ) ?? null;
  const perCapita =
    grp && pop && grp.value !== null && pop.value !== null && grp.unit === 'mln KZT'
      ? {
          id: 'grp_per_capita',
          name: {
            en: 'GRP per capita (derived)',
            ru: 'ВРП на душу населения (расчёт)',
            kk: 'Жан басына шаққандағы ЖӨӨ (есеп)',
          },
          value: Math.round(((grp.value * 1e6) / pop.value / 1000) * 10) / 10,
          null_reason: null,
          unit: 'thousand KZT per person',
          period: grp.period,
          period_start: grp.period_start,
          period_end: grp.period_end,
          status: grp.status,
          source: sourceRef(model, 'bns-grp'),
          derived_from: [sourceRef(model, 'bns-grp'), sourceRef(model, 'bns-population')],
          note: 'Derived by Dala: national GRP divided by average annual population of the same year.',
        }
      : {
          id: 'grp_per_capita',
          name: {
            en: 'GRP per capita (derived)',
            ru: 'ВРП на душу населения (расчёт)',
            kk: 'Жан басына шаққандағы ЖӨӨ (есеп)',
          },
          value: null,
          null_reason: 'GRP or population missing for the same year',
          unit: 'thousand KZT per person',
          period: grp?.period ?? null,
          period_start: grp?.period_start ?? null,
          period_end: grp?.period_end ?? null,
          status: grp ? 'final' : null,
          source: sourceRef(model, 'bns-grp'),
          note: null,
        };
  const indicators = [
    item('population', latestPoint(model, 'population', 'KZ')),
    item('employed', latestPoint(model, 'employed', 'KZ')),
    item('unemployment_rate', latestPoint(model, 'unemployment_rate', 'KZ')),
    item('grp', grp),
    item('grp_cumulative', cumulative),
    perCapita,
  ];
  return [
    {
      path: 'country-pulse.json',
      schema: 'country-pulse',
      json: { ...header(model, 'country-pulse'), place: 'KZ', indicators },
    },
  ];
}

/**
 * The series a dataset lists under a name: a breakdown's label is its one series; an indicator id is
 * every series of the indicator, its total first, then its breakdowns in key order.
 */
export function everySeriesOf(model: Model, name: string): string[] {
  const key = seriesKeyOf(model.indicators, name);
  if (
    key !== name ||
    !model.indicators.some((i) => i.id === name && (i.dimensions ?? []).length > 0)
  )
    return [key];
  return [name, ...[...breakdownsOf(model, name)].sort()];
}

/** Full series per dataset (every breakdown of a dimensioned indicator), JSON and CSV. */
export function seriesDatasets(model: Model): Artifact[] {
  // every dataset declaration of the registry: its indicators, in its order
  const metricsOf = new Map<string, string[]>();
  for (const i of model.indicators)
    if (model.datasets.find((d) => d.id === i.dataset)?.path === `datasets/${i.dataset}.json`)
      metricsOf.set(i.dataset, [...(metricsOf.get(i.dataset) ?? []), i.id]);
  return [...metricsOf].flatMap(([id, metrics]) => {
    const dataset = model.datasets.find((d) => d.id === id)!;
    const keys = [...new Set(metrics.flatMap((m) => everySeriesOf(model, m)))];
    const points = keys.flatMap((key) => pointsOfSeries(model, key));
    // A dataset of dimensioned indicators has a column per dimension its series carry ('_T': total),
    // so a reader filters breakdowns without parsing the series label.
    const dims = DIMENSION_IDS.filter((d) => points.some((p) => p.dimensions?.[d] !== undefined));
    const codesOf = (p: Point) =>
      Object.fromEntries(dims.map((d) => [d, p.dimensions?.[d] ?? TOTAL_CODE]));
    const rows = points.map((p) => ({
      metric: labelOfSeries(model.indicators, p.metric),
      ...codesOf(p),
      place: p.place,
      ...flatFigure(model, p),
    }));
    return [
      {
        path: dataset.path,
        schema: 'series-dataset',
        json: {
          ...header(model, 'series-dataset'),
          dataset: id,
          title: dataset.title,
          description: dataset.description,
          sources: dataset.source_ids.map((s) => sourceRef(model, s)),
          count: rows.length,
          points: rows,
        },
      },
      {
        path: dataset.csv_path!,
        bytes: toCsv(['metric', ...dims, 'place', ...FIGURE_COLUMNS], rows),
      },
    ];
  });
}

// Model -> the inputs of the PDF pictures: series, breaks, ranked regions and the locator map.
// Everything a chart shows comes from the model's points (with their unit and status) and the
// release's own simplified boundaries; nothing is smoothed, filled in or re-based here.

import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import type { Model } from '../../model/model.js';
import type { Indicator, Point } from '../../model/types.js';
import { BORDER_CHANGES } from '../../sources/bns-reforms.js';
import { borderChangesOf } from '../../sources/bns-breaks.js';
import type {
  ChartBreak,
  ChartSeries,
  LocatorMapInput,
  RankedBarsInput,
  SplitChartInput,
  TrendChartInput,
} from '../pdf/chart-inputs.js';
import { decimalsFor } from '../pdf/numbers.js';
import { seriesKeyOf } from '../../model/series-labels.js';
import { declaredDimensions, seriesKey } from '../../sources/series-keys.js';
import { DIMENSIONS } from '../../lib/dimensions.js';
import { pointsAt, pointsOfSeries } from './points.js';

/** Points of one metric and place in time order (annual and cumulative periods alike). */
export function seriesPoints(model: Model, metric: string, place: string): Point[] {
  const key = seriesKeyOf(model.indicators, metric);
  return [...pointsAt(model, key, place)].sort((a, b) =>
    a.period_end < b.period_end
      ? -1
      : a.period_end > b.period_end
        ? 1
        : a.period < b.period
          ? -1
          : 1,
  );
}

function chartSeries(label: string, points: Point[]): ChartSeries {
  return {
    label,
    points: points.map((p) => ({
      period: p.period,
      period_start: p.period_start,
      period_end: p.period_end,
      value: p.value,
      status: p.status,
      unit: p.unit,
    })),
  };
}

/** The unit most values of a series are published in: the axis unit; others are left off the axis. */
export function mainUnit(points: Point[], fallback: string): string {
  const counts = new Map<string, number>();
  for (const p of points) if (p.value !== null) counts.set(p.unit, (counts.get(p.unit) ?? 0) + 1);
  let best = fallback;
  let most = 0;
  for (const [unit, n] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (n > most) [best, most] = [unit, n];
  return best;
}

/**
 * The indicator's declared breaks (years) as rules at the start of that year, each labelled with
 * its cause: a change of unit in the series (the 1993 tenge) or one of the regional border changes.
 */
export function chartBreaks(indicator: Indicator, points: Point[], place = 'KZ'): ChartBreak[] {
  // a region's chart shows only the border changes that moved its own borders
  const ownChanges = place === 'KZ' ? BORDER_CHANGES : borderChangesOf(place);
  return indicator.series_breaks
    .filter((b) => /^\d{4}$/.test(b))
    .map((year) => {
      const before = points
        .filter((p) => p.value !== null && p.period_end < `${year}-01-01`)
        .at(-1);
      const after = points.find((p) => p.value !== null && p.period_start >= `${year}-01-01`);
      const currency = before !== undefined && after !== undefined && before.unit !== after.unit;
      const borders = BORDER_CHANGES.some((c) => c.date.startsWith(year));
      if (borders && !currency && !ownChanges.some((c) => c.date.startsWith(year))) return null;
      const cause = currency ? 'currency' : borders ? 'borders' : 'break';
      return { at: `${year}-01-01`, label: `${year} ${cause}` };
    })
    .filter((b): b is ChartBreak => b !== null);
}

/** Annual series of a region against the country; a summed indicator's national line gets its own axis. */
export function regionTrend(
  model: Model,
  indicator: Indicator,
  place: string,
  placeLabel: string,
  highlight: string | null,
): TrendChartInput {
  const own = seriesPoints(model, indicator.id, place);
  const national = place === 'KZ' ? [] : seriesPoints(model, indicator.id, 'KZ');
  const unit = mainUnit(own.length ? own : national, indicator.unit);
  return {
    title: indicator.name.en,
    unit,
    decimals: decimalsFor(
      unit,
      own.map((p) => p.value),
    ),
    main: chartSeries(placeLabel, own),
    comparison: national.length
      ? {
          ...chartSeries('Kazakhstan', national),
          axis: indicator.aggregation === 'sum' ? 'right' : 'left',
        }
      : null,
    breaks: chartBreaks(indicator, own.length ? own : national, place),
    highlight,
    // Cumulative periods all start on 1 January: only their ends tell them apart in time.
    position: indicator.frequency === 'quarterly-cumulative' ? 'end' : 'middle',
  };
}

/** The two breakdowns a split chart sets against each other, per dimension, in the order they are drawn. */
const SPLITS = [
  { dimension: 'sex', by: 'sex', codes: ['F', 'M'] },
  { dimension: 'area', by: 'urban/rural', codes: ['U', 'R'] },
] as const;

/**
 * The national series split by sex and by urban/rural, the other dimensions at their totals, for an
 * indicator that publishes both breakdowns of a dimension in at least two periods (one period is no
 * series to draw). Where the Bureau publishes a split only within each sex (life expectancy is urban
 * and rural for women and for men, never for both sexes together), the split is drawn for women and
 * says so; nothing is summed or averaged here to make a total the source does not give.
 */
export function splitTrends(model: Model, indicator: Indicator): SplitChartInput[] {
  const dims = declaredDimensions(indicator);
  const drawn = (points: Point[]) => points.filter((p) => p.value !== null).length >= 2;
  return SPLITS.filter((s) => dims.includes(s.dimension)).flatMap((s) => {
    const others = dims.filter((d) => d !== s.dimension);
    // the other dimensions at their totals, else within the first breakdown of the next dimension that has the split
    const within: Record<string, string>[] = [
      {},
      ...others.flatMap(
        (d) => SPLITS.find((x) => x.dimension === d)?.codes.map((code) => ({ [d]: code })) ?? [],
      ),
    ];
    for (const fixed of within) {
      const [first, second] = s.codes.map((code) =>
        seriesPoints(model, seriesKey(indicator.id, dims, { ...fixed, [s.dimension]: code }), 'KZ'),
      ) as [Point[], Point[]];
      if (!drawn(first) || !drawn(second)) continue;
      const fixedNames = Object.entries(fixed).map(([d, code]) => codeName(d, code).toLowerCase());
      const [main, comparison] = s.codes.map((code) => codeName(s.dimension, code)) as [
        string,
        string,
      ];
      const unit = mainUnit([...first, ...second], indicator.unit);
      const by = fixedNames.length ? `${s.by} (${fixedNames.join(', ')})` : s.by;
      return [
        {
          by,
          main_label: main,
          comparison_label: comparison,
          chart: {
            title: `${indicator.name.en} by ${by}`,
            unit,
            decimals: decimalsFor(
              unit,
              [...first, ...second].map((p) => p.value),
            ),
            main: chartSeries(main, first),
            comparison: { ...chartSeries(comparison, second), axis: 'left' as const },
            breaks: chartBreaks(indicator, first),
            highlight: null,
            position:
              indicator.frequency === 'quarterly-cumulative'
                ? ('end' as const)
                : ('middle' as const),
          },
        },
      ];
    }
    return [];
  });
}

const codeName = (dimension: string, code: string): string =>
  (DIMENSIONS[dimension as keyof typeof DIMENSIONS].codes as Record<string, { en: string }>)[code]!
    .en;

/** The regions in one period, ranked; a region that published nothing keeps its row with the reason. */
export function rankedRegions(model: Model, indicator: Indicator, period: string): RankedBarsInput {
  const points = pointsOfSeries(model, indicator.id).filter((p) => p.period === period);
  const unit = mainUnit(points, indicator.unit);
  const rows = model.regions.map((r) => {
    const p = points.find((q) => q.place === r.iso);
    return {
      label: r.name.en,
      value: p && p.unit === unit ? p.value : null,
      status: p?.status ?? 'final',
      null_reason: p ? p.null_reason : `not published for ${period}`,
    };
  });
  return {
    title: `Regions, ${period} (${unit}); no bar = not published`,
    unit,
    decimals: decimalsFor(
      unit,
      rows.map((r) => r.value),
    ),
    rows,
  };
}

/**
 * d3-geo takes a polygon's exterior ring clockwise on the sphere, the opposite of RFC 7946 §3.1.6,
 * which the release's boundaries follow; the rings are reversed for drawing only.
 */
function forD3(geometry: Polygon | MultiPolygon): Polygon | MultiPolygon {
  const flip = (rings: Position[][]) => rings.map((ring) => [...ring].reverse());
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: flip(geometry.coordinates) }
    : { type: 'MultiPolygon', coordinates: geometry.coordinates.map(flip) };
}

export function locatorMap(model: Model, iso: string): LocatorMapInput {
  const region = model.regions.find((r) => r.iso === iso);
  const regions = model.geo.adm1Simplified.features.map((f) => ({
    type: 'Feature' as const,
    properties: { iso: String((f.properties as { iso: string }).iso) },
    geometry: forD3(f.geometry as Polygon | MultiPolygon),
  })) as Feature<Polygon | MultiPolygon, { iso: string }>[];
  // The centre is the published centre point of this region whose name is the region's
  // administrative centre; a city of republican significance is its own centre.
  const names = new Set(
    region ? [region.admin_centre.en, region.admin_centre.ru, region.admin_centre.kk] : [],
  );
  const candidates = model.geo.centres.filter(
    (c) => (c.properties as { region_iso: string | null }).region_iso === iso,
  );
  const named = candidates.filter((c) => {
    const p = c.properties as Record<string, string>;
    return names.has(p.name_en ?? '') || names.has(p.name_ru ?? '') || names.has(p.name_kk ?? '');
  });
  const centre =
    named.length === 1
      ? named[0]
      : region?.kind === 'city' && candidates.length === 1
        ? candidates[0]
        : undefined;
  return {
    regions,
    highlight_iso: iso,
    centre: centre ? (centre.geometry.coordinates.slice(0, 2) as [number, number]) : null,
    centre_label: centre && region ? region.admin_centre.en : null,
  };
}

// Inputs of the vector pictures on the one-page PDFs (trend charts, sparklines, ranked bars, the
// locator map). Plain data, mapped from the model by the caller, so a picture depends on nothing but
// its input (docs/interface.md §11.4: same input, same bytes).

import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { Point } from '../../model/types.js';

/** A point as drawn: at the middle of its period (inclusive ISO dates), with its status and unit. */
export type ChartPoint = Pick<
  Point,
  'period' | 'period_start' | 'period_end' | 'value' | 'status' | 'unit'
>;

export interface ChartSeries {
  label: string;
  points: ChartPoint[];
}

/** A series break (border change, currency change): a labelled vertical rule at `at`. */
export interface ChartBreak {
  /** ISO date the rule is drawn at (the start of the first period after the break). */
  at: string;
  label: string;
}

export interface TrendChartInput {
  title: string;
  /** The unit values are plotted in; points in another unit are left out and the chart says so. */
  unit: string;
  /** Digits after the decimal point for every printed value of this series. */
  decimals: number;
  main: ChartSeries;
  /** Drawn in grey; on a right-hand axis when its magnitude differs (a region against the country). */
  comparison: (ChartSeries & { axis: 'left' | 'right' }) | null;
  breaks: ChartBreak[];
  /** Period drawn larger and in the accent colour (a media card's own period). */
  highlight: string | null;
  /** Points sit at the middle of their period, or at its end for cumulative periods (Q1, H1, 9M, year). */
  position: 'middle' | 'end';
}

/**
 * The national series split by one dimension (sex: female and male; area: urban and rural), the
 * other dimensions at their totals: the two breakdowns drawn on one axis, named in the legend.
 */
export interface SplitChartInput {
  /** What the split is by, e.g. "sex" or "urban/rural". */
  by: string;
  main_label: string;
  comparison_label: string;
  chart: TrendChartInput;
}

export interface RankedBar {
  label: string;
  value: number | null;
  status: Point['status'];
  /** Why there is no value ("not published for 2023 …"); shown instead of a bar. */
  null_reason: string | null;
}

export interface RankedBarsInput {
  title: string;
  unit: string;
  decimals: number;
  rows: RankedBar[];
}

export interface LocatorMapInput {
  /** The 20 regions in outline (the release's simplified boundaries). */
  regions: Feature<Polygon | MultiPolygon, { iso: string }>[];
  highlight_iso: string;
  /** Administrative centre as [lon, lat], or null when no point for it is published. */
  centre: [number, number] | null;
  centre_label: string | null;
}

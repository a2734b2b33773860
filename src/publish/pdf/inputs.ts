// Plain input objects for the one-page PDFs listed by the three manifests (docs/interface.md §2.2: indicator
// passports, media-kit cards, region briefs). Callers map the model onto these; the renderers do no
// look-ups of their own, so the same input always gives the same bytes (docs/interface.md §11.4).

import type { Names, Point } from '../../model/types.js';
import type {
  LocatorMapInput,
  RankedBarsInput,
  SplitChartInput,
  TrendChartInput,
} from './chart-inputs.js';

/** Fields every page carries in its footer. */
export interface PageCommon {
  /**
   * Data content hash (16 hex) over the source revisions the page was built from. Not the release
   * revision: that hashes every file, this PDF included, so no page can print it.
   */
  revision: string;
  /** Build time from SOURCE_DATE_EPOCH upstream; becomes CreationDate/ModDate and the printed date. */
  builtAt: Date;
  /** Attribution line, e.g. "Source data: Bureau of National Statistics (stat.gov.kz); boundaries: geokz, CC BY 4.0". */
  attribution: string;
  /**
   * How to cite the page: the publisher, title, data revision and build date, then the permalink by
   * data revision (/d/{data_revision}/data/{path}, absolute), which the server resolves to the release
   * holding the page. The permalink is printed on a line of its own so that it is never broken.
   */
  citation: { text: string; permalink: string };
}

export interface IndicatorPassportInput extends PageCommon {
  id: string;
  name: Names;
  unit: string;
  frequency: string;
  aggregation: string;
  layer: string;
  source: { title: string; url: string; licence: string };
  /** The Bureau's number for the table, or what the series is when there is none (another publisher's). */
  bureau_table: string;
  series_breaks: string[];
  notes: string;
  /** Latest published period, or null when the indicator has no observation yet. */
  latest: {
    period: string;
    place_count: number;
    national_value: number | null;
    national_null_reason: string | null;
    national_status: Point['status'];
  } | null;
  /** Digits after the decimal point of every printed value of this indicator. */
  decimals: number;
  /** The national series; null when the indicator has no national series. */
  national_chart: TrendChartInput | null;
  /** The national series split by sex and by urban/rural, where the indicator has those breakdowns. */
  split_charts: SplitChartInput[];
  /** The regions in the latest period, including those that published nothing. */
  regions_chart: RankedBarsInput | null;
}

export interface ObservationCardInput extends PageCommon {
  id: string;
  title: string;
  place_name: Names;
  indicator_name: Names;
  value: number | null;
  null_reason: string | null;
  unit: string;
  period: string;
  status: string;
  source: { title: string; url: string };
  content_hash: string;
  decimals: number;
  /** The observation's whole series, its own period highlighted. */
  sparkline: TrendChartInput;
}

export interface RegionBriefIndicator {
  name: string;
  value: number | null;
  null_reason: string | null;
  unit: string;
  period: string;
  status: Point['status'];
  source: string;
  decimals: number;
  /** The region's series with the national series for comparison. */
  chart: TrendChartInput;
}

export interface RegionBriefInput extends PageCommon {
  iso: string;
  slug: string;
  name: Names;
  official_name: Names;
  kind: string;
  admin_centre: Names;
  area_km2: number;
  /** Where the area comes from, e.g. "geokz ADM1 boundary, geodesic area (turf)": a figure keeps its source. */
  area_source: string;
  indicators: RegionBriefIndicator[];
  map: LocatorMapInput;
  institutions: string[];
  sources: string[];
}

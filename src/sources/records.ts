// The records the sources yield (snapshot readers and hand-written tables) and every later stage
// builds on. They live at the bottom layer so the readers need nothing from the model above them
// (docs/architecture.md "Layers"); src/model/types.ts re-exports them. Every published value keeps
// unit, period and source (docs/interface.md §10.2); a missing value is null with a reason, never 0.
import type {
  DistrictCorrectionRow, DistrictCoverageRow, EventRow, HandReviewStatus, InstitutionRow, LegacyPlaceRow, MediaRow, MediaSampleFile,
  NameReviewRow, RegionRow, ReviewRow,
} from './table-schemas.js';
import type { IndicatorDeclaration } from './registry/indicator-schema.js';
import type { DimensionCodes } from '../lib/dimensions.js';

export type { Lang, Names } from '../lib/languages.js';

/**
 * A point's status, as its source marks it: final, preliminary (to be revised), estimate (the
 * source says the figure is estimated: SDMX OBS_STATUS `E`), suspicious (Dala's doubt, with its
 * reason in the note), demonstration (a labelled synthetic sample). Every schema and code list
 * that names a status takes it from here.
 */
export const POINT_STATUSES = ['final', 'preliminary', 'estimate', 'suspicious', 'demonstration'] as const;
export type PointStatus = (typeof POINT_STATUSES)[number];

/** Review status of a row: a hand-written row's (the tables' schema) or `matched_by_code`, what a join by code gives. Nothing unverified is ever labelled verified. */
export type ReviewStatus = HandReviewStatus | 'matched_by_code';

/** The check behind a `reviewed` row: the page read, the day it was read, what it confirmed. */
export type Review = ReviewRow;

// The rows of the hand-written tables (sources/*.json) are typed from their JSON Schemas
// (table-schemas.ts), which hand-tables.ts validates every row against.
export type Region = RegionRow;
/** A former first-level unit that official series still cite (e.g. South Kazakhstan before 2018). */
export type LegacyPlace = LegacyPlaceRow;
/**
 * An indicator as its table declares it (src/sources/registry), with what the declaration around it
 * gives: the source it cites, where it can be checked, and the dataset that publishes it.
 */
export type Indicator = IndicatorDeclaration & { source_id: string; source_url: string; dataset: string };
/** Where one language's name was checked; 'reviewed' only with the page read and the date. */
export type NameReview = NameReviewRow;

/**
 * One observation of a metric for a place and a period, at a position on the metric's dimensions.
 * Period labels: `2024` (year), `2024-Q1` (quarter), `2024-H1` / `2024-9M` (cumulative from 1 January),
 * `2024-01` (month), `2024-01-15` (a day, or an instant such as the population at 1 January),
 * `2022/23` (school year: period_start 2022-09-01, period_end 2023-08-31), `2024-W03` (ISO week).
 * `metric` is the indicator id (or its series key, src/sources/series-keys.ts); `dimensions` gives a
 * code of every dimension the indicator declares, and the build refuses a point that does not.
 */
export interface Point {
  metric: string;
  place: string; // KZ-35 or KZ
  period: string;
  period_start: string; // ISO date, inclusive
  period_end: string; // ISO date, inclusive
  value: number | null;
  null_reason: string | null; // required when value is null
  status: PointStatus;
  unit: string;
  source_id: string;
  note: string | null;
  /** The codes of the metric's dimensions (src/lib/dimensions.ts); absent when the metric has none. */
  dimensions?: DimensionCodes;
}

export type { SourcePassport } from './passport-schema.js';

export type Institution = InstitutionRow;

/** A hand-written event; `note` says what could not be checked (for example a decree number). */
export type HandEvent = EventRow;
/** A dated public event, hand-written or derived (public holidays); only the hand table adds a note. */
export type PublicEvent = Omit<HandEvent, 'note'>;

export type MediaPublication = MediaRow;
export type MediaSample = MediaSampleFile;

/** A name correction for one raw ADM2 attribute of the geokz shapefile (snapshots README). */
export type DistrictCorrection = DistrictCorrectionRow;

/** A district the district bulletin and the boundaries do not share, and where its people and land are (sources/README.md). */
export type DistrictCoverage = DistrictCoverageRow;

export interface HandTables {
  regions: Region[];
  districtCorrections: DistrictCorrection[];
  districtCoverage: DistrictCoverage[];
  institutions: Institution[];
  events: HandEvent[];
  legacyPlaces: LegacyPlace[];
  media: MediaSample;
}

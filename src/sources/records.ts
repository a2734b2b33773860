// The records the sources yield (snapshot readers and hand-written tables) and every later stage
// builds on. They live at the bottom layer so the readers need nothing from the model above them
// (docs/architecture.md "Layers"); src/model/types.ts re-exports them. Every published value keeps
// unit, period and source (DESIGN.md "Contracts"); a missing value is null with a reason, never 0.

export type Lang = 'kk' | 'ru' | 'en';
export type Names = Record<Lang, string>;

/** Review status of a hand-written row. Nothing unverified is ever labelled verified. */
export type ReviewStatus = 'verified' | 'reviewed' | 'unreviewed' | 'demonstration' | 'matched_by_code';

/** The check behind a `reviewed` row: the page read, the day it was read, what it confirmed. */
export interface Review {
  url: string;
  read_on: string; // ISO date
  confirmed: string;
}

export interface Region {
  id: string; // canonical: place:KZ-35
  iso: string; // ISO 3166-2 numeric code, KZ-35
  kato: string; // 9-digit KATO, 350000000
  kind: 'region' | 'city';
  slug: string; // karaganda
  name: Names; // short names
  official_name: Names;
  aliases: string[]; // safe aliases: transliteration variants, former names
  legacy_codes: string[]; // legacy alpha codes (KZ-KAR) and geokz pcode (KZ35)
  admin_centre: Names;
  osm_relation_id: number;
  geokz_pcode: string; // KZ35, the join key into the shapefiles
  bns_grp_label: string; // label in the Bureau GRP table
  source_url: string;
  review_status: ReviewStatus;
  review?: Review;
}

/** A former first-level unit that official series still cite (e.g. South Kazakhstan before 2018). */
export interface LegacyPlace {
  id: string; // place:<code>
  code: string; // the place code points carry
  kind: 'former_region';
  name: Names;
  aliases: string[];
  valid_until: string; // ISO date the unit ceased to exist
  successors: { place: string; relation: 'renamed_to' | 'split_into'; date: string; note: string }[];
  note: string;
  source_url: string;
  review_status: ReviewStatus;
  review?: Review;
}


export interface Indicator {
  id: string; // population, employed, unemployment_rate, grp, grp_cumulative
  layer: string;
  name: Names;
  unit: string;
  frequency: 'annual' | 'quarterly-cumulative' | 'daily' | 'weekly';
  aggregation: 'sum' | 'mean' | 'last';
  source_id: string;
  bureau_table: string | null;
  series_breaks: string[];
  notes: string;
  source_url: string;
  review_status: ReviewStatus;
  aliases?: string[]; // short and common names search answers to
  name_review?: Record<Lang, NameReview>;
}

/** Where one language's name was checked; 'reviewed' only with the page read and the date. */
export interface NameReview {
  status: 'reviewed' | 'unreviewed';
  url: string | null;
  read_on: string | null;
  confirmed: string; // what the page showed, or why the name stays unreviewed
}

/** One observation of a metric for a place and a period. */
export interface Point {
  metric: string;
  place: string; // KZ-35 or KZ
  period: string; // 2024 | 2024-Q1 | 2024-H1 | 2024-9M | 2024-01-15 | 2024-W03
  period_start: string; // ISO date, inclusive
  period_end: string; // ISO date, inclusive
  value: number | null;
  null_reason: string | null; // required when value is null
  status: 'final' | 'preliminary' | 'suspicious' | 'demonstration';
  unit: string;
  source_id: string;
  note: string | null;
}

export interface SourcePassport {
  id: string; // e.g. bns-grp
  path: string; // relative to the snapshot directory
  origin_url: string;
  licence: string;
  attribution: string;
  retrieved: string; // ISO date
  sha256: string;
  bytes: number;
}

export interface Institution {
  id: string; // institution:<slug>
  kind: 'akimat' | 'ministry' | 'agency' | 'state_body';
  name: Names;
  website: string;
  region_iso: string | null; // akimats: their region; national bodies: null
  responsible_person: { name: Names; role: string; as_of: string; source_url: string } | null;
  responsible_person_null_reason: string | null;
  source_url: string;
  review_status: ReviewStatus;
  review?: Review;
}

export interface PublicEvent {
  id: string; // event:<date>-<slug>, stable across builds
  date: string; // ISO date
  kind: 'reform' | 'renaming' | 'code_change' | 'holiday' | 'other';
  place: string; // KZ or KZ-xx
  title: Names;
  source_url: string;
  review_status: ReviewStatus;
  review?: Review;
}

export interface MediaPublication {
  id: string;
  date: string;
  source: string;
  topic: string;
  region_iso: string | null;
  title: string;
}

// The hand-written tables of sources/ as loaded (hand-tables.ts), each row valid against its JSON Schema.

/** A name correction for one raw ADM2 attribute of the geokz shapefile (snapshots README). */
export interface DistrictCorrection {
  pcode: string; // ADM2_PCODE of the feature that carries the raw value
  match: { field: 'ADM2_EN' | 'ADM2_KK' | 'ADM2_RU'; value: string };
  set: { field: 'ADM2_EN' | 'ADM2_KK' | 'ADM2_RU'; value: string };
  reason: string;
  action?: 'correct' | 'keep';
  source_url: string;
  review_status: ReviewStatus;
  review?: Review;
}

/** A hand-written event; `note` says what could not be checked (for example a decree number). */
export type HandEvent = PublicEvent & { note: string | null };

export interface MediaSample {
  provenance: { kind: 'demonstration'; note: string; generated_by: string } & Record<string, unknown>;
  publications: MediaPublication[];
}

export interface HandTables {
  regions: Region[];
  districtCorrections: DistrictCorrection[];
  indicators: Indicator[];
  institutions: Institution[];
  events: HandEvent[];
  legacyPlaces: LegacyPlace[];
  media: MediaSample;
}

// The model: the one place where inputs are reconciled (docs/interface.md §11.3). Everything downstream reads
// the model, never a raw file.
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Point as GeoPoint } from 'geojson';
import type {
  District,
  DistrictCoverage,
  Indicator,
  Institution,
  LegacyPlace,
  MediaPublication,
  Point,
  PublicEvent,
  Region,
  SourcePassport,
} from './types.js';
import type { NameTables } from '../sources/name-tables.js';
import type { TopicsTable } from '../sources/registry/schema.js';
import type { Layer } from './layers.js';

/** A logical source that figures cite (one or more snapshot files or a hand table). */
export interface SourceDef {
  id: string; // bns-population, bns-employed, bns-unemployment, bns-grp, geokz, osm, iso-3166, date-holidays, hand-*
  title: string;
  publisher: string;
  url: string; // where the source can be checked
  licence: string;
  attribution: string;
  reuse_terms_verified: boolean; // docs/interface.md §1.4: never infer a licence from an absent field
  files: string[]; // snapshot paths (passports) or sources/ tables
  revision: string; // sha256 (first 16 hex) over the files' sha256s: the source revision figures carry
  review_status: 'reviewed' | 'unreviewed' | 'demonstration';
}

export interface DatasetDef {
  id: string; // official-regional-indicators, public-observations, ...
  title: string;
  description: string;
  path: string; // data path of the JSON, e.g. official-regional-indicators.json
  csv_path: string | null;
  source_ids: string[];
  as_of: string | null; // latest period end of its content; with parts, the oldest part's (freshness: the least fresh part's)
  /** One per indicator the dataset carries, with its own latest period end and its cadence's SLA; absent for a single-content dataset. */
  parts?: { indicator: string; as_of: string | null; sla_days: number }[];
  sla_days: number; // from the publisher's release cadence; with parts, the shortest of theirs
  historical: boolean;
  quality_status: 'official' | 'derived' | 'reference' | 'demonstration';
  publication_limits: string;
}

export interface RegionGeometry {
  iso: string;
  full: Feature<Polygon | MultiPolygon>; // repaired, RFC 7946, full precision
  areaKm2: number; // geodesic, of the full geometry
}

export interface Model {
  builtAt: string; // ISO date-time from SOURCE_DATE_EPOCH
  asOf: string; // ISO date: latest period end among official points
  passports: SourcePassport[];
  sources: SourceDef[];
  regions: Region[]; // sorted by iso
  legacyPlaces: LegacyPlace[]; // former units the series still cite (South Kazakhstan before 2018)
  districts: District[]; // sorted by id
  // the districts the district bulletin and the boundaries do not share (sources/district-bulletin-coverage.json)
  districtCoverage: DistrictCoverage[];
  indicators: Indicator[]; // as the registry declares them (sources/datasets/), in its order
  layers: Layer[]; // the time slice's groups of indicators, described by what they hold
  topics: TopicsTable; // the topic scheme every indicator is classified in
  points: Point[]; // official series + GRP cumulative; sorted (metric, place, period_start, period)
  institutions: Institution[];
  events: PublicEvent[]; // hand-written administrative events, each with its review status; sorted (date, id)
  holidays: PublicEvent[]; // public-holiday calendar from the date-holidays package (unreviewed); sorted (date, id)
  flags: { preliminaryColumns: string[] }; // `metric period` the source's footnotes mark preliminary
  media: { provenance: Record<string, unknown>; publications: MediaPublication[] };
  nameTables: NameTables; // former names and abbreviations that search and resolve answer to
  geo: {
    regions: RegionGeometry[]; // sorted by iso
    adm1Simplified: FeatureCollection; // <= 400 KB, topology-preserving
    adm1Drawing: FeatureCollection; // simplified for a drawing about 1,000 px wide (ADM1_DRAWING)
    simplification: { bytes: number; maxAreaError: number };
    districts: Feature[]; // repaired ADM2, properties: {pcode, region_iso, name_*}
    adm2Simplified: FeatureCollection; // the districts as published: topology-preserving, <= ADM2_MAX_BYTES
    adm2Simplification: { bytes: number; maxAreaError: number; retained: number };
    centres: Feature<GeoPoint>[];
  };
  datasets: DatasetDef[];
}

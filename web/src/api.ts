// The page's only way to the server: same-origin GETs of the public interfaces, each answer cached
// for the life of the page (a release is immutable; a swap shows on reload).
import type { TemporalLayers, TemporalSeries } from '../../src/serve/timemachine/schemas.js';
import type {
  FromResponse,
  NAMES_SCHEMA,
  PROBLEM_SCHEMA,
} from '../../src/serve/interface/schemas.js';
import type { DatasetCatalog } from '../../src/publish/schemas/operations.js';
import type { RegionCollection } from '../../src/publish/schemas/geojson-files.js';
import type { RegionAnalytics } from '../../src/publish/schemas/statistics.js';
import type { EcosystemContract } from '../../src/publish/schemas/ecosystem.js';
import type {
  Change,
  CollectionOf,
  CHANGE_SCHEMA,
  hitSchema,
  releaseSummary,
  ReleaseSummary,
  SearchHit,
  topicSchema,
} from '../../src/serve/v1/response-schemas.js';

// The time-slice and v1 answers are typed from the response schemas the server validates them against
// (type-only: nothing of the server reaches the bundle).
export type Series = TemporalSeries;
export type Layer = TemporalLayers['layers'][number];
export type Metric = Layer['metrics'][number];
export type SeriesPoint = Series['series'][number]['points'][number];
// v1 names: ru or kk null where no translation exists; every /data/ name has all three, so fits.
export type Names = FromResponse<typeof NAMES_SCHEMA>;
// The /data/ files are typed from the sealed JSON Schemas they were validated against at build.
export type { RegionAnalytics, RegionCollection };
export type LatestValue = NonNullable<RegionAnalytics['latest'][string]>;
export type Dataset = DatasetCatalog['datasets'][number];
export type RegionFeature = RegionCollection['features'][number];
/** A reform that moved a region's own borders, with its review status (the drawing file names it). */
export type BorderReform = NonNullable<RegionFeature['properties']['border_changes']>[number];
export type { Change, SearchHit };
export type Release = ReleaseSummary;
/** A topic of the release's scheme (/api/v1/topics) with the ids of its indicators. */
export type TopicEntry = CollectionOf<typeof topicSchema>['data'][number];
// An error answer is RFC 9457 problem+json from the one catalog; Partial, since a proxy in between may
// answer an error of its own that is not one.
type Problem = Partial<FromResponse<typeof PROBLEM_SCHEMA>>;

/** What the page reads once at start (the map's regions with their reforms, the metrics and sources) for every view. */
export interface Base {
  geo: RegionCollection;
  metrics: Metric[];
  sources: Map<string, { title: string; url: string | null }>;
  /** Each source's file in the release's /data/ tree (its dataset's CSV): what a citation's permalink names. */
  files: Map<string, string>;
  /** The topic scheme the picker groups indicators by ([] where the release has none). */
  topics: TopicEntry[];
  /** How many indicators the release has, listed in `metrics` or not. */
  indicatorCount: number;
  /**
   * Asks for the indicators `metrics` does not list yet (the page opens with the Bureau's domains;
   * the SDG goals' hundreds of series come when the reader looks for another indicator); null once
   * every one is listed. The page gets a new Base when they arrive.
   */
  more: (() => void) | null;
}

const cache = new Map<string, Promise<unknown>>();

export class ApiError extends Error {}

export function get<T>(url: string): Promise<T> {
  let p = cache.get(url);
  if (!p) {
    p = fetch(url, { headers: { accept: 'application/json' } }).then(async (res) => {
      if (!res.ok) {
        const problem = (await res.json().catch(() => null)) as Problem | null;
        throw new ApiError(problem?.detail ?? `${res.status} ${url}`);
      }
      return res.json();
    });
    p.catch(() => cache.delete(url));
    cache.set(url, p);
  }
  return p as Promise<T>;
}

export const api = {
  // the regions simplified for the map's drawing size, each with the reforms that moved its borders
  geo: () => get<RegionCollection>('/data/geo/kz_adm1_drawing.geojson'),
  // every series of every layer; with topics, only those of these topics' indicators
  layers: (topics?: readonly string[]) =>
    get<TemporalLayers>(
      topics
        ? `/api/timemachine/layers?topic=${encodeURIComponent(topics.join(','))}`
        : '/api/timemachine/layers',
    ),
  // A breakdown is asked with the dimension filters (sex=F&area=R); a dimension left out is its total.
  series: (metric: string, dims: Readonly<Record<string, string>> = {}) =>
    get<Series>(
      `/api/timemachine/series?${new URLSearchParams({ metric, ...Object.fromEntries(Object.entries(dims).filter(([, c]) => c !== '_T')) })}`,
    ),
  region: (slug: string) =>
    get<RegionAnalytics>(`/data/region-analytics/${encodeURIComponent(slug)}.json`),
  search: (q: string) =>
    get<CollectionOf<typeof hitSchema>>(`/api/v1/search?q=${encodeURIComponent(q)}`),
  releases: () => get<CollectionOf<typeof releaseSummary>>('/api/v1/releases'),
  // the whole scheme in one page (a few dozen topics)
  topics: () => get<CollectionOf<typeof topicSchema>>('/api/v1/topics?limit=100'),
  changes: (to: string) =>
    get<CollectionOf<typeof CHANGE_SCHEMA>>(`/api/v1/changes?to=${encodeURIComponent(to)}`),
  catalog: () => get<DatasetCatalog>('/data/dataset-catalog.json'),
  ecosystem: () => get<EcosystemContract>('/data/ecosystem-contract.json'),
};

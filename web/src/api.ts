// The page's only way to the server: same-origin GETs of the public interfaces, each answer cached
// for the life of the page (a release is immutable; a swap shows on reload).
import type { TemporalEvents, TemporalLayers, TemporalSeries, TemporalSnapshot } from '../../src/serve/timemachine/schemas.js';

// The time-slice answers are typed from the response schemas the server validates them against
// (type-only: nothing of the server reaches the bundle).
export type Snapshot = TemporalSnapshot;
export type Series = TemporalSeries;
export type Layer = TemporalLayers['layers'][number];
export type Metric = Layer['metrics'][number];
export type Point = Snapshot['points'][number];
export type SeriesPoint = Series['series'][number]['points'][number];
export type TmEvent = TemporalEvents[number];
export type Names = { en: string; ru: string; kk: string };
export interface SourceRef {
  id: string;
  title: string;
  url: string;
}
export interface LatestValue {
  period: string;
  value: number | null;
  null_reason: string | null;
  status: string;
  unit: string;
  source: SourceRef;
}
export interface RegionAnalytics {
  region: {
    id: string;
    iso: string;
    slug: string;
    kind: string;
    name: Names;
    official_name: Names;
    admin_centre: Names | null;
    area_km2: number;
    district_count: number;
    links: { analytics: string; boundary: string; brief: string };
  };
  districts: { id: string; name: Names; pcode: string }[];
  institutions: { id: string; name: Names; website?: string }[];
  latest: Record<string, LatestValue | null>; // null: the metric has no value for this region
  series: Record<string, (LatestValue & { period_start: string; period_end: string })[]>;
}
export interface SearchHit {
  id: string;
  type: string;
  label: string;
  names: Names;
  href: string;
  match?: { type: string };
}
export interface Release {
  revision: string;
  built_at: string;
  as_of: string;
  previous_revision: string | null;
  current: boolean;
}
export interface Change {
  kind: 'file' | 'entity';
  key: string;
  change: 'added' | 'removed' | 'modified';
}
export interface Dataset {
  id: string;
  title: string;
  description: string;
  quality_status: string;
  publication_limits: string;
  licence?: string;
  freshness: { status: string; as_of: string; age_days: number | null; sla_days: number | null };
  sources: SourceRef[];
  distributions: { media_type: string; url: string }[];
}
export interface RegionFeature {
  type: 'Feature';
  properties: { iso: string; slug: string; kind: string; name_en: string; name_ru: string; name_kk: string };
  geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon;
}
export interface RegionCollection {
  type: 'FeatureCollection';
  features: RegionFeature[];
}
export interface Envelope<T> {
  data: T;
  meta: { next_cursor: string | null; note?: string; revision: string };
}

const cache = new Map<string, Promise<unknown>>();

export class ApiError extends Error {}

export function get<T>(url: string): Promise<T> {
  let p = cache.get(url);
  if (!p) {
    p = fetch(url, { headers: { accept: 'application/json' } }).then(async (res) => {
      if (!res.ok) {
        const problem = (await res.json().catch(() => null)) as { detail?: string } | null;
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
  geo: () => get<RegionCollection>('/data/kz_adm1_current.geojson'),
  layers: () => get<TemporalLayers>('/api/timemachine/layers'),
  events: () => get<TmEvent[]>('/api/timemachine/events'),
  snapshot: (date: string | null) => get<Snapshot>(date ? `/api/timemachine/snapshot?date=${encodeURIComponent(date)}` : '/api/timemachine/snapshot'),
  series: (metric: string) => get<Series>(`/api/timemachine/series?metric=${encodeURIComponent(metric)}`),
  region: (slug: string) => get<RegionAnalytics>(`/data/region-analytics/${encodeURIComponent(slug)}.json`),
  search: (q: string) => get<Envelope<SearchHit[]>>(`/api/v1/search?q=${encodeURIComponent(q)}`),
  releases: () => get<Envelope<Release[]>>('/api/v1/releases'),
  changes: (to: string) => get<Envelope<Change[]>>(`/api/v1/changes?to=${encodeURIComponent(to)}`),
  catalog: () => get<{ datasets: Dataset[] }>('/data/dataset-catalog.json'),
  ecosystem: () => get<{ data_transfers: { inbound: { id: string; licence?: string }[] } }>('/data/ecosystem-contract.json'),
};

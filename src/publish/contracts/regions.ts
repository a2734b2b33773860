// region-overview, region-analytics/{slug}, kz_adm1_current.geojson and geo/regions/{slug}.geojson.
import { regionDistrictNotes } from '../../sources/district-bulletin-coverage.js';
import { borderChangesOf, changeConcerns } from '../../sources/bns-breaks.js';
import type { Model } from '../../model/model.js';
import type { Region } from '../../model/types.js';
import { artifactBytes, type Artifact } from '../artifact.js';
import { toCsv } from '../csv.js';
import { emissionsDensity } from './derived.js';
import { figureOf, header, sourceRef } from './header.js';
import { regionalMetrics, latestPoint, pointsOf } from './points.js';
import { ADM1_DRAWING, ADM2_MAX_AREA_ERROR, ADM2_MAX_BYTES } from '../../model/geo-assemble.js';
import type { RegionAnalytics } from '../schemas/statistics.js';

const GEO_ATTRIBUTION =
  'Boundaries: geokz 1.0.2 (A. Rodionov), CC BY 4.0, derived from OCHA COD-AB Kazakhstan';

/**
 * The reforms that moved this region's own borders: a split elsewhere does not break its series. The
 * border changes are the Bureau's (its tables show the new regions from their first year:
 * src/sources/bns-reforms.ts), so each holds whatever the review status of the event row describing it;
 * a change no event row describes is refused, since its break would be drawn unnamed.
 */
function borderReforms(model: Model, iso: string) {
  return borderChangesOf(iso).flatMap((c) => {
    const rows = model.events.filter(
      (e) => e.kind === 'reform' && e.date === c.date && changeConcerns(c, e.place, iso),
    );
    if (rows.length === 0)
      throw new Error(
        `sources/events.json: no reform event describes the border change of ${c.date} that moved ${iso}`,
      );
    return rows;
  });
}

/** The ids of the reforms that moved this region's own borders (the region profile lists its events). */
const borderChangeEvents = (model: Model, iso: string): string[] =>
  borderReforms(model, iso).map((e) => e.id);

function profile(model: Model, r: Region) {
  const geometry = model.geo.regions.find((g) => g.iso === r.iso)!;
  return {
    id: r.id,
    iso: r.iso,
    kato: r.kato,
    slug: r.slug,
    kind: r.kind,
    name: r.name,
    official_name: r.official_name,
    admin_centre: r.admin_centre,
    area_km2: geometry.areaKm2,
    district_count: model.districts.filter((d) => d.region_iso === r.iso).length,
    links: {
      boundary: `/data/geo/regions/${r.slug}.geojson`,
      analytics: `/data/region-analytics/${r.slug}.json`,
      brief: `/data/region-briefs/${r.slug}.pdf`,
    },
  };
}

export function regionOverview(model: Model): Artifact[] {
  const regions = model.regions.map((r) => ({
    ...profile(model, r),
    population: (() => {
      const p = latestPoint(model, 'population', r.iso);
      return p ? figureOf(model, p) : null;
    })(),
  }));
  const districts = model.districts.map((d) => ({
    id: d.id,
    pcode: d.pcode,
    region_iso: d.region_iso,
    name: d.name,
    corrections: d.corrections,
  }));
  return [
    {
      path: 'region-overview.json',
      schema: 'region-overview',
      json: {
        ...header(model, 'region-overview'),
        region_count: regions.length,
        district_count: districts.length,
        district_note:
          'geokz ADM2 2024 holds 224 district-level units: 206 districts and cities of regional significance plus 18 city districts of Astana, Almaty and Shymkent. Earlier listings speak of 210 district rows; this release publishes every unit of the pinned snapshot.',
        regions,
        districts,
        sources: [
          sourceRef(model, 'geokz'),
          sourceRef(model, 'bns-population'),
          sourceRef(model, 'dala-tables'),
        ],
      },
    },
    {
      path: 'region-overview.csv',
      bytes: toCsv(
        [
          'iso',
          'kato',
          'slug',
          'kind',
          'name_kk',
          'name_ru',
          'name_en',
          'area_km2',
          'district_count',
        ],
        regions.map((r) => ({ ...r, name_kk: r.name.kk, name_ru: r.name.ru, name_en: r.name.en })),
      ),
    },
  ];
}

export function regionAnalytics(model: Model): Artifact[] {
  return model.regions.map((r) => {
    const series = Object.fromEntries(
      [...regionalMetrics(model), 'grp_cumulative'].map((m) => [
        m,
        pointsOf(model, m)
          .filter((p) => p.place === r.iso)
          .map((p) => figureOf(model, p)),
      ]),
    );
    const latest = Object.fromEntries(
      regionalMetrics(model).map((m) => {
        const p = latestPoint(model, m, r.iso);
        return [m, p ? { ...figureOf(model, p), series: p.metric } : null];
      }),
    );
    return {
      path: `region-analytics/${r.slug}.json`,
      schema: 'region-analytics',
      json: {
        ...header(model, 'region-analytics'),
        region: profile(model, r),
        latest,
        series,
        derived: { air_emissions_per_km2: emissionsDensity(model, r) },
        districts: model.districts
          .filter((d) => d.region_iso === r.iso)
          .map((d) => ({ id: d.id, pcode: d.pcode, name: d.name })),
        // why the district figures and this district set differ (DESIGN: each figure says its territory)
        district_notes: regionDistrictNotes(model.districtCoverage, model.districts, r.iso),
        institutions: model.institutions
          .filter((i) => i.region_iso === r.iso)
          .map((i) => ({ id: i.id, name: i.name, website: i.website })),
        events: model.events
          .filter((e) => e.place === r.iso)
          .map((e) => ({
            id: e.id,
            date: e.date,
            title: e.title,
            source_url: e.source_url,
            review_status: e.review_status,
          })),
        border_changes: borderChangeEvents(model, r.iso),
      } satisfies RegionAnalytics, // the type the browser app reads, derived from the schema validated below
    };
  });
}

/** The country file as published; its served size is adm1FileBytes(model). */
export function adm1File(model: Model) {
  return {
    ...model.geo.adm1Simplified,
    // foreign members (RFC 7946 section 6.1): provenance travels with the file
    name: 'kz_adm1_current',
    as_of: '2024-01-01',
    attribution: GEO_ATTRIBUTION,
    simplification: {
      max_bytes: 400_000,
      geometry_bytes: model.geo.simplification.bytes,
      max_area_error: model.geo.simplification.maxAreaError,
      method:
        'mapshaper topology-preserving, area error <= 1% per region, validity re-checked with JTS IsValidOp',
    },
  };
}

/**
 * geo/kz_adm1_drawing.geojson: the regions simplified for a map about 1,000 px wide (ADM1_DRAWING),
 * each with the reforms that moved its borders, so a map can say which values are in today's borders
 * without reading every region's profile. Not for measuring: kz_adm1_current.geojson is.
 */
export const ADM1_DRAWING_PATH = 'geo/kz_adm1_drawing.geojson';

function adm1DrawingFile(model: Model) {
  return {
    type: 'FeatureCollection',
    name: 'kz_adm1_drawing',
    as_of: '2024-01-01',
    attribution: GEO_ATTRIBUTION,
    simplification: {
      interval_m: ADM1_DRAWING.intervalMeters,
      coordinate_decimals: ADM1_DRAWING.decimals,
      method:
        'mapshaper topology-preserving (shared borders simplified once), for drawing only: not checked for area',
    },
    features: model.geo.adm1Drawing.features.map((f) => ({
      ...f,
      properties: {
        ...f.properties,
        // each reform named with its review status, so a map draws the break even where the event
        // row is not yet reviewed (the events route serves reviewed events only) and says so
        border_changes: borderReforms(model, String(f.properties?.iso)).map((e) => ({
          id: e.id,
          date: e.date,
          title_en: e.title.en,
          title_ru: e.title.ru,
          title_kk: e.title.kk,
          review_status: e.review_status,
        })),
      },
    })),
  };
}

export function adm1FileBytes(model: Model): number {
  return artifactBytes({ path: 'kz_adm1_current.geojson', json: adm1File(model) }).length;
}

/** geo/kz_adm2_districts.geojson: the 224 districts, simplified within the stated tolerance. */
export const ADM2_PATH = 'geo/kz_adm2_districts.geojson';
export const districtGeometryPath = (pcode: string) =>
  `geo/districts/${pcode.toLowerCase()}.geojson`;
export const ADM2_TOLERANCE = {
  max_bytes: ADM2_MAX_BYTES,
  max_area_error_limit: ADM2_MAX_AREA_ERROR,
  coordinate_decimals: 5,
  method:
    'mapshaper topology-preserving (shared borders simplified once), coordinates rounded to 5 decimals (about 1 m), area error <= 1% per district, validity re-checked with JTS IsValidOp',
} as const;

export function adm2File(model: Model) {
  return {
    ...model.geo.adm2Simplified,
    name: 'kz_adm2_districts',
    as_of: '2024-01-01',
    attribution: GEO_ATTRIBUTION,
    simplification: {
      ...ADM2_TOLERANCE,
      geometry_bytes: model.geo.adm2Simplification.bytes,
      max_area_error: model.geo.adm2Simplification.maxAreaError,
      retained: model.geo.adm2Simplification.retained,
    },
  };
}

export function adm2FileBytes(model: Model): number {
  return artifactBytes({ path: ADM2_PATH, json: adm2File(model) }).length;
}

export function geoFiles(model: Model): Artifact[] {
  const adm1 = adm1File(model);
  const adm2 = adm2File(model);
  return [
    { path: 'kz_adm1_current.geojson', schema: 'feature-collection', json: adm1 },
    { path: ADM2_PATH, schema: 'district-collection', json: adm2 },
    { path: ADM1_DRAWING_PATH, schema: 'feature-collection', json: adm1DrawingFile(model) },
    // one file per district, cut from the same simplified layer, for /api/v1/places/{id}/geometry
    ...model.geo.adm2Simplified.features.map((f) => ({
      path: districtGeometryPath(String(f.properties?.pcode)),
      schema: 'district-collection',
      json: {
        type: 'FeatureCollection',
        name: String(f.id ?? f.properties?.id),
        attribution: GEO_ATTRIBUTION,
        simplification: ADM2_TOLERANCE,
        features: [f],
      },
    })),
    ...model.regions.map((r) => {
      const g = model.geo.regions.find((x) => x.iso === r.iso)!;
      return {
        path: `geo/regions/${r.slug}.geojson`,
        schema: 'feature-collection',
        json: {
          type: 'FeatureCollection',
          name: r.slug,
          attribution: GEO_ATTRIBUTION,
          precision: 'full (as in the snapshot, repaired to be valid)',
          features: [{ ...g.full, properties: { ...g.full.properties, area_km2: g.areaKm2 } }],
        },
      };
    }),
  ];
}

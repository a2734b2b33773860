// geo-public-contract.json: the canonical geography reference (codes, names, safe aliases of the
// regions; homonyms explained, never keyed by name). geo-layer-contract.json: the state of the
// local geometry, each claim (validity, RFC 7946 winding, counts) computed here from the model.
import { ADM2_PATH, ADM2_TOLERANCE, adm1FileBytes, adm2FileBytes } from './regions.js';
import { DISTRICT_STATUS, osmUrl } from './entities.js';
import type * as GeoJSON from 'geojson';
import { validityErrors, signedArea2 } from '../../geo/index.js';
import { foldText } from '../../lib/text-normalise.js';
import type { Model } from '../../model/model.js';
import type { Region } from '../../model/types.js';
import type { Artifact } from '../artifact.js';
import { header, sourceRef } from './header.js';

/** Groups of regions that share a short name or alias (after folding): the homonyms. */
export function homonyms(regions: Region[]) {
  const byKey = new Map<string, { names: Set<string>; ids: Set<string> }>();
  for (const r of regions) {
    for (const n of [r.name.en, r.name.ru, r.name.kk, ...r.aliases]) {
      const g = byKey.get(foldText(n)) ?? { names: new Set(), ids: new Set() };
      g.names.add(n);
      g.ids.add(r.id);
      byKey.set(foldText(n), g);
    }
  }
  const groups = new Map<string, Set<string>>(); // entity set -> shared names
  for (const g of byKey.values()) {
    if (g.ids.size < 2) continue;
    const key = [...g.ids].sort().join(',');
    const names = groups.get(key) ?? new Set<string>();
    g.names.forEach((n) => names.add(n));
    groups.set(key, names);
  }
  return [...groups]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, names]) => {
      const units = key.split(',').map((id) => regions.find((r) => r.id === id)!);
      return {
        shared_names: [...names].sort(),
        entities: units.map((r) => ({
          id: r.id,
          iso: r.iso,
          kind: r.kind,
          official_name: r.official_name,
        })),
        explanation:
          `${[...names].sort().join(' / ')} names ${units.length} different units: ` +
          units.map((r) => `${r.iso} ${r.official_name.en} (${r.kind})`).join(', ') +
          '. Key by ISO 3166-2 code or canonical id, never by name.',
      };
    });
}

export function geoPublicContract(model: Model) {
  return {
    ...header(model, 'geo-public-contract'),
    key_rule:
      'Regions are keyed by canonical id (place:KZ-xx) or ISO 3166-2 code; the ISO code is "KZ-" + the first two KATO digits. Names and aliases are for display and search only.',
    source: sourceRef(model, 'iso-3166'),
    regions: model.regions.map((r) => ({
      id: r.id,
      iso: r.iso,
      kato: r.kato,
      kind: r.kind,
      slug: r.slug,
      names: r.name,
      official_names: r.official_name,
      safe_aliases: [...r.aliases].sort(),
      legacy_codes: [...r.legacy_codes].sort(),
      admin_centre: r.admin_centre,
      osm_relation: osmUrl(r.osm_relation_id),
      iso_matches_kato: r.iso === `KZ-${r.kato.slice(0, 2)}`,
      source_url: r.source_url,
      review_status: r.review_status,
    })),
    homonyms: homonyms(model.regions),
  };
}

/** RFC 7946 section 3.1.6: exterior rings counter-clockwise, holes clockwise; positions lon/lat. */
function rfc7946(geometry: GeoJSON.Geometry): boolean {
  const polys =
    geometry.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates
        : null;
  if (!polys) return false;
  return polys.every((rings) =>
    rings.every(
      (ring, i) =>
        (i === 0 ? signedArea2(ring) > 0 : signedArea2(ring) < 0) &&
        ring.every(([x, y]) => Math.abs(x!) <= 180 && Math.abs(y!) <= 90),
    ),
  );
}

function check(features: GeoJSON.Feature[]) {
  const invalid = features.filter(
    (f) => !f.geometry || validityErrors(f.geometry).length > 0,
  ).length;
  return {
    count: features.length,
    invalid,
    valid: invalid === 0,
    rfc7946: features.every((f) => f.geometry && rfc7946(f.geometry)),
  };
}

/** The label fields (name_en/kk/ru) only: a note may still mention the old name on purpose. */
const labelOf = (f: GeoJSON.Feature) =>
  Object.entries(f.properties ?? {})
    .filter(([k, v]) => k.startsWith('name') && typeof v === 'string')
    .map(([, v]) => v)
    .join(' ');

export function geoLayerContract(model: Model) {
  const adm1 = check(model.geo.adm1Simplified.features);
  const slug = new Map(model.regions.map((r) => [r.iso, r.slug]));
  return {
    ...header(model, 'geo-layer-contract'),
    source: sourceRef(model, 'geokz'),
    adm1: {
      path: 'kz_adm1_current.geojson',
      features: adm1.count,
      bytes: adm1FileBytes(model),
      max_area_error: model.geo.simplification.maxAreaError,
      simplification: 'topology-preserving',
      valid: adm1.valid,
      invalid_features: adm1.invalid,
      rfc7946: adm1.rfc7946,
      validity_check: 'JTS IsValidOp (GEOS-grade)',
    },
    region_files: model.geo.regions.map((g) => {
      const c = check([g.full]);
      return {
        id: `place:${g.iso}`,
        iso: g.iso,
        path: `geo/regions/${slug.get(g.iso)}.geojson`,
        precision: 'full',
        area_km2: g.areaKm2,
        valid: c.valid,
        rfc7946: c.rfc7946,
      };
    }),
    adm2: {
      ...check(model.geo.adm2Simplified.features),
      source_features: model.geo.districts.length,
      path: ADM2_PATH,
      bytes: adm2FileBytes(model),
      tolerance: ADM2_TOLERANCE,
      max_area_error: model.geo.adm2Simplification.maxAreaError,
      retained: model.geo.adm2Simplification.retained,
      published_in: [
        `/data/${ADM2_PATH}`,
        '/data/geo/districts/{pcode}.geojson',
        '/api/v1/places/{id}/geometry',
        'store.sqlite (district entities, without geometry)',
      ],
      review_status: DISTRICT_STATUS,
      name_corrections: model.districts
        .filter((d) => d.corrections.length)
        .map((d) => ({ id: d.id, corrections: d.corrections })),
      repairs:
        'Invalid source geometries are repaired (JTS GeometryFixer) before simplification; valid/invalid/rfc7946 above are computed on the published (simplified) geometry.',
    },
    centres: {
      // published: one admin-centre entity per oblast (entities.json); the three cities of republican
      // significance are their own centres, and the source's Baikonur point lies outside the 20 units
      count: model.regions.filter((r) => r.kind === 'region').length,
      published_as: 'entities.json locations of kind admin_centre (names only, no point geometry)',
      source_points: model.geo.centres.length,
      astana_labelled: model.geo.centres.some((f) => /astana|астана/i.test(labelOf(f))),
      nur_sultan_labels: model.geo.centres.filter((f) =>
        /nur-?\s?sultan|нур-?султан|нұр-?сұлтан/i.test(labelOf(f)),
      ).length,
      outside_regions: model.geo.centres.filter((f) => f.properties?.region_iso === null).length,
      correction:
        'geokz calls the capital Nur-Sultan; it was renamed Astana in September 2022 and is published as Astana.',
    },
    additional_layers: {
      reviewed: [],
      note: 'No layer beyond ADM1, ADM2 and the centres is reviewed for publication in this release.',
    },
  };
}

export function publishGeoContracts(model: Model): Artifact[] {
  return [
    {
      path: 'geo-public-contract.json',
      json: geoPublicContract(model),
      schema: 'geo-public-contract',
    },
    {
      path: 'geo-layer-contract.json',
      json: geoLayerContract(model),
      schema: 'geo-layer-contract',
    },
  ];
}

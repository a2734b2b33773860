// Geometry into the model: ADM1 keyed by the regions table (never by name), repaired to GEOS-grade
// validity, RFC 7946 orientation; districts with the README's name corrections; centres with the
// capital's current name. The country file is simplified topology-preservingly to <= 400 KB.
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Point as GeoPoint } from 'geojson';
import {
  geodesicAreaKm2,
  readShapefile,
  repairGeometry,
  simplifyFeatureCollection,
  simplifyForDrawing,
  toRfc7946,
  validityErrors,
} from '../geo/index.js';
import type { District, Region } from './types.js';
import type { Model, RegionGeometry } from './model.js';

export interface DistrictCorrection {
  pcode: string;
  match: { field: string; value: string };
  set: { field: string; value: string };
  reason: string;
  action?: 'correct' | 'keep';
  source_url: string;
  review_status: string;
}

const ADM1 = 'geokz-1.0.2/kaz_admbnda_adm1_2024.shp';
const ADM2 = 'geokz-1.0.2/kaz_admbnda_adm2_2024.shp';
const CNT1 = 'geokz-1.0.2/kaz_admbnda_cnt1_2022.shp';
export const ADM1_MAX_BYTES = 400_000;
// the simplifier's budget leaves room for the file's foreign members (attribution, provenance)
const ADM1_GEOMETRY_BUDGET = ADM1_MAX_BYTES - 4_000;
export const ADM1_MAX_AREA_ERROR = 0.01;
/**
 * The drawing copy of the regions (the explorer's map, about 1,000 px wide for the country's
 * 3,000 km, so about 3 km a pixel): no vertex kept within 1 km of its neighbours' line and
 * coordinates to 2 decimals (at most 1.1 km), each under half a pixel.
 */
export const ADM1_DRAWING = { intervalMeters: 1000, decimals: 2 } as const;
// The district file: 224 polygons at the country file's tolerance (coordinates to 5 decimals,
// about 1 m; topology-preserving; area error <= 1% per district). The pinned ADM2 layer fits at full
// retention (about 1.27 MB), so the budget bounds growth of a future snapshot, not today's detail.
export const ADM2_MAX_BYTES = 1_600_000;
const ADM2_GEOMETRY_BUDGET = ADM2_MAX_BYTES - 4_000;
export const ADM2_MAX_AREA_ERROR = 0.01;

type Resolve = (snapshotPath: string) => string;

function polygonal(geometry: Polygon | MultiPolygon, where: string): Polygon | MultiPolygon {
  const repaired = toRfc7946(repairGeometry(geometry)) as Polygon | MultiPolygon;
  const errors = validityErrors(repaired);
  if (errors.length)
    throw new Error(`${where}: geometry still invalid after repair: ${errors.join('; ')}`);
  return repaired;
}

export async function assembleGeo(
  resolve: Resolve,
  regions: Region[],
  corrections: DistrictCorrection[],
): Promise<{ geo: Model['geo']; districts: District[] }> {
  const byPcode = new Map(regions.map((r) => [r.geokz_pcode, r]));
  const adm1 = await readShapefile(resolve(ADM1));
  const regionGeometries: RegionGeometry[] = adm1.features.map((f, row) => {
    const pcode = String(f.properties?.ADM1_PCODE ?? '');
    const region = byPcode.get(pcode);
    if (!region)
      throw new Error(
        `${ADM1} row ${row} field ADM1_PCODE: ${pcode} matches no region in sources/regions.json`,
      );
    const geometry = polygonal(
      f.geometry as Polygon | MultiPolygon,
      `${ADM1} row ${row} (${region.iso})`,
    );
    const full: Feature<Polygon | MultiPolygon> = {
      type: 'Feature',
      id: region.iso,
      properties: regionProperties(region),
      geometry,
    };
    return { iso: region.iso, full, areaKm2: round(geodesicAreaKm2(geometry), 1) };
  });
  regionGeometries.sort((a, b) => (a.iso < b.iso ? -1 : 1));
  if (regionGeometries.length !== regions.length)
    throw new Error(`${ADM1}: ${regionGeometries.length} features for ${regions.length} regions`);

  const fullFc: FeatureCollection = {
    type: 'FeatureCollection',
    features: regionGeometries.map((g) => g.full),
  };
  const simplified = await simplifyFeatureCollection(fullFc, {
    maxBytes: ADM1_GEOMETRY_BUDGET,
    maxAreaErrorRatio: ADM1_MAX_AREA_ERROR,
  });

  const drawing = await simplifyForDrawing(fullFc, ADM1_DRAWING);

  const { districts, features } = await assembleDistricts(resolve, regions, corrections);
  const adm2 = await simplifyFeatureCollection(
    { type: 'FeatureCollection', features },
    { maxBytes: ADM2_GEOMETRY_BUDGET, maxAreaErrorRatio: ADM2_MAX_AREA_ERROR },
  );
  const centres = await assembleCentres(resolve, regions);
  return {
    geo: {
      regions: regionGeometries,
      adm1Simplified: simplified.fc,
      adm1Drawing: drawing,
      simplification: {
        bytes: simplified.stats.bytes,
        maxAreaError: simplified.stats.maxAreaError,
      },
      districts: features,
      adm2Simplified: adm2.fc,
      adm2Simplification: {
        bytes: adm2.stats.bytes,
        maxAreaError: adm2.stats.maxAreaError,
        retained: adm2.stats.retained,
      },
      centres,
    },
    districts,
  };
}

export function regionProperties(region: Region) {
  return {
    id: region.id,
    iso: region.iso,
    kato: region.kato,
    slug: region.slug,
    kind: region.kind,
    name_kk: region.name.kk,
    name_ru: region.name.ru,
    name_en: region.name.en,
  };
}

async function assembleDistricts(
  resolve: Resolve,
  regions: Region[],
  corrections: DistrictCorrection[],
) {
  const byPcode = new Map(regions.map((r) => [r.geokz_pcode, r]));
  const adm2 = await readShapefile(resolve(ADM2));
  const districts: District[] = [];
  const features: Feature[] = [];
  adm2.features.forEach((f, row) => {
    const props = { ...(f.properties as Record<string, string>) };
    const pcode = String(props.ADM2_PCODE);
    const applied: string[] = [];
    for (const c of corrections.filter((c) => c.pcode === pcode)) {
      if (props[c.match.field] !== c.match.value) {
        throw new Error(
          `sources/district-corrections.json: ${pcode} field ${c.match.field} is "${props[c.match.field]}", expected "${c.match.value}"`,
        );
      }
      props[c.set.field] = c.set.value;
      const cite = `${c.review_status}, ${c.source_url}`;
      applied.push(
        c.action === 'keep'
          ? `${c.set.field}: "${c.match.value}" kept (${c.reason}; ${cite})`
          : `${c.set.field}: "${c.match.value}" -> "${c.set.value}" (${c.reason}; ${cite})`,
      );
    }
    const region = byPcode.get(String(props.ADM1_PCODE));
    if (!region)
      throw new Error(`${ADM2} row ${row} field ADM1_PCODE: ${props.ADM1_PCODE} matches no region`);
    const id = `place:${region.iso}/${pcode}`;
    const name = {
      kk: String(props.ADM2_KK),
      ru: String(props.ADM2_RU),
      en: String(props.ADM2_EN),
    };
    districts.push({ id, pcode, region_iso: region.iso, name, corrections: applied });
    const geometry = polygonal(
      f.geometry as Polygon | MultiPolygon,
      `${ADM2} row ${row} (${pcode})`,
    );
    features.push({
      type: 'Feature',
      id,
      properties: {
        id,
        pcode,
        kato: String(props.KATO),
        region_iso: region.iso,
        name_kk: name.kk,
        name_ru: name.ru,
        name_en: name.en,
        area_km2: round(geodesicAreaKm2(geometry), 1),
      },
      geometry,
    });
  });
  districts.sort((a, b) => (a.id < b.id ? -1 : 1));
  features.sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
  return { districts, features };
}

/** geokz 2022 centres call the capital "Nur-Sultan": renamed Astana on 17 September 2022. */
async function assembleCentres(resolve: Resolve, regions: Region[]): Promise<Feature<GeoPoint>[]> {
  const byPcode = new Map(regions.map((r) => [r.geokz_pcode, r]));
  const cnt = await readShapefile(resolve(CNT1));
  return cnt.features
    .map((f) => {
      const p = f.properties as Record<string, string>;
      const region = byPcode.get(String(p.ADM1_PCODE)) ?? null;
      const renamed = p.NAME_EN === 'Nur-Sultan';
      return {
        type: 'Feature' as const,
        id: `centre:${p.KATO}`,
        properties: {
          kato: String(p.KATO),
          region_iso: region?.iso ?? null,
          name_en: renamed ? 'Astana' : p.NAME_EN,
          name_kk: renamed ? 'Астана' : p.NAME_KK,
          name_ru: renamed ? 'Астана' : p.NAME_RU,
          note: renamed
            ? 'geokz 2022 names it Nur-Sultan; renamed Astana on 2022-09-17'
            : region
              ? null
              : 'outside the 20 units (Baikonur, leased)',
        },
        geometry: toRfc7946(f.geometry as GeoPoint, 6) as GeoPoint,
      };
    })
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

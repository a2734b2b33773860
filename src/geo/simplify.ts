// Size-bounded, topology-preserving simplification of a FeatureCollection for publication
// (docs/interface.md §4.1 kz_adm1_current.geojson, §4.2 /data/geo/regions/{slug}.geojson).
// mapshaper converts the polygons to a topology of shared arcs before simplifying, so a border
// between two regions is simplified (and rounded) once and stays shared. geokz borders are not
// vertex-identical on both sides (extra collinear vertices, 1e-14 differences), which alone would
// leave 1-1000 m² slivers of overlap and gap after rounding; mapshaper -clean first snaps and cuts
// the arcs into one consistent topology (removing those zero-area slivers), so the output has no
// gaps or overlaps. On longitude/latitude input mapshaper simplifies on the sphere (weighted
// Visvalingam); keep-shapes stops small islands and enclaves from vanishing.
import mapshaper from 'mapshaper';
import type * as GeoJSON from 'geojson';
import { geodesicAreaKm2 } from './area.js';
import { isPolygonal } from './jts.js';
import { toRfc7946 } from './orient.js';
import { validityErrors } from './validate.js';

export interface SimplifyOptions {
  /** Upper bound on Buffer.byteLength(JSON.stringify(result)), UTF-8 bytes. */
  maxBytes: number;
  /** Largest allowed |simplified - full| / full geodesic area of any feature (e.g. 0.01). */
  maxAreaErrorRatio: number;
  /** Decimal places kept (default 5, about 1 m; geokz is generalised to 1:1,000,000). */
  precision?: number;
  /** Stats key of a feature (default: its id, else its index). */
  key?: (feature: GeoJSON.Feature, index: number) => string;
}

export interface FeatureAreaStat {
  key: string;
  fullArea: number; // km²
  simplifiedArea: number; // km²
  ratio: number; // |simplified - full| / full
}

export interface SimplifyStats {
  bytes: number;
  maxAreaError: number;
  /** Share of removable vertices retained by mapshaper (-simplify percentage), 0..1. */
  retained: number;
  precision: number;
  perFeature: FeatureAreaStat[];
}

interface Candidate {
  fc: GeoJSON.FeatureCollection;
  bytes: number;
  perFeature: FeatureAreaStat[];
  maxAreaError: number;
  invalid: string[];
}

/** Retention is searched on a grid of 1/STEPS so the result is reproducible. */
const STEPS = 1000;
/** How far below the byte-limited retention to look for a candidate whose geometries are all valid. */
const MAX_WALK = 50;

function defaultKey(feature: GeoJSON.Feature, index: number): string {
  return feature.id === undefined ? String(index) : String(feature.id);
}

async function runMapshaper(cmd: string, input: string): Promise<GeoJSON.Feature[]> {
  const out = await mapshaper.applyCommands(cmd, { 'in.json': input });
  const raw = out['out.json'];
  if (raw === undefined)
    throw new Error(`simplifyFeatureCollection: mapshaper produced no output for ${cmd}`);
  const text = typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8');
  // Each input feature carries only its index (without attributes mapshaper would write a
  // GeometryCollection), so the output is matched back by index, never by position alone.
  const features = (JSON.parse(text) as GeoJSON.FeatureCollection).features ?? [];
  features.forEach((f, i) => {
    if (f.properties?.i !== i)
      throw new Error(`simplifyFeatureCollection: mapshaper dropped or reordered feature ${i}`);
  });
  return features;
}

/** One consistent arc topology at full precision: snapped, cut at intersections, slivers resolved. */
async function cleanTopology(fc: GeoJSON.FeatureCollection): Promise<string> {
  const input = JSON.stringify({
    type: 'FeatureCollection',
    features: fc.features.map((f, i) => ({
      type: 'Feature',
      properties: { i },
      geometry: f.geometry,
    })),
  });
  const cleaned = await runMapshaper(
    '-i in.json -clean allow-empty -o out.json format=geojson',
    input,
  );
  return JSON.stringify({ type: 'FeatureCollection', features: cleaned });
}

async function mapshaperSimplify(
  input: string,
  step: number,
  precision: number,
): Promise<GeoJSON.Feature[]> {
  const pct = (step / STEPS) * 100;
  const cmd = `-i in.json -simplify percentage=${pct}% keep-shapes -o out.json format=geojson precision=${10 ** -precision}`;
  return runMapshaper(cmd, input);
}

async function candidate(
  source: GeoJSON.FeatureCollection,
  input: string,
  fullAreas: number[],
  keys: string[],
  step: number,
  precision: number,
): Promise<Candidate> {
  const simplified = await mapshaperSimplify(input, step, precision);
  if (simplified.length !== source.features.length) {
    throw new Error(
      `simplifyFeatureCollection: mapshaper returned ${simplified.length} of ${source.features.length} features`,
    );
  }
  const invalid: string[] = [];
  const features: GeoJSON.Feature[] = source.features.map((feature, i) => {
    const geometry = simplified[i]!.geometry;
    const errors = geometry === null ? ['geometry removed'] : validityErrors(geometry);
    if (errors.length > 0) invalid.push(`${keys[i]}: ${errors[0]}`);
    // Valid geometries only get re-oriented (RFC 7946 3.1.6); invalid candidates are discarded, never repaired,
    // because a per-feature repair could break the shared borders.
    const oriented = geometry !== null && errors.length === 0 ? toRfc7946(geometry) : geometry;
    // Properties and id come from the input, so mapshaper never rewrites attribute values.
    return {
      type: 'Feature',
      ...(feature.id === undefined ? {} : { id: feature.id }),
      properties: feature.properties,
      geometry: oriented,
    } as GeoJSON.Feature;
  });
  const fc: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features };
  const perFeature = features.map((f, i) => {
    const simplifiedArea = f.geometry ? geodesicAreaKm2(f.geometry) : 0;
    const fullArea = fullAreas[i]!;
    return {
      key: keys[i]!,
      fullArea,
      simplifiedArea,
      ratio: Math.abs(simplifiedArea - fullArea) / fullArea,
    };
  });
  const maxAreaError = Math.max(0, ...perFeature.map((s) => s.ratio));
  return {
    fc,
    bytes: Buffer.byteLength(JSON.stringify(fc), 'utf8'),
    perFeature,
    maxAreaError,
    invalid,
  };
}

/**
 * Simplifies `fc` as little as possible so that its JSON (no indentation) fits in `maxBytes`, every
 * feature's geodesic area stays within `maxAreaErrorRatio` of the input and every geometry is valid.
 * Input geometries must be valid Polygons/MultiPolygons (run repairGeometry first).
 */
export async function simplifyFeatureCollection(
  fc: GeoJSON.FeatureCollection,
  options: SimplifyOptions,
): Promise<{ fc: GeoJSON.FeatureCollection; stats: SimplifyStats }> {
  const precision = options.precision ?? 5;
  if (
    !(options.maxBytes > 0) ||
    !(options.maxAreaErrorRatio >= 0) ||
    !Number.isInteger(precision) ||
    precision < 0 ||
    precision > 15
  ) {
    throw new Error(
      `simplifyFeatureCollection: bad options ${JSON.stringify({ ...options, precision })}`,
    );
  }
  const keyOf = options.key ?? defaultKey;
  const keys = fc.features.map((f, i) => keyOf(f, i));
  const fullAreas = fc.features.map((f, i) => {
    if (!isPolygonal(f.geometry))
      throw new Error(
        `simplifyFeatureCollection: feature ${keys[i]} is not a Polygon/MultiPolygon`,
      );
    const errors = validityErrors(f.geometry);
    if (errors.length > 0)
      throw new Error(
        `simplifyFeatureCollection: feature ${keys[i]} is invalid before simplification: ${errors[0]}`,
      );
    return geodesicAreaKm2(f.geometry);
  });
  const input = await cleanTopology(fc);
  const run = (step: number) => candidate(fc, input, fullAreas, keys, step, precision);

  // Largest retention whose output fits the byte budget (size grows with retention).
  let best: Candidate | null = null;
  let bestStep = -1;
  const top = await run(STEPS);
  if (top.bytes <= options.maxBytes) {
    best = top;
    bestStep = STEPS;
  } else {
    let lo = 0;
    let hi = STEPS;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      const c = await run(mid);
      if (c.bytes <= options.maxBytes) {
        lo = mid;
        best = c;
      } else hi = mid;
    }
    bestStep = lo;
    if (best === null) best = await run(lo); // lo = 0: nothing fitted on the way down, check the floor
    if (best.bytes > options.maxBytes) {
      throw new Error(
        `simplifyFeatureCollection: even maximal simplification gives ${best.bytes} bytes > ${options.maxBytes}`,
      );
    }
  }

  // Step down until every geometry is valid; area error (almost always) only grows on the way down.
  for (let walk = 0; ; walk++) {
    if (best.maxAreaError > options.maxAreaErrorRatio) {
      const worst = best.perFeature.reduce((a, b) => (b.ratio > a.ratio ? b : a));
      throw new Error(
        `simplifyFeatureCollection: ${options.maxBytes} bytes need retention ${bestStep / STEPS}, ` +
          `which changes the area of ${worst.key} by ${(worst.ratio * 100).toFixed(3)}% (limit ${options.maxAreaErrorRatio * 100}%)`,
      );
    }
    if (best.invalid.length === 0) break;
    if (walk === MAX_WALK || bestStep === 0) {
      throw new Error(
        `simplifyFeatureCollection: no valid result near retention ${bestStep / STEPS}: ${best.invalid.join('; ')}`,
      );
    }
    bestStep -= 1;
    best = await run(bestStep);
  }
  return {
    fc: best.fc,
    stats: {
      bytes: best.bytes,
      maxAreaError: best.maxAreaError,
      retained: bestStep / STEPS,
      precision,
      perFeature: best.perFeature,
    },
  };
}

/**
 * A drawing copy of `fc`: simplified on the sphere so that no vertex is kept closer than
 * `intervalMeters` to the line it lies on (mapshaper's interval, weighted Visvalingam), coordinates
 * rounded to `decimals`, shared borders kept shared (one topology, as above). Meant for a picture of a
 * known size, where a vertex closer than a fraction of a pixel to its neighbours adds bytes and nothing
 * visible; it is not checked for validity or area, so it is never measured or intersected.
 */
export async function simplifyForDrawing(
  fc: GeoJSON.FeatureCollection,
  options: { intervalMeters: number; decimals: number },
): Promise<GeoJSON.FeatureCollection> {
  const input = await cleanTopology(fc);
  const simplified = await runMapshaper(
    `-i in.json -simplify interval=${options.intervalMeters} keep-shapes -o out.json format=geojson precision=${10 ** -options.decimals}`,
    input,
  );
  return {
    type: 'FeatureCollection',
    features: fc.features.map((feature, i) => ({
      ...feature,
      geometry: toRfc7946(simplified[i]!.geometry!),
    })),
  };
}

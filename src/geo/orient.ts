// RFC 7946 output form: WGS84 longitude/latitude, closed rings, exterior rings counter-clockwise
// and holes clockwise (section 3.1.6), optional coordinate rounding (section 11.2 recommends no
// more precision than the data carries). Rounding moves vertices, which can make a valid polygon
// invalid (geokz: 4-5 ADM1 units at 6-9 decimals), so validity is re-checked and repaired after it.
import type * as GeoJSON from 'geojson';
import { fixedFactory, isPolygonal, polygonsOf, fromPolygons, type Polygonal } from './jts.js';
import { repairGeometry } from './repair.js';
import { validityErrors } from './validate.js';

type Ring = GeoJSON.Position[];

/** Twice the signed planar area (shoelace) in degrees²: positive when counter-clockwise. */
export function signedArea2(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    sum += x1! * y2! - x2! * y1!;
  }
  return sum;
}

function roundTo(decimals: number): (v: number) => number {
  // Dividing the rounded integer by 10^d (not multiplying by 10^-d) yields the double nearest the
  // decimal, so JSON.stringify prints exactly `decimals` digits at most.
  const scale = 10 ** decimals;
  return (v) => Math.round(v * scale) / scale;
}

function position(p: GeoJSON.Position, round: ((v: number) => number) | null): GeoJSON.Position {
  const [x, y] = p;
  if (!Number.isFinite(x) || !Number.isFinite(y))
    throw new Error(`non-finite coordinate [${String(p)}]`);
  if (x! < -180 || x! > 180 || y! < -90 || y! > 90)
    throw new Error(`coordinate [${x}, ${y}] is not WGS84 longitude/latitude`);
  return round ? [round(x!), round(y!)] : [x!, y!];
}

/** Rounded, de-duplicated, closed ring; null when it collapses below 4 positions. */
function ring(r: Ring, round: ((v: number) => number) | null): Ring | null {
  const out: Ring = [];
  for (const p of r) {
    const q = position(p, round);
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push([...first]);
  return out.length >= 4 ? out : null;
}

function orientRing(r: Ring, counterClockwise: boolean): Ring {
  return signedArea2(r) > 0 === counterClockwise ? r : [...r].reverse();
}

function polygonal(geometry: Polygonal, round: ((v: number) => number) | null): Polygonal | null {
  const polygons: Ring[][] = [];
  for (const polygon of polygonsOf(geometry)) {
    const [shell, ...holes] = polygon.map((r) => ring(r, round));
    if (!shell) continue; // the whole part collapsed under rounding
    polygons.push([shell, ...holes.filter((h): h is Ring => h !== null)]);
  }
  return polygons.length > 0 ? fromPolygons(polygons) : null;
}

function orientPolygonal(geometry: Polygonal): Polygonal {
  return fromPolygons(
    polygonsOf(geometry).map(([shell, ...holes]) => [
      orientRing(shell!, true),
      ...holes.map((h) => orientRing(h, false)),
    ]),
  );
}

/** Rounds, then repairs on the rounded grid until JTS finds the polygon valid (a few passes at most). */
function validPolygonal(geometry: Polygonal, precision: number | undefined): Polygonal {
  const round = precision === undefined ? null : roundTo(precision);
  const factory = precision === undefined ? undefined : fixedFactory(precision);
  let current = polygonal(geometry, round);
  for (let pass = 0; pass < 4; pass++) {
    if (current === null) throw new Error(`geometry collapses to nothing at ${precision} decimals`);
    if (validityErrors(current).length === 0) return current;
    current = polygonal(repairGeometry(current, factory), round);
  }
  const errors = current ? validityErrors(current) : ['collapsed'];
  throw new Error(
    `geometry still invalid after rounding to ${precision} decimals and repair: ${errors.join('; ')}`,
  );
}

/**
 * The geometry in RFC 7946 form. Polygonal geometries come out valid per JTS IsValidOp; `precision`
 * (decimal places) rounds every coordinate.
 */
export function toRfc7946<G extends GeoJSON.Geometry>(
  geometry: G,
  precision?: number,
): G | Polygonal {
  if (
    precision !== undefined &&
    !(Number.isInteger(precision) && precision >= 0 && precision <= 15)
  ) {
    throw new Error(`toRfc7946: precision must be an integer 0..15, got ${precision}`);
  }
  const round = precision === undefined ? null : roundTo(precision);
  if (isPolygonal(geometry)) return orientPolygonal(validPolygonal(geometry, precision));
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: position(geometry.coordinates, round) } as G;
    case 'MultiPoint':
      return {
        type: 'MultiPoint',
        coordinates: geometry.coordinates.map((p) => position(p, round)),
      } as G;
    case 'LineString':
      return {
        type: 'LineString',
        coordinates: geometry.coordinates.map((p) => position(p, round)),
      } as G;
    case 'MultiLineString':
      return {
        type: 'MultiLineString',
        coordinates: geometry.coordinates.map((l) => l.map((p) => position(p, round))),
      } as G;
    case 'GeometryCollection':
      return {
        type: 'GeometryCollection',
        geometries: geometry.geometries.map((g) => toRfc7946(g, precision)),
      } as G;
    default:
      throw new Error(
        `toRfc7946: unsupported geometry type ${(geometry as GeoJSON.Geometry).type}`,
      );
  }
}

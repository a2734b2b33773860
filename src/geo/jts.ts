// GeoJSON <-> JTS (jsts) conversion. JTS is the reference implementation GEOS was ported from,
// so its validity model is the one GDAL and PostGIS (ST_IsValid) apply.
import GeometryFactory from 'jsts/org/locationtech/jts/geom/GeometryFactory.js';
import PrecisionModel from 'jsts/org/locationtech/jts/geom/PrecisionModel.js';
import GeoJSONReader from 'jsts/org/locationtech/jts/io/GeoJSONReader.js';
import GeoJSONWriter from 'jsts/org/locationtech/jts/io/GeoJSONWriter.js';
import type * as GeoJSON from 'geojson';

/** The part of the JTS Geometry API used here (the bundled .d.ts omits isEmpty on Geometry). */
export interface JtsGeometry {
  isEmpty(): boolean;
  getArea(): number;
  getNumGeometries(): number;
  getGeometryN(n: number): JtsGeometry;
}
export type Polygonal = GeoJSON.Polygon | GeoJSON.MultiPolygon;

/** Floating precision: coordinates are used exactly as given. */
export const floatingFactory = new GeometryFactory();

/** A factory whose precision model rounds to `decimals` decimal places (scale 10^decimals). */
export function fixedFactory(decimals: number): GeometryFactory {
  return new GeometryFactory(new PrecisionModel(10 ** decimals));
}

export function toJts(
  geometry: GeoJSON.Geometry,
  factory: GeometryFactory = floatingFactory,
): JtsGeometry {
  return new GeoJSONReader(factory).read(geometry) as JtsGeometry;
}

export function fromJts(geometry: JtsGeometry): GeoJSON.Geometry {
  return new GeoJSONWriter().write(geometry) as GeoJSON.Geometry;
}

/** The polygons of a Polygon or MultiPolygon, as Polygon coordinate arrays. */
export function polygonsOf(geometry: Polygonal): GeoJSON.Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

export function isPolygonal(geometry: GeoJSON.Geometry | null): geometry is Polygonal {
  return geometry !== null && (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon');
}

/** One polygon stays a Polygon, several become a MultiPolygon (RFC 7946 section 3.1.7). */
export function fromPolygons(polygons: GeoJSON.Position[][][]): Polygonal {
  if (polygons.length === 1) return { type: 'Polygon', coordinates: polygons[0]! };
  return { type: 'MultiPolygon', coordinates: polygons };
}

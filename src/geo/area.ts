// Geodesic area on the WGS84 authalic sphere (@turf/area, the spherical-excess formula of
// Chamberlain & Duquette). Planar area in degrees would over-weight northern regions.
import turfArea from '@turf/area';
import type * as GeoJSON from 'geojson';

export function geodesicAreaKm2(geometry: GeoJSON.Geometry): number {
  return turfArea(geometry) / 1e6;
}

// Geometry for the release builder: read, validate (JTS IsValidOp), repair, RFC 7946 form,
// topology-preserving simplification and geodesic area.
export { readShapefile } from '../sources/shapefile-reader.js';
export { validityErrors } from './validate.js';
export { repairGeometry } from './repair.js';
export { toRfc7946, signedArea2 } from './orient.js';
export {
  simplifyFeatureCollection,
  simplifyForDrawing,
  type SimplifyOptions,
  type SimplifyStats,
  type FeatureAreaStat,
} from './simplify.js';
export { geodesicAreaKm2 } from './area.js';
export type { Polygonal } from './jts.js';

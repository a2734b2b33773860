// GEOS-grade validity (OGC Simple Features rules as JTS IsValidOp applies them): rings closed,
// simple, holes inside their shell, no nested shells in a MultiPolygon, connected interiors.
// A lenient check (e.g. only ring closure or winding) would pass the geokz faults this must catch.
import IsValidOp from 'jsts/org/locationtech/jts/operation/valid/IsValidOp.js';
import type * as GeoJSON from 'geojson';
import { isPolygonal, polygonsOf, toJts, fromPolygons } from './jts.js';

interface ValidationError {
  getErrorType(): number;
  getMessage(): string;
  getCoordinate(): { x: number; y: number } | null;
}

const ERROR_TYPES = [
  'ERROR',
  'REPEATED_POINT',
  'HOLE_OUTSIDE_SHELL',
  'NESTED_HOLES',
  'DISCONNECTED_INTERIOR',
  'SELF_INTERSECTION',
  'RING_SELF_INTERSECTION',
  'NESTED_SHELLS',
  'DUPLICATE_RINGS',
  'TOO_FEW_POINTS',
  'INVALID_COORDINATE',
  'RING_NOT_CLOSED',
];

function describe(error: ValidationError, where: string): string {
  const type = ERROR_TYPES[error.getErrorType()] ?? `TYPE_${error.getErrorType()}`;
  const pt = error.getCoordinate();
  const at = pt ? ` at (${pt.x}, ${pt.y})` : '';
  return `${type}: ${error.getMessage()}${at}${where}`;
}

/** First JTS error of one geometry, or null; geometries JTS cannot even build are reported too. */
function firstError(geometry: GeoJSON.Geometry, where: string): string | null {
  let op: IsValidOp;
  try {
    op = new IsValidOp(toJts(geometry));
  } catch (err) {
    // e.g. "Points of LinearRing do not form a closed linestring", fewer than 4 ring points
    return `INVALID_STRUCTURE: ${(err as Error).message}${where}`;
  }
  if (op.isValid()) return null;
  return describe(op.getValidationError() as unknown as ValidationError, where);
}

/**
 * Validity errors of a geometry per JTS IsValidOp; empty when valid. JTS stops at the first error,
 * so for a MultiPolygon each polygon is also checked on its own to report every broken part.
 */
export function validityErrors(geometry: GeoJSON.Geometry): string[] {
  const whole = firstError(geometry, '');
  if (whole === null) return [];
  const errors = [whole];
  if (isPolygonal(geometry) && geometry.type === 'MultiPolygon') {
    polygonsOf(geometry).forEach((polygon, i) => {
      const part = firstError(fromPolygons([polygon]), ` (polygon ${i})`);
      if (part !== null) errors.push(part);
    });
  }
  return errors;
}

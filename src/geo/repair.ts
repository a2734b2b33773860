// Repair of malformed polygons. jsts 2.12 has no GeometryFixer (JTS 1.18+), so this follows the
// same algorithm with the operations jsts does have: every ring is rebuilt by a zero-width buffer
// taken in both orientations (so both lobes of a figure-eight survive, unlike plain buffer(0)),
// holes are subtracted from their shell, and the parts of a MultiPolygon are unioned (which
// absorbs nested shells such as the zero-area slivers inside geokz Zhetysu and Turkestan).
import BufferOp from 'jsts/org/locationtech/jts/operation/buffer/BufferOp.js';
import OverlayOp from 'jsts/org/locationtech/jts/operation/overlay/OverlayOp.js';
import UnaryUnionOp from 'jsts/org/locationtech/jts/operation/union/UnaryUnionOp.js';
import type GeometryFactory from 'jsts/org/locationtech/jts/geom/GeometryFactory.js';
import type * as GeoJSON from 'geojson';
import {
  floatingFactory,
  fromJts,
  fromPolygons,
  isPolygonal,
  polygonsOf,
  toJts,
  type JtsGeometry,
  type Polygonal,
} from './jts.js';
import { validityErrors } from './validate.js';

type Ring = GeoJSON.Position[];

/** Drops consecutive duplicate points and closes the ring; null when fewer than 3 distinct points remain. */
function cleanRing(ring: Ring): Ring | null {
  const out: Ring = [];
  for (const p of ring) {
    const [x, y] = p;
    if (!Number.isFinite(x) || !Number.isFinite(y))
      throw new Error(`non-finite coordinate [${String(p)}]`);
    const last = out[out.length - 1];
    if (!last || last[0] !== x || last[1] !== y) out.push([x!, y!]);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1]))
    out.push([first[0]!, first[1]!]);
  return out.length >= 4 ? out : null;
}

/** Area-preserving rebuild of one ring as a valid polygonal geometry (possibly empty). */
function fixRing(ring: Ring, factory: GeometryFactory): JtsGeometry {
  const forward = toJts({ type: 'Polygon', coordinates: [ring] }, factory);
  const backward = toJts({ type: 'Polygon', coordinates: [[...ring].reverse()] }, factory);
  return OverlayOp.union(BufferOp.bufferOp(forward, 0), BufferOp.bufferOp(backward, 0));
}

function fixPolygon(polygon: Ring[], factory: GeometryFactory): JtsGeometry | null {
  const [shellRing, ...holeRings] = polygon.map(cleanRing);
  if (!shellRing) return null; // collapsed shell: a zero-area sliver, nothing to keep
  const asIs = fromPolygons([[shellRing, ...holeRings.filter((r): r is Ring => r !== null)]]);
  if (validityErrors(asIs).length === 0) return toJts(asIs, factory);
  const shell = fixRing(shellRing, factory);
  if (shell.isEmpty()) return null;
  const holes = holeRings.filter((r): r is Ring => r !== null).map((r) => fixRing(r, factory));
  if (holes.length === 0) return shell;
  return OverlayOp.difference(shell, UnaryUnionOp.union(factory.createGeometryCollection(holes)));
}

/** The polygons of a JTS result as GeoJSON polygon coordinates (overlay may return a collection). */
function polygonCoordinates(geometry: JtsGeometry): GeoJSON.Position[][][] {
  const out: GeoJSON.Position[][][] = [];
  for (let i = 0; i < geometry.getNumGeometries(); i++) {
    const part = fromJts(geometry.getGeometryN(i));
    if (part.type === 'Polygon') out.push(part.coordinates);
    else if (part.type === 'MultiPolygon') out.push(...part.coordinates);
  }
  return out;
}

/**
 * A valid (JTS IsValidOp) Polygon or MultiPolygon covering the same area as the input. A valid input
 * is returned unchanged (same coordinates, same order). `factory` may carry a fixed precision model
 * so that computed intersection points land on the output grid (used after rounding).
 */
export function repairGeometry<G extends GeoJSON.Geometry>(
  geometry: G,
  factory: GeometryFactory = floatingFactory,
): Polygonal {
  if (!isPolygonal(geometry))
    throw new Error(`repairGeometry: expected Polygon or MultiPolygon, got ${geometry.type}`);
  if (validityErrors(geometry).length === 0) return geometry;
  const parts = polygonsOf(geometry)
    .map((polygon) => fixPolygon(polygon, factory))
    .filter((g): g is JtsGeometry => g !== null && !g.isEmpty());
  if (parts.length === 0) throw new Error('repairGeometry: every polygon collapsed to zero area');
  const union = UnaryUnionOp.union(factory.createGeometryCollection(parts));
  const polygons = polygonCoordinates(union);
  if (polygons.length === 0) throw new Error('repairGeometry: repair produced no polygon');
  const repaired = fromPolygons(polygons);
  const errors = validityErrors(repaired);
  if (errors.length > 0)
    throw new Error(`repairGeometry: result still invalid: ${errors.join('; ')}`);
  return repaired;
}

// What a publisher returns: pure data, no I/O. The build validates `json` against `schema`,
// serialises it with stableJson, and writes bytes as they are.
import { compactStableJson, stableJson } from '../lib/canonical-json.js';
import type { Model } from '../model/model.js';

export interface Artifact {
  path: string; // relative to data/, e.g. "geo/regions/karaganda.geojson"
  json?: unknown;
  bytes?: Buffer;
  schema?: string; // schema name in src/publish/schemas (file data/schemas/<name>.schema.json)
}

export type Publisher = (model: Model) => Artifact[] | Promise<Artifact[]>;

/**
 * The bytes of an artifact: GeoJSON compact (geometry dominates, and the 400 KB budget of
 * kz_adm1_current.geojson is on the served bytes), other JSON pretty and key-sorted.
 */
export function artifactBytes(a: Artifact): Buffer {
  if (a.bytes) return a.bytes;
  // provenance checksums and the staging writer both need the bytes: serialise each artifact once
  let body = serialised.get(a);
  if (!body) {
    body = Buffer.from(
      a.path.endsWith('.geojson') ? compactStableJson(a.json) : stableJson(a.json),
    );
    serialised.set(a, body);
  }
  return body;
}

const serialised = new WeakMap<Artifact, Buffer>();

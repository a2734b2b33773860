// What a publisher returns: pure data, no I/O. The build validates `json` against `schema`,
// serialises it with stableJson, and writes bytes as they are.
import type { Model } from '../model/model.js';

export interface Artifact {
  path: string; // relative to data/, e.g. "geo/regions/karaganda.geojson"
  json?: unknown;
  bytes?: Buffer;
  schema?: string; // schema name in src/publish/schemas (file data/schemas/<name>.schema.json)
}

export type Publisher = (model: Model) => Artifact[] | Promise<Artifact[]>;

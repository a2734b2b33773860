// Every contract's JSON Schema, by name; each ships in the release as data/schemas/<name>.schema.json.
import { stableJson } from '../../lib/canonical-json.js';
import type { Artifact } from '../artifact.js';
import { entitySchemas } from '../contracts/entity-family.js';
import { operationsSchemas } from './operations.js';
import { statisticsSchemas } from './statistics.js';

export const ALL_SCHEMAS: Record<string, object> = {
  ...statisticsSchemas,
  ...operationsSchemas,
  ...entitySchemas,
};

/** publicUrl: the base of each schema's $id; undefined, the $id stays the root-relative path it is served at. */
export function schemaArtifacts(publicUrl?: string): Artifact[] {
  return Object.keys(ALL_SCHEMAS)
    .sort()
    .map((name) => {
      const schema = ALL_SCHEMAS[name] as { $id?: string };
      const $id = schema.$id && publicUrl ? `${publicUrl}${schema.$id}` : schema.$id;
      return {
        path: `schemas/${name}.schema.json`,
        bytes: Buffer.from(stableJson({ ...schema, ...($id ? { $id } : {}) })),
      };
    });
}

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

export function schemaArtifacts(): Artifact[] {
  return Object.keys(ALL_SCHEMAS)
    .sort()
    .map((name) => ({
      path: `schemas/${name}.schema.json`,
      bytes: Buffer.from(stableJson(ALL_SCHEMAS[name])),
    }));
}

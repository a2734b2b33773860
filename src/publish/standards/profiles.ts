// The published files that follow an external specification, checked at build against that
// specification's own JSON Schemas before sealing, as the contracts are against Dala's: the Data
// Package descriptor against the Data Package 2.0 profiles (draft-07, vendored unchanged in
// vendor/frictionless-datapackage-2.0), each resource and Table Schema against theirs; each dataset's
// JSON-stat file (data/datasets/<id>.jsonstat.json) against the JSON-stat 2.0 collection schema, and
// each dataset it embeds against the dataset schema (2020-12, vendored unchanged in
// vendor/json-stat-2.0), so a document a JSON-stat reader would refuse is never sealed. The DCAT-AP
// catalogue is RDF: its specification states its constraints as SHACL shapes, not as a JSON Schema,
// so the report names it as checked by SHACL outside the build (test/standards-dcat.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAjv, type ValidateFunction } from '../../lib/ajv.js';
import { PROJECT_ROOT } from '../../lib/config.js';
import { isJsonStatPath } from '../../lib/jsonstat-cube.js';
import type { Artifact } from '../artifact.js';
import { SchemaViolation } from '../validate.js';

const PROFILES_DIR = join(PROJECT_ROOT, 'vendor', 'frictionless-datapackage-2.0');
const PROFILE_NAMES = ['datapackage.json', 'dataresource.json', 'tableschema.json'] as const;
type ProfileName = (typeof PROFILE_NAMES)[number];
const JSONSTAT_DIR = join(PROJECT_ROOT, 'vendor', 'json-stat-2.0');
const JSONSTAT_NAMES = ['collection.json', 'dataset.json'] as const;
type JsonStatName = (typeof JSONSTAT_NAMES)[number];

/** valid: true when checked at build; null when the build cannot check it (the note says how it is checked). */
export interface StandardCheck {
  path: string;
  specification: string;
  checked_by: string;
  valid: true | null;
}

const readSchema = (dir: string, name: string) =>
  JSON.parse(readFileSync(join(dir, name), 'utf8')) as object;

let compiled: Map<ProfileName, ValidateFunction> | null = null;
function profiles(): Map<ProfileName, ValidateFunction> {
  if (compiled) return compiled;
  // The profiles carry the Frictionless site's own keywords (propertyOrder, context): not strict.
  const ajv = makeAjv({ dialect: 'draft-07', formats: true });
  ajv.addFormat('textarea', true); // an editor hint of the Frictionless site, not a constraint
  compiled = new Map(
    PROFILE_NAMES.map((name) => [name, ajv.compile(readSchema(PROFILES_DIR, name))]),
  );
  return compiled;
}

let jsonStatCompiled: Map<JsonStatName, ValidateFunction> | null = null;
function jsonStatSchemas(): Map<JsonStatName, ValidateFunction> {
  if (jsonStatCompiled) return jsonStatCompiled;
  const ajv = makeAjv({ dialect: '2020-12', formats: true });
  jsonStatCompiled = new Map(
    JSONSTAT_NAMES.map((name) => [name, ajv.compile(readSchema(JSONSTAT_DIR, name))]),
  );
  return jsonStatCompiled;
}

/** Throws naming the file, the schema and the JSON pointer (prefix + the error's own) of the first error. */
function check(
  file: string,
  schema: string,
  validate: ValidateFunction,
  value: unknown,
  prefix = '',
): void {
  if (validate(value)) return;
  const e = validate.errors?.[0];
  throw new SchemaViolation(
    file,
    schema,
    prefix + (e?.instancePath ?? ''),
    `${e?.message ?? 'invalid'} ${e ? JSON.stringify(e.params) : ''}`,
  );
}
const checkProfile = (file: string, name: ProfileName, value: unknown) =>
  check(file, `Data Package 2.0 ${name}`, profiles().get(name)!, value);

/**
 * A dataset's JSON-stat collection against the collection schema, and each embedded dataset against
 * the dataset schema. An embedded dataset carries no `version` of its own: JSON-stat 2.0 states the
 * version once, on the response, and the dataset schema requires it, so each is checked with the
 * collection's.
 */
function checkJsonStat(file: string, bytes: Buffer): void {
  const schemas = jsonStatSchemas();
  const doc = JSON.parse(bytes.toString('utf8')) as {
    version?: unknown;
    link?: { item?: unknown[] };
  };
  check(file, 'JSON-stat 2.0 collection.json', schemas.get('collection.json')!, doc);
  (doc.link?.item ?? []).forEach((item, i) =>
    check(
      file,
      'JSON-stat 2.0 dataset.json',
      schemas.get('dataset.json')!,
      { version: doc.version, ...(item as object) },
      `/link/item/${i}`,
    ),
  );
}

/** Validates the standards' files among the artifacts; throws naming the file, the profile and the JSON pointer. */
export function validateStandards(artifacts: readonly Artifact[]): StandardCheck[] {
  const report: StandardCheck[] = [];
  const pkg = artifacts.find((a) => a.path === 'datapackage.json');
  if (pkg?.bytes) {
    const descriptor = JSON.parse(pkg.bytes.toString('utf8')) as {
      resources?: { schema?: unknown }[];
    };
    checkProfile('data/datapackage.json', 'datapackage.json', descriptor);
    (descriptor.resources ?? []).forEach((r, i) => {
      checkProfile(`data/datapackage.json#/resources/${i}`, 'dataresource.json', r);
      if (r.schema !== undefined)
        checkProfile(`data/datapackage.json#/resources/${i}/schema`, 'tableschema.json', r.schema);
    });
    report.push({
      path: 'data/datapackage.json',
      specification: 'Frictionless Data Package 2.0',
      checked_by: 'JSON Schema profiles datapackage.json, dataresource.json, tableschema.json',
      valid: true,
    });
  }
  for (const a of artifacts) {
    if (!a.bytes || !isJsonStatPath(a.path)) continue;
    checkJsonStat(`data/${a.path}`, a.bytes);
    report.push({
      path: `data/${a.path}`,
      specification: 'JSON-stat 2.0',
      checked_by: 'JSON Schemas collection.json and, for each embedded dataset, dataset.json',
      valid: true,
    });
  }
  for (const path of ['dcat-catalog.jsonld', 'dcat-catalog.ttl', 'dcat-catalog.rdf']) {
    if (!artifacts.some((a) => a.path === path)) continue;
    report.push({
      path: `data/${path}`,
      specification: 'DCAT-AP 3.0.0',
      checked_by:
        "not at build: DCAT-AP states its constraints as SHACL shapes, not a JSON Schema; the project's test suite checks this file against them",
      valid: null,
    });
  }
  return report;
}

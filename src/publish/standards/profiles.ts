// The published files that follow an external specification, checked at build against that
// specification's own JSON Schemas before sealing, as the contracts are against Dala's: the Data
// Package descriptor against the Data Package 2.0 profiles (draft-07, vendored unchanged in
// vendor/frictionless-datapackage-2.0), each resource and Table Schema against theirs. The DCAT-AP
// catalogue is RDF: its specification states its constraints as SHACL shapes, not as a JSON Schema,
// so the report names it as checked by SHACL outside the build (test/standards-dcat.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAjv, type ValidateFunction } from '../../lib/ajv.js';
import { PROJECT_ROOT } from '../../lib/config.js';
import type { Artifact } from '../artifact.js';
import { SchemaViolation } from '../validate.js';

const PROFILES_DIR = join(PROJECT_ROOT, 'vendor', 'frictionless-datapackage-2.0');
const PROFILE_NAMES = ['datapackage.json', 'dataresource.json', 'tableschema.json'] as const;
type ProfileName = (typeof PROFILE_NAMES)[number];

/** valid: true when checked at build; null when the build cannot check it (the note says how it is checked). */
export interface StandardCheck {
  path: string;
  specification: string;
  checked_by: string;
  valid: true | null;
}

let compiled: Map<ProfileName, ValidateFunction> | null = null;
function profiles(): Map<ProfileName, ValidateFunction> {
  if (compiled) return compiled;
  // The profiles carry the Frictionless site's own keywords (propertyOrder, context): not strict.
  const ajv = makeAjv({ dialect: 'draft-07', formats: true });
  ajv.addFormat('textarea', true); // an editor hint of the Frictionless site, not a constraint
  compiled = new Map(
    PROFILE_NAMES.map((name) => [
      name,
      ajv.compile(JSON.parse(readFileSync(join(PROFILES_DIR, name), 'utf8')) as object),
    ]),
  );
  return compiled;
}

function check(file: string, name: ProfileName, value: unknown): void {
  const validate = profiles().get(name)!;
  if (validate(value)) return;
  const e = validate.errors?.[0];
  throw new SchemaViolation(
    file,
    `Data Package 2.0 ${name}`,
    e?.instancePath ?? '',
    `${e?.message ?? 'invalid'} ${e ? JSON.stringify(e.params) : ''}`,
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
    check('data/datapackage.json', 'datapackage.json', descriptor);
    (descriptor.resources ?? []).forEach((r, i) => {
      check(`data/datapackage.json#/resources/${i}`, 'dataresource.json', r);
      if (r.schema !== undefined)
        check(`data/datapackage.json#/resources/${i}/schema`, 'tableschema.json', r.schema);
    });
    report.push({
      path: 'data/datapackage.json',
      specification: 'Frictionless Data Package 2.0',
      checked_by: 'JSON Schema profiles datapackage.json, dataresource.json, tableschema.json',
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

// Loads the hand-written tables in sources/ (docs/interface.md §11.2): every row is
// validated against its JSON Schema (table-schemas.ts), then the tables are cross-checked
// together (hand-table-checks.ts). Any fault stops the load with an error naming the file,
// the row and the field, e.g. `sources/regions.json row 7 field slug: must match ^[a-z0-9-]+$`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeAjv, type Ajv, type ErrorObject, type ValidateFunction } from '../lib/ajv.js';
import type { HandTables } from './records.js';
import { TABLE_SCHEMAS, type TableFile } from './table-schemas.js';
import { checkHandTables } from './hand-table-checks.js';
import { HandTableError, type TableIssue } from './table-issue.js';

const FILES: Record<keyof HandTables, TableFile> = {
  regions: 'regions.json',
  districtCorrections: 'district-corrections.json',
  districtCoverage: 'district-bulletin-coverage.json',
  institutions: 'institutions.json',
  events: 'events.json',
  legacyPlaces: 'legacy-places.json',
  media: 'media-sample.json',
};

/** Files are named as the project knows them (sources/<file>), wherever the directory lives. */
export const tableLabel = (file: string): string => `sources/${file}`;

// One validator per schema, compiled once: the hand tables' and the registry's (src/sources/registry).
let ajv: Ajv | undefined;
const validators = new WeakMap<object, ValidateFunction>();
function validatorFor(schema: object): ValidateFunction {
  if (!ajv) {
    ajv = makeAjv({ dialect: '2020-12', allErrors: true, strict: true, formats: true });
  }
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
  return validate;
}

/** The faults of one table against its schema, each named by file, row and field. */
export function schemaIssues(file: string, value: unknown, schema: object): TableIssue[] {
  const validate = validatorFor(schema);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => toIssue(file, e));
}

export async function loadHandTables(sourcesDir: string): Promise<HandTables> {
  const issues: TableIssue[] = [];
  const loaded: Partial<Record<keyof HandTables, unknown>> = {};
  for (const [key, file] of Object.entries(FILES) as [keyof HandTables, TableFile][]) {
    const value = await readTable(sourcesDir, file, issues);
    if (value === undefined) continue;
    const faults = schemaIssues(file, value, TABLE_SCHEMAS[file]);
    if (faults.length === 0) loaded[key] = value;
    else issues.push(...faults);
  }
  // Cross-checks need every table in its schema's shape, so they run only on a clean load.
  if (issues.length > 0) throw new HandTableError(issues);
  const tables = loaded as HandTables;
  const crossIssues = checkHandTables(tables);
  if (crossIssues.length > 0) throw new HandTableError(crossIssues);
  return tables;
}

/** A table of sources/ parsed as JSON; a file that cannot be read or parsed is an issue, and undefined. */
export async function readTable(dir: string, file: string, issues: TableIssue[]): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(join(dir, file), 'utf8');
  } catch (err) {
    issues.push({ file: tableLabel(file), row: null, field: '(file)', message: `cannot be read: ${(err as Error).message}` });
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    issues.push({ file: tableLabel(file), row: null, field: '(file)', message: `is not valid JSON: ${(err as Error).message}` });
    return undefined;
  }
}

/** Turns an Ajv error into file/row/field: `/7/name/kk` -> row 7, field name.kk. */
function toIssue(file: string, e: ErrorObject): TableIssue {
  const segments = e.instancePath.split('/').slice(1).map(decodePointer);
  // Rows are the array items: the top-level array, or `publications` in the media sample.
  if (file === 'media-sample.json' && segments[0] === 'publications' && isIndex(segments[1])) segments.shift();
  const row = isIndex(segments[0]) && (file !== 'media-sample.json' || e.instancePath.startsWith('/publications/'))
    ? Number(segments.shift())
    : null;
  const params = e.params as Record<string, unknown>;
  let message = e.message ?? 'is invalid';
  if (e.keyword === 'required') {
    segments.push(String(params.missingProperty));
    message = 'is required';
  } else if (e.keyword === 'additionalProperties') {
    segments.push(String(params.additionalProperty));
    message = 'is not an allowed field';
  } else if (e.keyword === 'pattern') {
    message = `must match ${String(params.pattern)}`;
  } else if (e.keyword === 'enum') {
    message = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return { file: tableLabel(file), row, field: fieldPath(segments), message };
}

const isIndex = (s: string | undefined): s is string => s !== undefined && /^[0-9]+$/.test(s);
const decodePointer = (s: string): string => s.replace(/~1/g, '/').replace(/~0/g, '~');

function fieldPath(segments: string[]): string {
  if (segments.length === 0) return '(root)';
  return segments.map((s, i) => (isIndex(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

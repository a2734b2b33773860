// data/datapackage.json of the real release: a Data Package 2.0 descriptor that validates against the
// specification's own JSON Schemas (shared/reference/frictionless-datapackage-2.0) and lists every
// CSV under /data/, each of which matches its Table Schema row by row, keys included.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import Ajv from 'ajv';
import { parse } from 'csv-parse/sync';
import addFormatsImport from 'ajv-formats';
import { PROJECT_ROOT } from '../src/lib/config.js';
import { validateStandards } from '../src/publish/standards/profiles.js';
import { SchemaViolation } from '../src/publish/validate.js';
import { verifyRelease } from '../src/release/verify.js';
import { realRelease } from './support/release.js';
import { checkCsv, type TableSchema } from './support/table-schema.js';

const PROFILES = [
  join(PROJECT_ROOT, '../shared/reference/frictionless-datapackage-2.0'),
  '/work/shared/reference/frictionless-datapackage-2.0',
];
function profile(name: string): object {
  for (const dir of PROFILES) {
    try {
      return JSON.parse(readFileSync(join(dir, name), 'utf8')) as object;
    } catch {
      // next location
    }
  }
  throw new Error(`Data Package profile ${name} not found`);
}

interface Resource {
  name: string;
  path: string;
  dialect?: { delimiter: string; lineTerminator: string; quoteChar: string; header: boolean };
  schema: TableSchema;
  licenses?: { name?: string; path?: string }[];
  sources?: { title: string }[];
}

describe('the Data Package of the real release', () => {
  let dir: string;
  let descriptor: { resources: Resource[] };
  let csvPaths: string[];
  before(async () => {
    const { releasesDir, revision } = await realRelease();
    dir = join(releasesDir, revision);
    csvPaths = (await verifyRelease(dir)).files
      .filter((f) => f.path.startsWith('data/') && f.path.endsWith('.csv'))
      .map((f) => f.path.slice(5));
    descriptor = JSON.parse(readFileSync(join(dir, 'data/datapackage.json'), 'utf8')) as {
      resources: Resource[];
    };
  });

  test('the descriptor, each resource and each Table Schema validate against the Data Package 2.0 profiles', () => {
    // The profiles are draft-07 and carry the site's own keywords (propertyOrder): not strict.
    const ajv = new Ajv.default({ strict: false, allErrors: true });
    (addFormatsImport as unknown as (a: typeof ajv) => void)(ajv);
    for (const [name, value] of [
      ['datapackage.json', descriptor],
      ...descriptor.resources.flatMap((r) => [
        ['dataresource.json', r],
        ['tableschema.json', r.schema],
        ['tabledialect.json', r.dialect],
      ]),
    ] as [string, unknown][]) {
      const validate =
        ajv.getSchema(name) ?? (ajv.addSchema(profile(name), name), ajv.getSchema(name)!);
      assert.ok(validate(value), `${name}: ${ajv.errorsText(validate.errors)}`);
    }
  });

  test('the build checks the descriptor against the profiles and reports it; a descriptor that breaks them fails the build, naming the file and the pointer', () => {
    const report = JSON.parse(readFileSync(join(dir, 'evidence/validation.json'), 'utf8')) as {
      standards: { path: string; specification: string; valid: boolean | null }[];
    };
    assert.deepEqual(
      report.standards
        .filter((s) => s.specification !== 'JSON-stat 2.0') // test/standards-jsonstat-build-check.test.ts
        .map((s) => [s.path, s.specification, s.valid]),
      [
        ['data/datapackage.json', 'Frictionless Data Package 2.0', true],
        ['data/dcat-catalog.jsonld', 'DCAT-AP 3.0.0', null],
        ['data/dcat-catalog.ttl', 'DCAT-AP 3.0.0', null],
        ['data/dcat-catalog.rdf', 'DCAT-AP 3.0.0', null],
      ],
    );
    const broken = structuredClone(descriptor) as {
      resources: { schema: { fields: { type: string }[] } }[];
    };
    broken.resources[1]!.schema.fields[0]!.type = 'banana';
    assert.throws(
      () =>
        validateStandards([
          { path: 'datapackage.json', bytes: Buffer.from(JSON.stringify(broken)) },
        ]),
      (err: unknown) =>
        err instanceof SchemaViolation &&
        err.file === 'data/datapackage.json' &&
        err.pointer === '/resources/1/schema/fields/0/type',
    );
  });

  test('every CSV under /data/ is a resource, with its sources, and no resource names another file', () => {
    assert.deepEqual(descriptor.resources.map((r) => r.path).sort(), [...csvPaths].sort());
    for (const r of descriptor.resources)
      assert.ok(r.sources?.length, `${r.path} names its sources`);
  });

  test('a licence is given only as the sources state it: the Bureau tables carry none, the boundaries CC BY 4.0', () => {
    const byPath = new Map(descriptor.resources.map((r) => [r.path, r]));
    assert.equal(byPath.get('datasets/population.csv')?.licenses, undefined);
    assert.match(JSON.stringify(byPath.get('datasets/population.csv')), /Licence not stated/);
    assert.deepEqual(
      byPath
        .get('region-overview.csv')
        ?.licenses?.map((l) => l.name)
        .sort(),
      ['CC-BY-4.0', 'MIT'],
    );
  });

  test('every row of every CSV matches its Table Schema: types, required fields, missing values, unique primary key, foreign keys', () => {
    const rows = new Map<string, Record<string, string | null>[]>();
    for (const r of descriptor.resources)
      rows.set(r.name, checkCsv(r.path, readFileSync(join(dir, 'data', r.path)), r.schema));
    let checked = 0;
    for (const r of descriptor.resources) {
      for (const fk of r.schema.foreignKeys ?? []) {
        const target = new Set(
          rows
            .get(fk.reference.resource)!
            .map((row) => JSON.stringify(fk.reference.fields.map((f) => row[f]))),
        );
        for (const row of rows.get(r.name)!) {
          const values = fk.fields.map((f) => row[f]);
          if (values.some((v) => v === null)) continue; // Table Schema: a missing value references nothing
          assert.ok(
            target.has(JSON.stringify(values)),
            `${r.path}: ${fk.fields.join(',')} = ${values.join(',')} is not in ${fk.reference.resource}`,
          );
          checked++;
        }
      }
    }
    assert.ok(checked > 300, `foreign keys checked on ${checked} rows`);
    assert.ok([...rows.values()].reduce((n, r) => n + r.length, 0) > 8000);
  });
  test('every resource states its dialect, and each CSV read with exactly that dialect has the header width on every row', () => {
    for (const r of descriptor.resources) {
      assert.ok(r.dialect, `${r.path} states its dialect`);
      const text = readFileSync(join(dir, 'data', r.path), 'utf8');
      const rows = parse(text, {
        delimiter: r.dialect.delimiter,
        quote: r.dialect.quoteChar,
        record_delimiter: r.dialect.lineTerminator,
        bom: true,
      }) as string[][];
      assert.ok(rows.length > 1, r.path);
      const width = rows[0]!.length;
      assert.ok(width > 1, `${r.path}: the header splits into columns`);
      assert.ok(
        rows.every((row) => row.length === width),
        `${r.path}: every row has the header's ${width} cells`,
      );
    }
  });
});

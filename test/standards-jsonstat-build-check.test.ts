// The build checks each dataset's JSON-stat file against the JSON-stat 2.0 schemas (vendored in
// vendor/json-stat-2.0, the reference's bytes) before sealing, as it checks the Data Package against
// its profiles: the real release's evidence lists every file as valid, and a document that breaks the
// collection schema, or an embedded dataset that breaks the dataset schema, is refused by the build's
// own check (validateStandards), naming the file and the JSON pointer.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { PROJECT_ROOT } from '../src/lib/config.js';
import { validateStandards } from '../src/publish/standards/profiles.js';
import { SchemaViolation } from '../src/publish/validate.js';
import { verifyRelease } from '../src/release/verify.js';
import { realRelease } from './support/release.js';

const REFERENCE = [PROJECT_ROOT, '/work']
  .map((root) => join(root, '../shared/reference/json-stat-2.0'))
  .find((dir) => existsSync(dir));

interface Collection {
  class: string;
  link: { item: Record<string, unknown>[] };
}

describe('the build checks every JSON-stat file against the JSON-stat 2.0 schemas', () => {
  let dir: string;
  let jsonStatPaths: string[];
  before(async () => {
    const { releasesDir, revision } = await realRelease();
    dir = join(releasesDir, revision);
    jsonStatPaths = (await verifyRelease(dir)).files
      .map((f) => f.path)
      .filter((p) => /^data\/datasets\/[^/]+\.jsonstat\.json$/.test(p));
  });
  const sample = () =>
    JSON.parse(
      readFileSync(
        join(dir, 'data/datasets/consumer-price-index-components.jsonstat.json'),
        'utf8',
      ),
    ) as Collection;
  const refused = (doc: unknown, pointer: string, schema: string) =>
    assert.throws(
      () =>
        validateStandards([
          {
            path: 'datasets/consumer-price-index-components.jsonstat.json',
            bytes: Buffer.from(JSON.stringify(doc)),
          },
        ]),
      (err: unknown) =>
        err instanceof SchemaViolation &&
        err.file === 'data/datasets/consumer-price-index-components.jsonstat.json' &&
        err.pointer === pointer &&
        err.schema === schema,
    );

  test('the vendored schemas and licence are the reference copy, byte for byte', (t) => {
    if (!REFERENCE) return t.skip('../shared/reference/json-stat-2.0 is not on this machine');
    for (const [vendored, reference] of [
      ['collection.json', 'schemas/curated/bundled/collection.json'],
      ['dataset.json', 'schemas/curated/bundled/dataset.json'],
      ['LICENSE', 'LICENSE'],
    ])
      assert.ok(
        readFileSync(join(PROJECT_ROOT, 'vendor/json-stat-2.0', vendored!)).equals(
          readFileSync(join(REFERENCE, reference!)),
        ),
        vendored,
      );
  });

  test("the release's evidence lists every sealed JSON-stat file as checked and valid", () => {
    assert.ok(jsonStatPaths.length >= 40, `${jsonStatPaths.length} JSON-stat files`);
    const report = JSON.parse(readFileSync(join(dir, 'evidence/validation.json'), 'utf8')) as {
      standards: { path: string; specification: string; valid: boolean | null }[];
    };
    const checked = report.standards.filter((s) => s.specification === 'JSON-stat 2.0');
    assert.deepEqual(checked.map((s) => s.path).sort(), [...jsonStatPaths].sort());
    assert.ok(checked.every((s) => s.valid === true));
    assert.doesNotThrow(() =>
      validateStandards([
        {
          path: 'datasets/consumer-price-index-components.jsonstat.json',
          bytes: readFileSync(
            join(dir, 'data/datasets/consumer-price-index-components.jsonstat.json'),
          ),
        },
      ]),
    );
  });

  test('a collection that breaks the collection schema is refused, naming the file and the pointer', () => {
    const doc = sample();
    doc.class = 'bundle';
    refused(doc, '/class', 'JSON-stat 2.0 collection.json');
  });

  test('an embedded dataset that breaks the dataset schema is refused, naming the pointer into the collection', () => {
    const doc = sample();
    assert.ok(doc.link.item.length >= 5);
    delete doc.link.item[4]!.value; // every dataset has its values (JSON-stat 2.0 "value": required)
    refused(doc, '/link/item/4', 'JSON-stat 2.0 dataset.json');
    const sized = sample();
    sized.link.item[0]!.size = ['one']; // "size": an array of integers
    refused(sized, '/link/item/0/size/0', 'JSON-stat 2.0 collection.json');
  });
});

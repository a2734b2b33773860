// A footnote key printed twice under one table (bns-dynamic/NOTES.md, the youth table's sheet
// "employment status_ILO": "1) Structure of self-employed according to the standards of International
// Labour Organization", then "1) According to the sample survey of employment of the population ...",
// the title marked "1)" once). The reader keeps both texts under the key, so the marker reaches both
// and neither is chosen; a declaration whose words say only one of them fails the build.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import {
  readDynamicPoints,
  tableSpecOf,
  type DynamicPointsPart,
} from '../src/sources/bns-dynamic-points.js';
import { readDynamicTable } from '../src/sources/bns-dynamic-table.js';
import { dynamicTableSpec } from '../src/sources/registry/compile.js';
import { loadRegistry } from '../src/sources/registry/load.js';
import type { DynamicTableReader } from '../src/sources/registry/reader-schemas.js';

const FILE = join(snapshotsDir(), 'bns-dynamic/young_people_in_the_labour_market.xlsx');
const SHEET = 'employment status_ILO';

async function declared() {
  const registry = await loadRegistry(SOURCES_DIR, (p) => join(snapshotsDir(), p));
  const table = registry.tables.find((t) => t.source.id === 'bns-dyn-young-people')!;
  return dynamicTableSpec(table, table.reader as DynamicTableReader);
}

describe('a footnote key printed twice under one table', () => {
  test('both texts are kept under the key, in the order printed', async () => {
    const spec = await declared();
    const part = spec.parts.find((p) => p.sheet === SHEET)! as DynamicPointsPart;
    const t = await readDynamicTable(FILE, tableSpecOf(part));
    assert.match(
      t.footnotes.get('1)')!,
      /^Structure of self-employed according to the standards of International Labour Organization; and, printed under the same key, According to the sample survey of employment of the population\./u,
    );
  });

  test('words declared for one of the two texts fail the build', async () => {
    const spec = await declared();
    const one = {
      ...spec,
      footnotes: spec.footnotes.map((f) =>
        f.key === '1)' && f.sheet === SHEET
          ? {
              ...f,
              says: /^According to the sample survey of employment of the population\..*35 years\.$/u,
            }
          : f,
      ),
    };
    await assert.rejects(
      readDynamicPoints(FILE, one),
      /footnote "1\) Structure of self-employed .*" does not say/u,
    );
  });
});

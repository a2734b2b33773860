// The dynamic-table reader on the labour productivity bulletin of the Bureau (bns-dynamic/NOTES.md):
// the bulletin prints its number, date and its authors' names, telephones and e-mail under the table
// of sheet "4" (rows 27-31). A declared row ends the table there: nothing from it on is read, and a
// sheet without that row fails the build rather than reading on.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { readDynamicTable, type DynamicTableSpec } from '../src/sources/bns-dynamic-table.js';

const FILE = join(
  snapshotsDir(),
  'bns-dynamic/labour_productivity_by_region_by_activity_2024_9m.xlsx',
);
const SPEC: DynamicTableSpec = {
  sheet: '4',
  periods: 'flows',
  endsAt: '№ 4-3/443-ВН',
  blocks: [{ heading: null, id: 'index' }],
};

describe('a table that ends above its authors', () => {
  test('the rows of the table are read, and no cell at or under the bulletin number', async () => {
    const t = await readDynamicTable(FILE, SPEC);
    // 20 regions x 2022-2024 (1 quarter, January-June, 9 months, year; 2024 to 9 months)
    assert.equal(t.cells.length, 20 * 11);
    const rows = t.cells.map((c) => Number(/\d+$/u.exec(c.address)![0]));
    assert.equal(Math.max(...rows), 24);
    const shymkent = t.cells.find((c) => c.address === 'L24')!;
    assert.deepEqual(
      [shymkent.label, shymkent.value, shymkent.period.period],
      ['Shymkent city', 95.5, '2024-9M'],
    );
    assert.equal(t.footnotes.size, 0);
  });

  test('without the declared end the bulletin number is met as a heading, and the build fails there', async () => {
    const { endsAt: _, ...spec } = SPEC;
    await assert.rejects(
      readDynamicTable(FILE, spec),
      /cell A27, field label: a heading "№ 4-3\/443-ВН"/,
    );
  });

  test('a declared end the sheet does not print fails the build', async () => {
    await assert.rejects(
      readDynamicTable(FILE, { ...SPEC, endsAt: '№ 4-3/444-ВН' }),
      /no row "№ 4-3\/444-ВН" ends the table/,
    );
  });
});

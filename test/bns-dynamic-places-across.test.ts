// The dynamic-table reader on the Bureau's bulletin of labour productivity by region and branch
// (bns-dynamic/NOTES.md, sheets "1" and "2"): the regions as column groups, each name carried right
// over the parts of the year under it (1 quarter, January-June, 9 months: cumulative), the year
// printed alone above them; the branches down the rows with their glued footnote keys.
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
  sheet: '1',
  periods: 'flows',
  placesAcross: true,
  blocks: [{ heading: null, id: 'b' }],
};

describe('places as column groups over the parts of one year', () => {
  test('each cell has its region and its cumulative period of 2024', async () => {
    const t = await readDynamicTable(FILE, SPEC);
    const at = (a: string) => t.cells.find((c) => c.address === a)!;
    assert.deepEqual(
      [at('B6').sub, at('B6').period.period, at('B6').value],
      ['Abay', '2024-Q1', 2134.5],
    );
    assert.deepEqual([at('D6').sub, at('D6').period.period], ['Abay', '2024-9M']);
    assert.deepEqual(
      [at('BI26').sub, at('BI26').period.period, at('BI26').label],
      ['Shymkent city', '2024-9M', 'Other service activities'],
    );
    assert.equal(t.cells.length, 21 * 20 * 3);
    // "Agriculture, forestry ang fisheries 1)": the key cut from the label, on its row's cells
    assert.deepEqual(at('C7').markers, ['1)']);
    assert.equal(at('C7').label, 'Agriculture, forestry ang fisheries');
    assert.equal(at('B9').label, 'Mining and quarrying');
  });

  test('without placesAcross no value is read under a period and the build fails', async () => {
    const { placesAcross: _, ...spec } = SPEC;
    await assert.rejects(readDynamicTable(FILE, spec), /sheet "1": block "b" has no rows/);
  });
});

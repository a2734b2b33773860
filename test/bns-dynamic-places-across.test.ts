// The dynamic-table reader on the Bureau's bulletin of labour productivity by region and branch
// (bns-dynamic/NOTES.md, sheets "1" and "2"): the regions as column groups, each name carried right
// over the parts of the year under it (1 quarter, January-June, 9 months: cumulative), the year
// printed alone above them; the branches down the rows with their glued footnote keys. And the table of
// the employed by activity and region (sheet "TEA_regions"): a block of rows under each year, the year
// printed as "2010 year" right of the unit, the regions changing from block to block.
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

  test('a block of rows under each year: "2010 year" over the regions of that year, read block by block', async () => {
    const spec: DynamicTableSpec = {
      sheet: 'TEA_regions',
      periods: 'flows',
      placesAcross: true,
      repeatedHeaders: true,
      ignore: ['thsd. persons'],
      unprintedKeys: ['1)', '2)', '3)'],
      blocks: [{ heading: null, id: 'b' }],
    };
    const t = await readDynamicTable(
      join(snapshotsDir(), 'bns-dynamic/employed_population_by_economic_activity.xlsx'),
      spec,
    );
    const at = (a: string) => t.cells.find((c) => c.address === a)!;
    // 2010 (row 3 "2010 year"): the country first, 18 groups of five columns
    assert.deepEqual(
      [at('B6').sub, at('B6').period.period, at('B6').value],
      ['Republic of Kazakhstan', '2010-Q1', 8029.3],
    );
    // 2011 (row 32): the same columns are the next year's
    assert.deepEqual(
      [at('G35').sub, at('G35').period.period, at('G35').value],
      ['Akmolinskaya', '2011-Q1', 418.4],
    );
    // 2022 (row 333): Abai in the second group, Shimkent city in columns CX-DB
    assert.deepEqual([at('G336').sub, at('G336').period.period], ['Abai', '2022-Q1']);
    assert.deepEqual(
      [at('DB406').sub, at('DB406').period.period, at('DB406').value],
      ['Shimkent city', '2024', 8.2],
    );
    // the keys glued to the parts of the year have no text here: said on their values
    assert.match(
      at('AQ336').notes.join(' '),
      /no text for footnote 3\) \(marked on "Jetisu 2022 II quarter3\)"\)/u,
    );
    assert.equal(t.cells.length, 30_375);
  });

  test("without repeatedHeaders the second year's header is read as values of the first and the build fails", async () => {
    await assert.rejects(
      readDynamicTable(
        join(snapshotsDir(), 'bns-dynamic/employed_population_by_economic_activity.xlsx'),
        {
          sheet: 'TEA_regions',
          periods: 'flows',
          placesAcross: true,
          ignore: ['thsd. persons'],
          unprintedKeys: ['1)', '2)', '3)'],
          blocks: [{ heading: null, id: 'b' }],
        },
      ),
      /cell B32 \("thsd. persons", "Republic of Kazakhstan 2010 I quarter"\), field value: expected a number, .* found "2011 year"/u,
    );
  });
});

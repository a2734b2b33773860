// The Bureau's labour productivity by region and branch, January-September 2024 (bns-dynamic/NOTES.md,
// the bulletin's sheets "1" and "2", regions as column groups) in the release built from the pinned
// snapshots, through the production app: every cell equal to its raw cell at its region and cumulative
// period; the footnotes on their rows; the indices of mining printed 0 flagged as doubtful.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { servedDynamicTables } from './support/dynamic-release.js';

// sheet "2", cell BG6: Shymkent city, total by industry, 1 quarter of 2024 against 1 quarter of 2023
const SHYMKENT_Q1 = 106.3;
const SOURCE = 'bns-dyn-labour-productivity-by-region-2024-9m';

describe("the bulletin's labour productivity by region and branch in the real release", () => {
  const { observation, compareEveryCell } = servedDynamicTables();

  test('every cell of sheets "1" and "2" equals its raw cell through v1', async () => {
    assert.equal(await compareEveryCell(SOURCE, 2), 21 * 20 * 3);
    assert.equal(await compareEveryCell(SOURCE, 3), 21 * 20 * 3);
  });

  test('a region column group is that region: Atyrau 9 months, Shymkent 1 quarter', async () => {
    assert.equal(
      (await observation('labour_productivity_gva_per_employed_by_region', 'KZ-23', '2024-9M'))
        .value,
      24940.2,
    );
    assert.equal(
      (await observation('labour_productivity_index_by_region', 'KZ-79', '2024-Q1')).value,
      SHYMKENT_Q1,
    );
    const agri = await observation(
      'labour_productivity_gva_per_employed_agriculture_by_region',
      'KZ-10',
      '2024-H1',
    );
    assert.equal(agri.value, 2805.6);
    assert.match(
      agri.note,
      /footnote 1\) of the table: Labor productivity in "Agriculture, forestry and fisheries"/,
    );
    assert.match(
      (await observation('labour_productivity_index_real_estate_by_region', 'KZ-75', '2024-9M'))
        .note,
      /footnote 2\) of the table: According to the 2008 SNA/,
    );
  });

  test("mining's index printed 0 in Astana and Almaty city is flagged; the productivity 0 of Almaty city is a value", async () => {
    for (const place of ['KZ-71', 'KZ-75']) {
      const o = await observation('labour_productivity_index_mining_by_region', place, '2024-9M');
      assert.equal(o.value, 0);
      assert.equal(o.status, 'suspicious');
    }
    const almaty = await observation(
      'labour_productivity_gva_per_employed_mining_by_region',
      'KZ-75',
      '2024-9M',
    );
    assert.deepEqual([almaty.value, almaty.status], [0, 'final']);
    assert.equal(
      (
        await observation(
          'labour_productivity_gva_per_employed_mining_by_region',
          'KZ-71',
          '2024-9M',
        )
      ).value,
      9.2,
    );
  });
});

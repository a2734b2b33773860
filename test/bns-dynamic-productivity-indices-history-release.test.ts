// The Bureau's labour productivity indices before 2010 and by NACE division (bns-dynamic/NOTES.md,
// labour_productivity_indices.xls: the sheets "2002-2010", "2007-2009", "Agriculture, forestry and f."
// and "Information and comm.") in the release built from the pinned snapshots, through the production
// app: every published cell equal to its raw cell; a key two sheets print (2010 of "2002-2010", the
// total of "2007-2009") published once and equal in both; the Information sheet's first four rows,
// a copy of the Agriculture sheet's, read and not published; sections A and J equal to the sheets
// that publish them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

const INDICES = 'bns-dyn-labour-productivity-indices';
const DIVISIONS = 'bns-dyn-labour-productivity-indices-divisions';
// 27 periods of the sheets by division (2018 to 9 months of 2024), 23 of their 2019 = 100 blocks
const PREV_PERIODS = 27;
const BASE_PERIODS = 23;

describe('the labour productivity indices before 2010 and by division in the real release', () => {
  const served = servedDynamicTables();
  const { observation, compareEveryCell } = served;

  test('every cell of "2002-2010" and "2007-2009" equals its raw cell through v1', async () => {
    // 3 rows x 9 years x 4 periods; 16 rows x 3 years x 4 periods
    assert.equal(await compareEveryCell(INDICES, 1), 3 * 9 * 4);
    assert.equal(await compareEveryCell(INDICES, 2), 16 * 3 * 4);
  });

  test("the total reaches back to 2002 and 2010 is the later sheet's, read twice and published once", async () => {
    // "2002-2010"!B7: all branches, 1 quarter of 2002
    assert.equal((await observation('labour_productivity_index', 'KZ', '2002-Q1')).value, 107.5);
    const { raw } = await declaredPart(INDICES, 1);
    const twice = raw.cells.filter((c) => c.period.period.startsWith('2010'));
    assert.equal(twice.length, 3 * 4);
    const body = await served.json(
      '/api/v1/observations?indicator=labour_productivity_index_goods&place=KZ&period=2010',
    );
    assert.equal(body.data.length, 1);
    assert.equal(body.data[0].value, 103.7);
  });

  test('every published cell of the sheets by division equals its raw cell through v1', async () => {
    // Agriculture: 01, 02, 03 in both blocks (section A left out)
    assert.equal(await compareEveryCell(DIVISIONS, 0), 3 * (PREV_PERIODS + BASE_PERIODS));
    // Information: 61, 62, 63 and 61-63 to the previous year; 58-60, 58 ... 63, 61-63 against 2019
    assert.equal(await compareEveryCell(DIVISIONS, 1), 4 * PREV_PERIODS);
    assert.equal(await compareEveryCell(DIVISIONS, 2), 8 * BASE_PERIODS);
  });

  test("the Information sheet's first four rows copy the Agriculture sheet's and are not published", async () => {
    const agriculture = (await declaredPart(DIVISIONS, 0)).raw.cells.filter((c) => c.block === '0');
    const information = (await declaredPart(DIVISIONS, 1)).raw.cells.filter((c) => c.block === '0');
    const copied = [
      'Information (58,59,60-NACE)',
      'Publishing activities',
      'Production of film , video and television programs, phonograms and music recordings',
      'Programming and broadcasting activities',
    ];
    const rowsOf = (cells: typeof agriculture, labels: string[]) =>
      labels.map((l) => cells.filter((c) => c.label === l).map((c) => c.value));
    const original = rowsOf(agriculture, [
      'Crop and animal husbandry, hunting and provision of services in these areas',
      'Forestry and logging',
      'Fisheries and aquaculture',
      'Agriculture, forestry and fisheries',
    ]);
    assert.deepEqual(rowsOf(information, copied), original);
    assert.equal(original.flat().length, 4 * PREV_PERIODS);
    const status = async (id: string) =>
      (await fetch(`${served.base()}/api/v1/indicators/${encodeURIComponent(`indicator:${id}`)}`))
        .status;
    assert.equal(await status('labour_productivity_index_publishing'), 404);
    assert.equal(await status('labour_productivity_index_2019_100_publishing'), 200);
    // its own 2019 = 100 block: publishing 2020 against 2019 is 205.8, not forestry's 86.8 of the copy
    assert.equal(
      (await observation('labour_productivity_index_2019_100_publishing', 'KZ', '2020-Q1')).value,
      205.8,
    );
  });

  test('sections A and J equal the agriculture and ICT of the sheets that publish them', async () => {
    const pairs = [
      [0, 'Agriculture, forestry and fisheries', 'agriculture'],
      [1, 'Information and communication', 'ict'],
      [2, 'Information and communication', 'ict'],
    ] as const;
    let compared = 0;
    for (const [index, label, branch] of pairs) {
      const { raw } = await declaredPart(DIVISIONS, index);
      for (const c of raw.cells.filter((x) => x.label === label)) {
        if (index === 1 && c.block === '1') continue;
        if (index === 2 && c.block === '0') continue;
        const id =
          c.block === '0'
            ? `labour_productivity_index_${branch}`
            : `labour_productivity_index_2019_100_${branch}`;
        assert.equal((await observation(id, 'KZ', c.period.period)).value, c.value, c.address);
        compared++;
      }
    }
    assert.equal(compared, 2 * PREV_PERIODS + 2 * BASE_PERIODS);
  });
});

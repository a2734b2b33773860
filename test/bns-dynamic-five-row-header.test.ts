// The dynamic-table reader on a header five rows deep (bns-dynamic/NOTES.md, the Social Code table's
// sheet "by status"): the year, the quarter (carried right over its three columns; the years from 2019
// printed alone), the columns under each quarter named by the two rows under it ("Self-employed",
// "including" over "productively employed", "unproductively employed"), and the block's heading
// printed over each group of columns ("All population", "Male", "Female"; three of them in Russian).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { readDynamicTable, type DynamicTableSpec } from '../src/sources/bns-dynamic-table.js';

const FILE = join(snapshotsDir(), 'bns-dynamic/self_employed_according_to_social_code.xlsx');
const SPEC: DynamicTableSpec = {
  sheet: 'by status',
  periods: 'flows',
  headingsInValues: true,
  headerMisprints: { '2019 3)': '2019 4)', Мужчины: 'Male', Женщины: 'Female' },
  subColumns: ['Self-employed', 'including productively employed', 'unproductively employed'],
  blocks: [
    { heading: 'All population', id: 'all' },
    { heading: 'Male', id: 'male' },
    { heading: 'Female', id: 'female' },
  ],
};

describe('a header of the year, the quarter and two rows of column names, over blocks headed in the value columns', () => {
  test('each cell has its period, its named column and its block', async () => {
    const t = await readDynamicTable(FILE, SPEC);
    const at = (a: string) => t.cells.find((c) => c.address === a)!;
    const of = (a: string) => [
      at(a).block,
      at(a).label,
      at(a).period.period,
      at(a).sub,
      at(a).value,
    ];
    assert.deepEqual(of('B9'), [
      'all',
      'Republic of Kazakhstan',
      '2013-Q1',
      'Self-employed',
      2634753,
    ]);
    // the quarter carries right over the two status columns under "including"
    assert.deepEqual(of('C9'), [
      'all',
      'Republic of Kazakhstan',
      '2013-Q1',
      'including productively employed',
      1534844,
    ]);
    assert.deepEqual(of('D9'), [
      'all',
      'Republic of Kazakhstan',
      '2013-Q1',
      'unproductively employed',
      1099909,
    ]);
    // 2019 on: the year alone, its key 3) read as the 4) printed under the table, said on the value
    assert.deepEqual(of('CN9'), [
      'all',
      'Republic of Kazakhstan',
      '2019',
      'Self-employed',
      2099249,
    ]);
    assert.deepEqual(at('CN9').markers, ['1)', '4)']);
    assert.match(at('CN9').notes.join(' '), /the header "2019 3\)" is read as "2019 4\)"/u);
    // the block "Male" opens at row 31 although AX31 and BM31 print "Мужчины"
    assert.deepEqual(of('B32'), [
      'male',
      'Republic of Kazakhstan',
      '2013-Q1',
      'Self-employed',
      1390767,
    ]);
    assert.deepEqual(of('DE76'), [
      'female',
      'Shymkent city',
      '2024',
      'unproductively employed',
      697,
    ]);
    assert.equal(t.cells.length, 3 * 22 * 36 * 3);
  });

  test('a heading printed in Russian that the declaration does not read as meant fails the build', async () => {
    await assert.rejects(
      readDynamicTable(FILE, { ...SPEC, headerMisprints: { '2019 3)': '2019 4)' } }),
      /cell A31, field label: values in a row without a label/u,
    );
  });
});

// The dynamic-table reader on the Bureau's monthly housing prices (bns-dynamic/NOTES.md, housing
// prices, sheet "din rental housing"): month names across and a year in the label column of each
// row, each cell the month of its row's year; the second block under its own heading and the months
// repeated; the note under the table printed without its key, declared with the key the titles carry.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { readDynamicTable, type DynamicTableSpec } from '../src/sources/bns-dynamic-table.js';

const FILE = join(snapshotsDir(), 'bns-dynamic/housing_market_prices.xls');
const SPEC: DynamicTableSpec = {
  sheet: 'din rental housing',
  periods: 'flows',
  yearsDown: true,
  repeatedHeaders: true,
  ignore: ['in tenge per 1 square meter'],
  keylessFootnotes: { '*': 'The source of the weight components' },
  blocks: [
    { heading: null, id: 'resale' },
    {
      heading: 'Average rental prices for comfortable housing in the Republic of Kazakhstan',
      id: 'rent',
    },
  ],
};

describe('years down the rows, months across', () => {
  test("each cell is the month of its row's year, in both blocks", async () => {
    const t = await readDynamicTable(FILE, SPEC);
    const at = (a: string) => t.cells.find((c) => c.address === a)!;
    assert.equal(at('B5').period.period, '2016-01');
    assert.equal(at('M10').period.period, '2021-12');
    assert.equal(at('M10').value, 397878);
    assert.equal(at('B16').period.period, '2015-01');
    assert.equal(at('B16').block, 'rent');
    assert.equal(t.cells.filter((c) => c.block === 'resale').length, 6 * 12);
    assert.equal(t.cells.filter((c) => c.block === 'rent').length, 7 * 12);
    // the titles' "*" (A1, and A12 cut from the heading) reaches every value
    assert.ok(t.cells.every((c) => c.markers.includes('*')));
    assert.match(
      t.footnotes.get('*')!,
      /^The source of the weight components for the resale of apartments/,
    );
  });

  test('without yearsDown the months have no year; without the keyless note the row is an undeclared heading', async () => {
    const { yearsDown: _, ...noYears } = SPEC;
    await assert.rejects(readDynamicTable(FILE, noYears), /no header row of periods/);
    const { keylessFootnotes: __, ...noNote } = SPEC;
    await assert.rejects(
      readDynamicTable(FILE, noNote),
      /cell A24, field label: a heading "The source of the weight components/,
    );
  });
});

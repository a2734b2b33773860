// The dynamic-table reader's periods down the rows (`periodsDown`), on the pinned "Consumer price index
// in the Republic of Kazakhstan" 2022-2025 (bns-dynamic/NOTES.md): a year alone in column A, its months
// under it, and sixteen columns named by three header rows (the base across four columns, then the
// group, then food and non-food under "goods").
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { readDynamicTable, type DynamicTableSpec } from '../src/sources/bns-dynamic-table.js';

const FILE = join(snapshotsDir(), 'bns-dynamic', 'cpi_and_its_components_2022_2025.xlsx');
const BASES = [
  'To the previous month',
  'By December of the previous year',
  'To the corresponding month of the previous year',
  'To the corresponding period of the previous year',
];
const spec = (headings = BASES): DynamicTableSpec => ({
  sheet: 'CPI',
  periods: 'flows',
  periodsDown: true,
  blocks: headings.map((heading, i) => ({ heading, id: String(i) })),
});

describe('periods down the rows, series across', () => {
  test('each cell is its column (the lowest header name, under the base carried right) at its month', async () => {
    const t = await readDynamicTable(FILE, spec());
    const at = (address: string) => t.cells.find((c) => c.address === address)!;
    // B7: goods and services, January 2022 on December 2021
    assert.deepEqual(
      [at('B7').label, at('B7').block, at('B7').period.period, at('B7').value],
      ['goods and services', '0', '2022-01', 100.7],
    );
    // C7 and D7: food and non-food, printed under "goods"; E7 paid services
    assert.deepEqual(
      [at('C7').label, at('D7').label, at('E7').label],
      ['food', 'non-food', 'paid services'],
    );
    // G9: food by December of the previous year (the base printed once, over F-I), March 2022
    assert.deepEqual(
      [at('G9').label, at('G9').block, at('G9').period.period, at('G9').value],
      ['food', '1', '2022-03', 108.2],
    );
    // Q48: paid services, January-March 2025 on the same months of 2024
    assert.deepEqual(
      [at('Q48').block, at('Q48').period.period, at('Q48').value],
      ['3', '2025-03', 114.1],
    );
    // 16 columns, January 2022 to March 2025 (39 months), each once
    assert.equal(t.cells.length, 16 * 39);
    assert.equal(
      new Set(t.cells.map((c) => `${c.block}|${c.label}|${c.period.period}`)).size,
      16 * 39,
    );
  });

  test('a base the declaration does not name fails naming its cell', async () => {
    await assert.rejects(
      readDynamicTable(FILE, spec(BASES.slice(0, 3))),
      /cell N3, field label: a heading "To the corresponding period of the previous year" the declaration does not name/,
    );
  });

  test('read across, the sheet has no header of periods', async () => {
    const { periodsDown: _, ...across } = spec();
    await assert.rejects(readDynamicTable(FILE, across), /no header row of periods/);
  });
});

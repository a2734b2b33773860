// The dynamic-table reader's codes left of the labels (`codeColumn`), on the pinned "Gross value added
// and Volume index by sectors" (bns-dynamic/NOTES.md, oil and gas, raw sources sectors): column A
// holds NACE and product codes, some stored as numbers (422121100), some as text ("19201", "06 and
// 09"), beside the English names in column B; and the traps NOTES names for the file.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import {
  readDynamicTable,
  type DynamicCell,
  type DynamicTableSpec,
} from '../src/sources/bns-dynamic-table.js';

const cellAt = (cells: readonly DynamicCell[], address: string) => {
  const c = cells.find((x) => x.address === address);
  assert.ok(c, `no cell ${address}`);
  return c;
};
const FILE = join(snapshotsDir(), 'bns-dynamic', 'oil_and_gas_raw_sources_sectors.xlsx');
const sheet = (name: string, codes = true): DynamicTableSpec => ({
  sheet: name,
  periods: 'flows',
  labelColumn: 1,
  ...(codes ? { codeColumn: 0 } : {}),
  blocks: [{ heading: null, id: 'rows' }],
});

describe('codes left of the row labels', () => {
  test('a row whose code is a number is read by its name in the label column', async () => {
    const t = await readDynamicTable(FILE, sheet('GVA'));
    // A9 422121100 (a number), B9 its name, C9 2010
    const trunk = cellAt(t.cells, 'C9');
    assert.deepEqual(
      [trunk.label, trunk.value, trunk.period.period],
      ['Construction works on laying oil and gas trunk pipelines', 118962.1, '2010'],
    );
    // 32 rows (sectors and codes) over 2010-2023
    assert.equal(t.cells.length, 32 * 14);
  });

  test('without the option, a number in the label column fails naming its cell', async () => {
    await assert.rejects(
      readDynamicTable(FILE, sheet('GVA', false)),
      /cell A9, field value: a number in a label column/,
    );
  });

  test('the footnotes glued to the year headers and the empty cells read as the table prints them', async () => {
    const t = await readDynamicTable(FILE, sheet('Index'));
    // "20171)": 2017 with footnote 1) (the methodology of 2019); "20232)": 2023 republished
    assert.deepEqual(
      [cellAt(t.cells, 'J4').period.period, cellAt(t.cells, 'J4').markers],
      ['2017', ['1)']],
    );
    assert.deepEqual(
      [cellAt(t.cells, 'P4').period.period, cellAt(t.cells, 'P4').markers],
      ['2023', ['2)']],
    );
    assert.match(t.footnotes.get('1)')!, /^Since 2017, the calculations have been made/);
    // 46711 (wholesale of crude oil) has no value for 2010
    const empty = cellAt(t.cells, 'C13');
    assert.equal(empty.value, null);
    assert.match(empty.nullReason!, /empty cell/);
  });

  test('the structure sheet misprints the label of code 422122 as its own title', async () => {
    const t = await readDynamicTable(FILE, sheet('Structure'));
    // row 10 of "Structure" is code 422122, the local pipelines of row 10 of "GVA" and "Index"
    assert.equal(cellAt(t.cells, 'C10').label, 'Structure of GDP by the production method');
    const gva = await readDynamicTable(FILE, sheet('GVA'));
    assert.equal(
      cellAt(gva.cells, 'C10').label,
      'Construction works on laying local pipelines, including the subsidiary works',
    );
  });
});

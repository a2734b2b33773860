// The dynamic-table reader's rows under a group printed once (`groupColumn`) beside a column of units
// (`unitColumn`), on the pinned sheet "total" of the oil and gas sectors table (bns-dynamic/NOTES.md):
// the sector in column A on its first row only, its measures (GVA, volume index, share in GDP) in B, the
// unit in C, the years across from D.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { readDynamicTable, type DynamicTableSpec } from '../src/sources/bns-dynamic-table.js';

const FILE = join(snapshotsDir(), 'bns-dynamic', 'oil_and_gas_raw_sources_sectors.xlsx');
const spec = (extra: Partial<DynamicTableSpec>): DynamicTableSpec => ({
  sheet: 'total',
  periods: 'flows',
  labelColumn: 1,
  blocks: [{ heading: null, id: 'total' }],
  ...extra,
});

describe('rows under a group printed once, beside a column of units', () => {
  test('each measure is read under its sector, the units never as values', async () => {
    const t = await readDynamicTable(FILE, spec({ groupColumn: 0, unitColumn: 2 }));
    // B8 "volume index" under A7 "Non oil and gas sector", 2010 (D8): 104.6
    const c = t.cells.find((x) => x.address === 'D8')!;
    assert.equal(c.label, 'Non oil and gas sector / volume index');
    assert.equal(c.value, 104.6);
    // 4 sectors x 3 measures x 2010-2023, nothing from column C
    assert.equal(new Set(t.cells.map((x) => x.label)).size, 12);
    assert.equal(t.cells.length, 12 * 14);
    assert.ok(t.cells.every((x) => !x.address.startsWith('C')));
    // the key glued to the 2017 header reaches its column
    assert.deepEqual(t.cells.find((x) => x.address === 'K4')!.markers, ['1)']);
  });

  test('without the group column, a measure repeated under each sector fails naming its cell', async () => {
    await assert.rejects(
      readDynamicTable(FILE, spec({ unitColumn: 2 })),
      /cell B7, field label: "GVA" twice in block total/,
    );
  });

  test('without the unit column, a unit is a value in a column without a period header', async () => {
    await assert.rejects(
      readDynamicTable(FILE, spec({ groupColumn: 0 })),
      /cell C4, field value: a value in a column without a period header/,
    );
  });
});

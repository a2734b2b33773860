// The dynamic-table reader on the Bureau's indicators for measuring the quality of employment
// (bns-dynamic/NOTES.md): cells that are no data (a 0.213 right of the methodology column, a remark
// in a row's first year column) are passed over only where the declaration names them with their
// content; a row that prints its unit in every cell ("15 МРП") is read as numbers only when declared.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { readDynamicTable, type DynamicTableSpec } from '../src/sources/bns-dynamic-table.js';
import { tableSpecOf } from '../src/sources/bns-dynamic-points.js';
import { declaredTable } from './support/dynamic-release.js';

const FILE = join(
  snapshotsDir(),
  'bns-dynamic/indicators_for_measuring_the_quality_of_employment.xlsx',
);
const declared = async (): Promise<DynamicTableSpec> =>
  tableSpecOf((await declaredTable('bns-dyn-quality-of-employment')).reader.parts[0]! as never);
const BENEFIT = '2b 5 Amount of social benefit for temporary incapacity for work';

describe('stray cells and a unit printed in every cell', () => {
  test('Z47 and B114 are no data when declared with their content, and fail the build otherwise', async () => {
    const t = await readDynamicTable(FILE, await declared());
    assert.ok(!t.cells.some((c) => c.address === 'Z47' || c.address === 'B114'));
    const { strayCells, ...spec } = await declared();
    await assert.rejects(
      readDynamicTable(FILE, spec),
      /cell Z47, field value: a value in a column without a period header/,
    );
    await assert.rejects(
      readDynamicTable(FILE, { ...spec, strayCells: { Z47: strayCells!.Z47! } }),
      /cell B114 \("5\.3 Number of days not worked due to strikes and lockouts", "2001"\), field value: expected a number/,
    );
    await assert.rejects(
      readDynamicTable(FILE, { ...spec, strayCells: { ...strayCells, Z47: 0 } }),
      /cell Z47: the declared stray content 0 is not there \(found 0\.213\)/,
    );
  });

  test('"15 МРП" and "25 МРП" are 15 and 25 with the text in the note, only in the declared row', async () => {
    const t = await readDynamicTable(FILE, await declared());
    const row = t.cells.filter((c) => c.label === BENEFIT);
    assert.deepEqual([...new Set(row.map((c) => c.value))], [15, 25]);
    assert.equal(row.find((c) => c.address === 'W61')!.value, 25);
    assert.ok(
      row.every((c) =>
        c.notes.some((n) =>
          /the cell holds the text "\d\d МРП": the number \d\d in the unit the row prints, "МРП"/.test(
            n,
          ),
        ),
      ),
    );
    const { unitInCells: _, ...spec } = await declared();
    await assert.rejects(
      readDynamicTable(FILE, spec),
      /cell B61 .*expected a number, "…", "\.\.\.", "-" or "X", found "15 МРП"/,
    );
  });

  test('the nine bands of weekly hours are read under their row and add up to it', async () => {
    const t = await readDynamicTable(FILE, await declared());
    const total = 'Distribution of employees by weekly working hours, thousand people';
    for (const year of ['2001', '2023']) {
      const rows = t.cells.filter((c) => c.label.includes(total) && c.period.period === year);
      assert.equal(rows.length, 10);
      const [head, ...bands] = rows;
      const sum = bands.reduce((s, c) => s + c.value!, 0);
      assert.ok(Math.abs(sum - head!.value!) <= 0.5, `${year}: ${sum} against ${head!.value}`);
    }
  });
});

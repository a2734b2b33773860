// The dynamic-table reader on the Bureau's decent work indicators (bns-dynamic/NOTES.md): a column of
// methodology words right of the years is text, never a value; a misprinted value cell is read only
// where the declaration names it by its address, with a note naming the raw cell; a key glued to a
// block's heading ("...%**") reaches every row of the block.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { readDynamicTable, type DynamicTableSpec } from '../src/sources/bns-dynamic-table.js';
import { tableSpecOf } from '../src/sources/bns-dynamic-points.js';
import { declaredTable } from './support/dynamic-release.js';

const FILE = join(snapshotsDir(), 'bns-dynamic/decent_work_indicators.xlsx');
const declared = async (): Promise<DynamicTableSpec> =>
  tableSpecOf((await declaredTable('bns-dyn-decent-work-indicators')).reader.parts[0]! as never);
const LOW_WAGES =
  'M - The share of employed people with low wages (below 2/3 of the median hourly earnings), %';

describe('a methodology column, a misprinted cell and a key on a heading', () => {
  test('the methodology column is read as words by its row, and no cell of it is a value', async () => {
    const t = await readDynamicTable(FILE, await declared());
    assert.match(
      t.methodology!.get('M - Employment rate to the able-bodied population, %')!,
      /^It is calculated as the ratio of the employed population in working age/,
    );
    assert.match(
      t.methodology!.get('A- Gender wage gap, %')!,
      /average monthly nominal accrued wages of men/,
    );
    assert.ok(!t.cells.some((c) => c.address.startsWith('Y')));
    const { methodologyColumn: _, ...spec } = await declared();
    await assert.rejects(
      readDynamicTable(FILE, spec),
      /cell Y4, field value: a value in a column without a period header/,
    );
  });

  test('"63,,4" in Q46 is read as 63.4 only as declared, the note naming the raw cell', async () => {
    const t = await readDynamicTable(FILE, await declared());
    const q46 = t.cells.find((c) => c.address === 'Q46')!;
    assert.equal(q46.value, 63.4);
    assert.ok(q46.notes.some((n) => n.startsWith('the cell Q46 holds the text "63,,4"')));
    const { cellMisprints: _, ...spec } = await declared();
    await assert.rejects(readDynamicTable(FILE, spec), /cell Q46 .*found "63,,4"/);
    // a misprint declared at a cell that does not hold it fails rather than reading a number silently
    const wrong = { ...spec, cellMisprints: { Q45: { printed: '63,,4', meant: 63.4, why: 'x' } } };
    await assert.rejects(
      readDynamicTable(FILE, wrong),
      /cell Q45, field value: the declared misprint "63,,4" is not there/,
    );
  });

  test('"%**" on a heading declared without its key reaches each row under it, and only those', async () => {
    const t = await readDynamicTable(FILE, await declared());
    const block = String((await declared()).blocks.findIndex((b) => b.heading === LOW_WAGES));
    const under = t.cells.filter((c) => c.block === block);
    assert.equal(under.length, 3 * 23);
    assert.ok(under.every((c) => c.markers.includes('**')));
    assert.equal(t.cells.filter((c) => c.markers.includes('**')).length, under.length);
    // the value's own key stays on its cell: "78.8*", the 2018 total of the employment rate
    assert.deepEqual(t.cells.find((c) => c.address === 'S5')!.markers, ['*']);
    assert.deepEqual(t.cells.find((c) => c.address === 'S6')!.markers, []);
  });
});

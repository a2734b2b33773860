// The dynamic-table reader's rows that break down the row above them (`subRows`), on the pinned
// export and import price tables (bns-dynamic/NOTES.md): each product row is followed by its "CIS
// countries" and "other countries of the world" rows, the same two labels some thirty times in one
// block, each read under its product's name. And the traps NOTES names for these two files.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { readDynamicTable, type DynamicTableSpec } from '../src/sources/bns-dynamic-table.js';

const file = (name: string) => join(snapshotsDir(), 'bns-dynamic', name);
const EXPORT = file('price_indices_of_export_deliveries_of_goods_products.xls');
const IMPORT = file('price_indices_of_import_receipts_of_goods_products.xls');
const PARTNERS = ['CIS countries', 'other countries of the world'];
const spec = (subRows?: string[]): DynamicTableSpec => ({
  sheet: 'Лист1',
  periods: 'flows',
  blocks: [
    { heading: 'At the end of the period, to December of the previous year', id: 'dec' },
    { heading: 'To the previous year', id: 'prev' },
  ],
  ...(subRows === undefined ? {} : { subRows }),
});
const at = (cells: { address: string }[], address: string) => {
  const c = cells.find((x) => x.address === address);
  assert.ok(c, `no cell ${address}`);
  return c as Awaited<ReturnType<typeof readDynamicTable>>['cells'][number];
};

describe('rows that break down the row above them', () => {
  test('each partner row is read under its product, in its own block', async () => {
    const t = await readDynamicTable(EXPORT, spec(PARTNERS));
    // A17 "CIS countries" under A16 "Wheat and meslin", 1998 (B): 79.4
    const wheatCis = at(t.cells, 'B17');
    assert.equal(wheatCis.label, 'Wheat and meslin / CIS countries');
    assert.equal(wheatCis.value, 79.4);
    assert.equal(wheatCis.block, 'dec');
    // the product row itself keeps its own name
    assert.equal(at(t.cells, 'B16').label, 'Wheat and meslin');
    // the same partner under the total of the second block
    assert.equal(at(t.cells, 'B82').label, 'Export - total / CIS countries');
    assert.equal(at(t.cells, 'B82').block, 'prev');
    // 25 products, each with its two partners, on two bases, over 26 years
    assert.equal(new Set(t.cells.map((c) => `${c.block}|${c.label}`)).size, 150);
    assert.equal(t.cells.length, 150 * 26);
  });

  test('without the option, a partner label repeated in a block fails naming its cell', async () => {
    await assert.rejects(
      readDynamicTable(EXPORT, spec()),
      /cell A8, field label: "CIS countries" twice in block dec/,
    );
  });

  test('a partner row with no product above it in its block fails', async () => {
    // the first row under the second heading is "Export - total": declaring it a sub-row leaves it no parent
    await assert.rejects(
      readDynamicTable(EXPORT, spec([...PARTNERS, 'Export - total'])),
      /cell A4, field label: "Export - total" breaks down no row above it/,
    );
  });

  test('numbers as text with a decimal comma, "…", "-" and an empty cell each read as the table means them', async () => {
    const ex = await readDynamicTable(EXPORT, spec(PARTNERS));
    // Y4 "156,3": export total, December 2021 to December 2020
    const y4 = at(ex.cells, 'Y4');
    assert.equal(y4.value, 156.3);
    assert.equal(y4.period.period, '2021');
    // B30 "-": tobacco to other countries, 1998: no case
    const dash = at(ex.cells, 'B30');
    assert.equal(
      dash.label,
      'Tobacco and manufactured tobacco substitutes / other countries of the world',
    );
    assert.equal(dash.value, null);
    assert.match(dash.nullReason!, /no case/);
    const im = await readDynamicTable(IMPORT, spec(PARTNERS));
    const na = im.cells.filter((c) => c.value === null && /not available/.test(c.nullReason!));
    assert.equal(na.length, 169); // every "…" of the import table
    // Z128: prepared foodstuffs from other countries, 2022 on the previous year: no symbol at all
    const empty = at(im.cells, 'Z128');
    assert.equal(
      empty.label,
      'Prepared foodstuffs beverages, spirits and tobacco / other countries of the world',
    );
    assert.equal(empty.value, null);
    assert.match(empty.nullReason!, /empty cell/);
  });

  test('the title\'s "*" reaches every value: from 2016 prices in tenge, before in US dollars', async () => {
    for (const path of [EXPORT, IMPORT]) {
      const t = await readDynamicTable(path, spec(PARTNERS));
      assert.match(
        t.footnotes.get('*')!,
        /^From 2016 .* expressed in tenge \(in previous years - in US dollars\)$/,
      );
      assert.ok(t.cells.every((c) => c.markers.includes('*')));
    }
  });

  test('a parenthesis the label opens is closed by its own ")", not a footnote key', async () => {
    const t = await readDynamicTable(IMPORT, spec(PARTNERS));
    // A88: "... (excl. motor vehicles of heading 8702)": heading 8702 of the Harmonized System, no key 8702)
    const cars = at(t.cells, 'B88');
    assert.match(cars.label, /\(excl\. motor vehicles of heading 8702\)$/);
    assert.deepEqual(cars.markers, ['*']);
    // the English edition's one Russian label is read as printed, and its partners under it
    assert.equal(at(t.cells, 'B19').label, 'Кофе, чай и пряности');
    assert.equal(at(t.cells, 'B20').label, 'Кофе, чай и пряности / CIS countries');
  });
});

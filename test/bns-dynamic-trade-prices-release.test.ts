// The Bureau's price indices of export deliveries and import receipts in the real release, through
// the production app's v1 API: every cell of a product's rows (in all, with the CIS countries, with
// the other countries) on both bases equals the raw cell the shape reader reads, and each trap
// bns-dynamic/NOTES.md names for the two files is what a user meets.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

describe('export and import price indices in the real release', () => {
  const served = servedDynamicTables();
  const { indicator } = served;
  /** The one national observation of an indicator at a period. */
  const observation = (id: string, period: string) => served.observation(id, 'KZ', period);

  test('every cell of the wheat, crude oil and car rows equals what v1 answers, on both bases', async () => {
    let compared = 0;
    for (const [source, products] of [
      ['bns-dyn-export-price-indices', ['Wheat and meslin', 'Petroleum oil, crude']],
      [
        'bns-dyn-import-price-indices',
        [
          'Motor vehicles for the transport of goods, incl. chassis with engine and cab',
          'Кофе, чай и пряности',
        ],
      ],
    ] as const) {
      const { part, raw } = await declaredPart(source);
      for (const c of raw.cells) {
        if (!products.some((p) => c.label === p || c.label.startsWith(`${p} / `))) continue;
        const block = part.blocks[Number(c.block)]!;
        const id = block.rows![c.label]!;
        const o = await observation(id, block.atEnd ? c.period.period_end : c.period.period);
        assert.equal(o.value, c.value, `${source} ${c.address} (${c.label}, ${c.header})`);
        if (c.value === null) assert.ok(o.null_reason, `${c.address} null without a reason`);
        compared++;
      }
    }
    // 4 products x 3 rows x 2 bases x 26 years
    assert.equal(compared, 4 * 3 * 2 * 26);
  });

  test('the December block is instants at 31 December, the year block years; each states its base in three languages', async () => {
    // export total, Y4 "156,3" (text with a decimal comma): December 2021 to December 2020
    const dec = await observation('export_price_index_total_dec_prev_dec', '2021-12-31');
    assert.equal(dec.value, 156.3);
    const year = await observation('export_price_index_total_year_prev_year', '2021');
    assert.equal(year.value, 139.1);
    const decInd = await indicator('export_price_index_total_dec_prev_dec');
    assert.equal(decInd.period_kind, 'instant');
    assert.equal(decInd.base.kind, 'december-previous-year');
    assert.equal(decInd.base.name.ru, 'декабрь предыдущего года = 100');
    const yearInd = await indicator('import_price_index_total_year_prev_year');
    assert.equal(yearInd.period_kind, 'interval');
    assert.equal(yearInd.base.kind, 'same-period-previous-year');
    assert.ok(yearInd.base.name.kk && yearInd.base.name.en);
    // the kk and ru names are Dala's translation of the English edition, and the notes say so
    assert.match(yearInd.notes, /Dala's translation of the English edition.*unreviewed/);
    assert.equal(
      yearInd.names.ru,
      'Индекс цен импортных поступлений: все товары, к предыдущему году',
    );
  });

  test('from 2016 prices in tenge, before in US dollars: said on every value and in the notes', async () => {
    for (const [id, period] of [
      ['export_price_index_crude_oil_other_dec_prev_dec', '2015-12-31'],
      ['import_price_index_cars_cis_year_prev_year', '2016'],
    ] as const) {
      const o = await observation(id, period);
      assert.equal(typeof o.value, 'number');
      assert.match(
        o.note,
        /footnote \* of the table: From 2016 .* in tenge \(in previous years - in US dollars\)/,
      );
    }
    assert.match(
      (await indicator('export_price_index_total_dec_prev_dec')).notes,
      /From 2016 the index measures .* in tenge, before in US dollars/,
    );
  });

  test('"…", "-" and an empty cell are nulls, each with its reason', async () => {
    // import T27 "…": sunflower-seed oil from other countries, December 2016
    const na = await observation(
      'import_price_index_sunflower_oil_other_dec_prev_dec',
      '2016-12-31',
    );
    assert.equal(na.value, null);
    assert.match(na.null_reason, /not available/);
    // export B30 "-": tobacco to other countries, December 1998
    const dash = await observation('export_price_index_tobacco_other_dec_prev_dec', '1998-12-31');
    assert.equal(dash.value, null);
    assert.match(dash.null_reason, /no case/);
    // import Z128, empty: prepared foodstuffs from other countries, 2022 on 2021
    const empty = await observation(
      'import_price_index_prepared_foodstuffs_other_year_prev_year',
      '2022',
    );
    assert.equal(empty.value, null);
    assert.match(empty.null_reason, /empty cell/);
    assert.match(
      (await indicator('import_price_index_prepared_foodstuffs_other_year_prev_year')).notes,
      /2022 \(Z128\) empty/,
    );
  });

  test('the Russian label of the English edition is the coffee, tea and spices row, named in three languages', async () => {
    const ind = await indicator('import_price_index_coffee_tea_spices_dec_prev_dec');
    assert.equal(
      ind.names.en,
      'Price index of import receipts: coffee, tea and spices, December to December of the previous year',
    );
    assert.match(ind.notes, /prints this row's label in Russian \("Кофе, чай и пряности"\)/);
    const o = await observation('import_price_index_coffee_tea_spices_dec_prev_dec', '2023-12-31');
    assert.equal(typeof o.value, 'number');
  });
});

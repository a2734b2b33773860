// The Bureau's price indices by type of economic activity or by product group, national (bns-dynamic/NOTES.md:
// one row per activity or group, two blocks, December to December of the previous year and the year to the
// previous year), in the release built from the pinned snapshots, through the production app: every published
// cell equals its raw cell through v1, the national row each sheet prints is read and checked against the one
// its sheet by region publishes, and the traps NOTES.md names are what a user meets.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

const PPI = 'bns-dyn-industrial-ppi-by-region';

describe('the producer price index of industrial products by activity in the real release', () => {
  const { observation, indicator, compareEveryCell } = servedDynamicTables();

  test('every cell of the sheet "PPI_TEA" equals its raw cell through v1', async () => {
    // 43 activities x 2 bases x 1992-2024
    assert.equal(await compareEveryCell(PPI, 1), 43 * 2 * 33);
  });

  test('raw cells read by hand: text numbers, a real number, the hyperinflation years, "…"', async () => {
    const at = async (id: string, period: string) => (await observation(id, 'KZ', period)).value;
    // B8 "10773.4": crude petroleum and natural gas, December 1992 to December 1991
    assert.equal(await at('industrial_ppi_crude_oil_gas_dec_prev_dec', '1992-12-31'), 10773.4);
    // L6 120 (a number among texts): mining and quarrying, December 2002
    assert.equal(await at('industrial_ppi_mining_dec_prev_dec', '2002-12-31'), 120);
    // H88 "89.2": copper production, 1998 to 1997
    assert.equal(await at('industrial_ppi_copper_year_prev_year', '1998'), 89.2);
    // B43 "…": copper production, December 1992
    const na = await observation('industrial_ppi_copper_dec_prev_dec', 'KZ', '1992-12-31');
    assert.deepEqual(
      [na.value, na.null_reason],
      [null, 'source cell "…": not available (the Bureau\'s convention)'],
    );
  });

  test('its national row equals the published national index and is not published twice', async () => {
    const { raw } = await declaredPart(PPI, 1);
    const national = raw.cells.filter(
      (c) => c.label === 'Industrial products, including industrial services',
    );
    assert.equal(national.length, 2 * 33);
    let printed = 0;
    for (const c of national) {
      const [id, period] =
        c.block === '0'
          ? ['industrial_ppi_dec_prev_dec', c.period.period_end]
          : ['industrial_ppi_year_prev_year', c.period.period];
      const published = (await observation(id, 'KZ', period)).value;
      if (c.value === null) {
        // "…" to the previous year in 1992-1997, where the sheet by region prints the index
        assert.ok(c.block === '1' && Number(c.period.period) <= 1997, `PPI_TEA!${c.address}`);
        assert.equal(typeof published, 'number');
        continue;
      }
      assert.equal(published, c.value, `PPI_TEA!${c.address}`);
      printed++;
    }
    assert.equal(printed, 33 + 27);
  });

  test('an activity is named in three languages, its code said, rows printed alike said by cell', async () => {
    const coal = await indicator('industrial_ppi_coal_year_prev_year');
    assert.equal(
      coal.names.en,
      'Producer price index of industrial products (goods, services): mining of coal, year to the previous year',
    );
    assert.equal(
      coal.names.ru,
      'Индекс цен производителей промышленной продукции (товаров, услуг): добыча угля, к предыдущему году',
    );
    assert.ok(coal.names.kk);
    assert.equal(coal.period_kind, 'interval');
    assert.equal(coal.base.kind, 'same-period-previous-year');
    assert.match(coal.notes, /NACE Rev\. 2 \(ОКЭД\) division 05/);
    assert.match(coal.notes, /Dala's translation of the English edition.*unreviewed/);
    // food products and beverages print the same index in 1992-1997 (B12:G12, B23:G23)
    const beverages = await indicator('industrial_ppi_beverages_dec_prev_dec');
    assert.match(
      beverages.notes,
      /1992-1997 values \(B23:G23\) equal those of the row "Manufacturing of food products" \(B12:G12\)/,
    );
    assert.equal(
      (await observation('industrial_ppi_beverages_dec_prev_dec', 'KZ', '1992-12-31')).value,
      (await observation('industrial_ppi_food_dec_prev_dec', 'KZ', '1992-12-31')).value,
    );
  });
});

const PURCHASE = 'bns-dyn-industrial-purchase-prices';

describe('the purchase price index of industrial enterprises by activity in the real release', () => {
  const { observation, compareEveryCell, json } = servedDynamicTables();

  test('every cell of the sheet "Приобр" equals its raw cell through v1', async () => {
    // 26 activities x 2 bases x 1996-2024
    assert.equal(await compareEveryCell(PURCHASE, 1), 26 * 2 * 29);
  });

  test('raw cells read by hand under the repeated year header', async () => {
    // B6 142 (a number among texts): mining and quarrying, December 1996
    assert.equal(
      (await observation('industrial_purchase_price_index_mining_dec_prev_dec', 'KZ', '1996-12-31'))
        .value,
      142,
    );
    // Q42 "149.9", under the second header row (row 33): beverages, 2011 to 2010
    assert.equal(
      (await observation('industrial_purchase_price_index_beverages_year_prev_year', 'KZ', '2011'))
        .value,
      149.9,
    );
    // P13 "…": beverages, December 2010
    const na = await observation(
      'industrial_purchase_price_index_beverages_dec_prev_dec',
      'KZ',
      '2010-12-31',
    );
    assert.equal(na.value, null);
    assert.match(na.null_reason, /not available/);
  });

  test('its national row equals the published national index where both print; its December 1996 is not published', async () => {
    const { raw } = await declaredPart(PURCHASE, 1);
    const national = raw.cells.filter(
      (c) => c.label === 'Industrial and technical products for all types of economic activity',
    );
    assert.equal(national.length, 2 * 29);
    let compared = 0;
    for (const c of national) {
      const [id, period] =
        c.block === '0'
          ? ['industrial_purchase_price_index_dec_prev_dec', c.period.period_end]
          : ['industrial_purchase_price_index_year_prev_year', c.period.period];
      const q = new URLSearchParams({ indicator: id, place: 'KZ', period });
      const published = (await json(`/api/v1/observations?${q}`)).data;
      if (c.period.period === '1996') {
        // B5 "115.1" (and "…" to the previous year): the sheet by region starts in 1997
        assert.equal(published.length, 0, `Приобр!${c.address}`);
        continue;
      }
      if (c.value === null) {
        // "…" to the previous year in 1997-1998, where the sheet by region prints the index
        assert.ok(c.block === '1' && Number(c.period.period) <= 1998, `Приобр!${c.address}`);
        assert.equal(typeof published[0].value, 'number');
        continue;
      }
      assert.equal(published[0].value, c.value, `Приобр!${c.address}`);
      compared++;
    }
    assert.equal(compared, 28 + 26);
  });
});

const WHOLESALE = 'bns-dyn-wholesale-price-indices';

describe('the wholesale price indices by product group in the real release', () => {
  const { observation, compareEveryCell, indicator } = servedDynamicTables();

  test('every cell of the sheet "Опт" equals its raw cell through v1', async () => {
    // 34 groups x 2 bases x 2006-2024
    assert.equal(await compareEveryCell(WHOLESALE, 1), 34 * 2 * 19);
  });

  test('its national row equals the published national index in every year', async () => {
    const { raw } = await declaredPart(WHOLESALE, 1);
    const national = raw.cells.filter((c) => c.label === 'Goods and products - total');
    assert.equal(national.length, 2 * 19);
    for (const c of national) {
      const [id, period] =
        c.block === '0'
          ? ['wholesale_price_index_dec_prev_dec', c.period.period_end]
          : ['wholesale_price_index_year_prev_year', c.period.period];
      assert.equal((await observation(id, 'KZ', period)).value, c.value, `Опт!${c.address}`);
    }
  });

  test('a group printed under two labels is one group; "…" in 2006 to the previous year', async () => {
    // C47 101.2: "Sugar, chocolate, confectionery" in the block to the previous year, 2007
    assert.equal(
      (await observation('wholesale_price_index_sugar_confectionery_year_prev_year', 'KZ', '2007'))
        .value,
      101.2,
    );
    // C11 111.6: "Sugar, chocolate, confectionery products", December 2007
    assert.equal(
      (
        await observation(
          'wholesale_price_index_sugar_confectionery_dec_prev_dec',
          'KZ',
          '2007-12-31',
        )
      ).value,
      111.6,
    );
    assert.match(
      (await indicator('wholesale_price_index_sugar_confectionery_year_prev_year')).notes,
      /prints the label as "Sugar, chocolate, confectionery"/,
    );
    // B53 "…": passenger cars, 2006 to 2005; L53 147.4, 2016 to 2015
    const na = await observation(
      'wholesale_price_index_passenger_cars_year_prev_year',
      'KZ',
      '2006',
    );
    assert.equal(na.value, null);
    assert.equal(
      (await observation('wholesale_price_index_passenger_cars_year_prev_year', 'KZ', '2016'))
        .value,
      147.4,
    );
    const ind = await indicator('wholesale_price_index_passenger_cars_dec_prev_dec');
    assert.equal(
      ind.names.ru,
      'Индекс оптовых цен на товары: легковые автомобили, декабрь к декабрю предыдущего года',
    );
  });
});

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

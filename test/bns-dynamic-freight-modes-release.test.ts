// The Bureau's index of tariffs for the transportation of goods, national by mode of transport
// (bns-dynamic/NOTES.md, the sheet "Freight transport": two blocks, December to December of the previous
// year and the year to the previous year, 1992-2024) in the release built from the pinned snapshots,
// through the production app: every cell equal to its raw cell; the national row published from here
// back to 1992 and equal to the sheet by region's national row in 2003-2024, which is read, not published twice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-freight-tariff-indices';

describe('the freight tariff indices by mode of transport in the real release', () => {
  const { observation, compareEveryCell } = servedDynamicTables();

  test('every cell of the sheet equals its raw cell through v1', async () => {
    assert.equal(await compareEveryCell(SOURCE, 1), 2 * 6 * (2024 - 1992 + 1));
  });

  test('raw cells read by hand: the hyperinflation years, the modes, "…" for maritime transport', async () => {
    // B5 "2162.7": freight transport in 1992, at the end of the year to December 1991
    assert.equal(
      (await observation('freight_tariff_index_dec_prev_dec', 'KZ', '1992-12-31')).value,
      2162.7,
    );
    // E13 "419.8": road transport, 1995 to 1994; D14 1827 (a number among texts): air, 1994
    assert.equal(
      (await observation('freight_tariff_index_road_year_prev_year', 'KZ', '1995')).value,
      419.8,
    );
    assert.equal(
      (await observation('freight_tariff_index_air_year_prev_year', 'KZ', '1994')).value,
      1827,
    );
    assert.equal(
      (await observation('freight_tariff_index_inland_water_dec_prev_dec', 'KZ', '1993-12-31'))
        .value,
      2123.6,
    );
    const maritime = await observation(
      'freight_tariff_index_maritime_dec_prev_dec',
      'KZ',
      '1992-12-31',
    );
    assert.deepEqual(
      [maritime.value, maritime.null_reason],
      [null, 'source cell "…": not available (the Bureau\'s convention)'],
    );
  });

  test("the sheet by region's national row equals this sheet's in 2003-2024 and is read, not published twice", async () => {
    const { raw } = await declaredPart(SOURCE, 0);
    const national = raw.cells.filter((c) => c.label === 'Republic of Kazakhstan');
    assert.equal(national.length, 2 * 22);
    for (const c of national) {
      const id =
        c.block === '0'
          ? 'freight_tariff_index_dec_prev_dec'
          : 'freight_tariff_index_year_prev_year';
      const period = c.block === '0' ? c.period.period_end : c.period.period;
      assert.equal((await observation(id, 'KZ', period)).value, c.value, `regions!${c.address}`);
    }
    // the regions are still the sheet by region's
    assert.equal(
      (await observation('freight_tariff_index_dec_prev_dec', 'KZ-19', '2022-12-31')).value,
      100,
    );
  });
});

// The Bureau's monthly national housing prices (bns-dynamic/NOTES.md: housing prices, sheet "din rental
// housing") in the release built from the pinned snapshots, through the production app: every cell
// equal to its raw cell as months of the year its row names; the unrounded values published as the
// table displays them; the note under the table said on each value; no month taken for the annual series.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { servedDynamicTables } from './support/dynamic-release.js';

describe("the Bureau's monthly housing prices in the real release", () => {
  const { json, observation, compareEveryCell } = servedDynamicTables();

  test('every cell of the sheet equals its raw cell through v1, month by month', async () => {
    assert.equal(await compareEveryCell('bns-dyn-housing-market-prices', 3), 6 * 12 + 7 * 12);
  });

  test('January 2016 resale is 290,133 as displayed, its stored value and the weights note said', async () => {
    const o = await observation('housing_price_resale_weighted_monthly', 'KZ', '2016-01');
    assert.equal(o.value, 290133);
    assert.match(o.note, /the cell holds 290132\.54694/);
    assert.match(o.note, /footnote \* of the table: The source of the weight components/);
    assert.equal((await observation('housing_rent_weighted_monthly', 'KZ', '2021-12')).value, 3206);
  });

  test('the months are their own series: December 2021 is not the annual value at the end of 2021', async () => {
    assert.equal((await observation('housing_price_resale', 'KZ', '2021-12-31')).value, 290042);
    const months = await json(
      '/api/v1/observations?indicator=housing_price_resale_weighted_monthly&place=KZ&limit=100',
    );
    assert.equal(months.data.length, 72);
    assert.ok(
      months.data.every((o: { period: string }) => /^20(1[6-9]|2[01])-\d\d$/.test(o.period)),
    );
  });
});

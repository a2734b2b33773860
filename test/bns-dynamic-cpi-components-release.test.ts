// The Bureau's "Consumer price index in the Republic of Kazakhstan" 2022-2025 (CPI and its components) in
// the real release, through the production app's v1 API: every cell of the three published bases
// equals the raw cell the shape reader reads; each series names the same index of the National Bank's
// copy and of the Bureau's tables by region, equal where both give a month; the fourth base is read
// and checked, not published, its Decembers the year-on-year index already published.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

describe('the monthly consumer price index and its components in the real release', () => {
  const served = servedDynamicTables();
  /** The one national observation of an indicator at a period. */
  const observation = (id: string, period: string) => served.observation(id, 'KZ', period);

  test('every published cell equals what v1 answers: months, and instants by December of the previous year', async () => {
    assert.equal(await served.compareEveryCell('bns-dyn-cpi-components'), 3 * 4 * 39);
    // G9, food by December of the previous year, March 2022: the instant the month ends
    assert.equal((await observation('cpi_national_food_dec_prev_dec', '2022-03-31')).value, 108.2);
  });

  test('each series names the same index of the other tables, and the values are equal', async () => {
    for (const [ours, theirs, period] of [
      ['cpi_national_goods_services_prev_month', 'cpi_prev_month', '2023-07'],
      ['cpi_national_goods_services_same_month_prev_year', 'cpi_same_month_prev_year', '2022-12'],
      [
        'cpi_national_paid_services_prev_month',
        'paid_services_price_index_month_prev_month',
        '2025-02',
      ],
      ['cpi_national_nonfood_dec_prev_dec', 'nonfood_price_index_dec_prev_dec', '2024-12-31'],
    ] as const) {
      assert.equal(
        (await observation(ours, period)).value,
        (await observation(theirs, period)).value,
        `${ours} ${period}`,
      );
      const ind = await served.indicator(ours);
      assert.ok(
        ind.same_concept.some((s: { indicator: string }) => s.indicator === `indicator:${theirs}`),
        `${ours} names ${theirs}`,
      );
    }
  });

  test('the fourth base is not published: its Decembers are the year-on-year index of the table by region', async () => {
    const { part, raw } = await declaredPart('bns-dyn-cpi-components');
    const cells = raw.cells;
    const skipped = part.blocks.findIndex((b) => b.skip);
    assert.equal(part.blocks[skipped]!.heading, 'To the corresponding period of the previous year');
    const decembers = cells.filter(
      (c) => c.block === String(skipped) && c.period.period.endsWith('-12'),
    );
    assert.equal(decembers.length, 4 * 3);
    const ids: Record<string, string> = {
      'goods and services': 'cpi_year_prev_year',
      food: 'food_price_index_year_prev_year',
      'non-food': 'nonfood_price_index_year_prev_year',
      'paid services': 'paid_services_price_index_year_prev_year',
    };
    for (const c of decembers)
      assert.equal(
        (await observation(ids[c.label]!, c.period.period.slice(0, 4))).value,
        c.value,
        c.address,
      );
  });
});

// The Bureau's "CPI for main 12 groups" in the real release, through the production app's v1 API:
// every cell of the all-items and transport rows on every base and sheet equals the raw cell the shape
// reader reads; the values are percentage changes, not index levels, and the all-items row is linked
// to the index of other tables as the same concept, equal to it less 100 where both give a month.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, declaredTable, servedDynamicTables } from './support/dynamic-release.js';

describe('consumer price changes by main group in the real release', () => {
  const served = servedDynamicTables();
  const { indicator } = served;
  /** The one national observation of an indicator at a period. */
  const observation = (id: string, period: string) => served.observation(id, 'KZ', period);

  test('every cell of the all-items and transport rows, on every sheet and base, equals what v1 answers', async () => {
    let compared = 0;
    const source = 'bns-dyn-cpi-main-12-groups';
    const { reader } = await declaredTable(source);
    for (const index of reader.parts.keys()) {
      const { part, raw } = await declaredPart(source, index);
      for (const c of raw.cells) {
        if (c.label !== 'All goods and services' && c.label !== 'Transport') continue;
        const block = part.blocks[Number(c.block)]!;
        const o = await observation(
          block.rows![c.label]!,
          block.atEnd ? c.period.period_end : c.period.period,
        );
        assert.equal(o.value, c.value, `${part.sheet}!${c.address} (${c.label}, ${c.header})`);
        if (c.value === null) assert.match(o.null_reason, /empty cell/);
        compared++;
      }
    }
    // 2 rows x 12 months x (4 bases x 13 sheets 2008-2020 + 3 bases x 5 sheets 2021-2025)
    assert.equal(compared, 2 * 12 * (4 * 13 + 3 * 5));
  });

  test('a percentage change, not an index: its unit says so, a fall is negative, and the base is named', async () => {
    // transport, December 2008 on November 2008: -2.1 percent
    assert.equal((await observation('cpi_change_transport_prev_month', '2008-12')).value, -2.1);
    const ind = await indicator('cpi_change_all_prev_month');
    assert.equal(ind.unit, 'percent change');
    assert.equal(ind.unit_name.ru, 'изменение в процентах (рост +, снижение -)');
    assert.match(ind.notes, /1\.1 is a rise of 1\.1 percent, not an index of 101\.1/);
    assert.deepEqual([ind.base.kind, ind.base.name.en], ['previous-period', 'previous month']);
    const fixed = await indicator('cpi_change_all_dec_2000');
    assert.deepEqual(
      [fixed.base.kind, fixed.base.year, fixed.period_kind],
      ['fixed-year', 2000, 'instant'],
    );
    // December 2000 is printed to 2020 only; from 2021 the sheets have three bases
    const q = new URLSearchParams({
      indicator: 'cpi_change_all_dec_2000',
      place: 'KZ',
      period: '2021-01-31',
    });
    assert.equal((await served.json(`/api/v1/observations?${q}`)).data.length, 0);
    // February 2014 of alcoholic beverages and tobacco is an empty cell: null with its reason, said in the notes
    const empty = await observation('cpi_change_alcohol_tobacco_prev_month', '2014-02');
    assert.equal(empty.value, null);
    assert.match(empty.null_reason, /empty cell/);
    assert.match(
      (await indicator('cpi_change_alcohol_tobacco_prev_month')).notes,
      /leaves February empty \(C8\)/,
    );
    // by December of the previous year: the instant the month ends
    assert.equal((await observation('cpi_change_all_dec_prev_year', '2008-08-31')).value, 7.5);
  });

  test('the all-items row is the index of the other tables less 100, and names them as the same concept', async () => {
    for (const [ours, theirs, period] of [
      ['cpi_change_all_prev_month', 'cpi_prev_month', '2023-01'],
      ['cpi_change_all_same_month_prev_year', 'cpi_same_month_prev_year', '2015-06'],
      ['cpi_change_all_dec_prev_year', 'cpi_dec_prev_dec', '2019-12-31'],
      ['cpi_change_all_dec_2000', 'cpi_index_dec_2000_100', '2010-12-31'],
    ] as const) {
      const a = await observation(ours, period);
      const b = await observation(theirs, period);
      assert.equal(Math.round((100 + a.value) * 10) / 10, b.value, `${ours} ${period}`);
      const links = (await indicator(ours)).same_concept;
      const link = links.find((s: { indicator: string }) => s.indicator === `indicator:${theirs}`);
      assert.ok(link, `${ours} names ${theirs}`);
      assert.match(link.difference, /stated as an index rather than a percentage change/);
    }
    // a group against December of the previous year is the main-group table's December index
    const transport = await indicator('cpi_change_transport_dec_prev_year');
    assert.deepEqual(
      transport.same_concept.map((s: { indicator: string }) => s.indicator),
      ['indicator:cpi_group_transport_dec_prev_dec'],
    );
    // food with non-alcoholic beverages is no group of that table
    assert.equal(
      (await indicator('cpi_change_food_non_alcoholic_dec_prev_year')).same_concept,
      undefined,
    );
  });
});

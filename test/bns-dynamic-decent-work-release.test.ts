// The Bureau's decent work indicators in the release built from the pinned snapshots, through the
// production app (bns-dynamic/NOTES.md): every published cell equal to its raw cell; each indicator's
// rows "Total", "Men", "Women" (and "boys", "Girls", "Men (%)", "Women (%)") as its breakdown by sex;
// the misprinted "63,,4" read with a note naming Q46; the glued "*" and the heading's "**" on exactly
// their values; the CPI row published once, from the table by region; the two rows another table also
// prints kept with their source where the two differ.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

const SOURCE = 'bns-dyn-decent-work-indicators';

describe("the Bureau's decent work indicators in the real release", () => {
  const { json, observation, indicator, compareEveryCell } = servedDynamicTables();
  const sexed = (id: string, period: string, sex: string) => observation(id, 'KZ', period, { sex });

  test('every published cell equals its raw cell through v1, the rows under a heading its sexes', async () => {
    assert.equal(await compareEveryCell(SOURCE), 1196);
    assert.equal((await sexed('child_labour_rate', '2023', 'M')).value, 0.9); // "boys"
    assert.equal((await sexed('child_labour_rate', '2023', 'F')).value, 0.4); // "Girls"
    assert.equal((await sexed('occupation_sex_share_managers', '2001', 'F')).value, 32.8);
    // the occupation groups print men and women only: no total is made up
    const q =
      '/api/v1/observations?indicator=occupation_sex_share_managers&place=KZ&period=2001&sex=_T';
    assert.equal((await json(q)).data.length, 0);
  });

  test('"63,,4" (women professionals, 2016) is 63.4 with a note naming the raw cell Q46', async () => {
    const o = await sexed('occupation_sex_share_professionals', '2016', 'F');
    assert.equal(o.value, 63.4);
    assert.match(o.note, /the cell Q46 holds the text "63,,4".*a misprint, read as 63\.4/);
    assert.equal(o.status, 'final');
  });

  test('men and women of the craft trades both 52.6 in 2011 (105.1 together) are flagged, other years not', async () => {
    for (const sex of ['M', 'F']) {
      const o = await sexed('occupation_sex_share_craft', '2011', sex);
      assert.equal(o.status, 'suspicious');
      assert.match(o.note, /add up to 105\.1/);
    }
    assert.equal((await sexed('occupation_sex_share_craft', '2012', 'M')).status, 'final');
  });

  test('footnote * on the four starred 2018 values, ** on every low-pay value, 1) on the NEET share alone', async () => {
    assert.match(
      (await sexed('employment_rate_working_age', '2018', '_T')).note,
      /footnote \* of the table: hereinafter, the retirement age of women/,
    );
    assert.doesNotMatch(
      (await sexed('employment_rate_working_age', '2018', 'M')).note ?? '',
      /footnote \*/,
    );
    assert.match((await sexed('unemployment_rate_working_age', '2018', 'F')).note, /footnote \*/);
    for (const sex of ['_T', 'M', 'F'])
      assert.match(
        (await sexed('low_wage_employees_share', '2023', sex)).note,
        /footnote \*\* of the table: For reference: The source of data since 2018/,
      );
    assert.match((await sexed('low_wage_employees_share', '2017', '_T')).null_reason, /empty cell/);
    assert.match(
      (await sexed('neet_rate_by_sex', '2010', 'F')).note,
      /footnote 1\) of the table: .*aged 15-28/,
    );
    assert.doesNotMatch(
      (await sexed('employment_rate_working_age', '2010', '_T')).note ?? '',
      /15-28/,
    );
  });

  test('the CPI row is the national December index of the table by region in every year, published once', async () => {
    const { raw } = await declaredPart(SOURCE);
    const cpi = raw.cells.filter((c) => c.label === 'C - Inflation rate (CPI)');
    assert.equal(cpi.length, 23);
    for (const c of cpi) {
      const o = await observation('cpi_dec_prev_dec', 'KZ', c.period.period_end);
      assert.equal(o.value, c.value, `${c.address} (${c.header})`);
    }
  });

  test('NEET and labour productivity: equal to the other table but in the year each differs, both kept and linked', async () => {
    const { part, raw } = await declaredPart(SOURCE);
    const differ = async (
      heading: string,
      label: string,
      id: string,
      other: string,
      from: number,
    ) => {
      const block = String(part.blocks.findIndex((b) => b.heading === heading));
      const years: string[] = [];
      const cells = raw.cells.filter(
        (x) => x.block === block && x.label === label && Number(x.period.period) >= from,
      );
      assert.equal(cells.length, 2024 - from);
      for (const c of cells) {
        const o = await observation(other, 'KZ', c.period.period);
        if (o.value !== c.value) years.push(c.period.period);
      }
      assert.match(JSON.stringify(await indicator(id)), new RegExp(other));
      return years;
    };
    const neet = 'M - Share of youth (15-34 years old), % - NEET';
    assert.deepEqual(await differ(neet, 'Total', 'neet_rate_by_sex', 'neet_rate_youth', 2001), [
      '2015',
    ]);
    const context = 'Socio-economic context';
    const growth = 'C - Labor productivity (growth rate)';
    assert.deepEqual(
      await differ(
        context,
        growth,
        'labour_productivity_growth',
        'labour_productivity_index',
        2010,
      ),
      ['2010'],
    );
  });
});

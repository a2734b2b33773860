// The Bureau's dynamic tables of the labour market, the unobserved economy, value added by ownership
// and housing prices in the release built from the pinned snapshots, through the production app: the
// traps bns-dynamic/NOTES.md names for them (totals published once, sub-columns under years, instants
// at the end of a year, blocks under repeated headers, months never estimated), as a user meets them.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { readDynamicTable } from '../src/sources/bns-dynamic-table.js';
import { SOUTH_KAZAKHSTAN_LEGACY } from '../src/sources/bns-reforms.js';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

describe('the dynamic tables of labour, the unobserved economy and housing in the real release', () => {
  const { json: getJson, observation } = servedDynamicTables();

  test("main labour market indicators: the survey's totals are the tables by region's national values, published once; a key before the unit reaches its row", async () => {
    const { part, raw } = await declaredPart('bns-dyn-labour-market-main-indicators');
    const same: Record<string, string> = {
      'Lobour forse, thsd. persons': 'labour_force_quarterly',
      'Employed population, thsd. persons': 'employed_quarterly',
      'Employees, thsd. persons': 'employees_quarterly',
      'Self- employment, thsd. persons': 'self_employed_quarterly',
      'Unemployed population, thsd. persons': 'unemployed_quarterly',
      'Unemployment rate, %': 'unemployment_rate_lfs_quarterly',
      'Youth unemployment rate (at the age of 15-24 years), %': 'youth_unemployment_rate_15_24',
      'Not in the lobour forse, thsd. persons': 'outside_labour_force_quarterly',
    };
    assert.deepEqual(Object.keys(same).sort(), [...part.skip!].sort());
    let compared = 0;
    for (const c of raw.cells.filter((c) => same[c.label])) {
      const o = await observation(same[c.label]!, 'KZ', c.period.period);
      assert.equal(o.value, c.value, `${c.address} (${c.label}, ${c.header}) = ${same[c.label]}`);
      assert.doesNotMatch(JSON.stringify(o.source), /labour-market-main-indicators/);
      compared++;
    }
    assert.equal(compared, 8 * 24);
    // "The average duration of unemployment3), months": footnote 3 on its row, "…" before 2004
    const duration = await observation('unemployment_average_duration', 'KZ', '2004');
    assert.equal(duration.value, 14.9);
    assert.match(duration.note, /Without regard to pensioners/);
    assert.match(
      (await observation('unemployment_average_duration', 'KZ', '2003')).null_reason,
      /not available/,
    );
    // "20144)": the 2014 survey's sample, said on that year alone
    assert.match(
      (await observation('long_term_unemployment_rate', 'KZ', '2014')).note,
      /208,275 households/,
    );
    assert.equal((await observation('long_term_unemployment_rate', 'KZ', '2015')).note, null);
    // the youth rate by the youth-policy law differs from the table by region in 2001: both kept, linked
    assert.equal(
      (await observation('youth_unemployment_rate_youth_law_annual', 'KZ', '2001')).value,
      16.1,
    );
    assert.equal((await observation('youth_unemployment_rate_15_34', 'KZ', '2001')).value, 16.6);
    const ind = (
      await getJson(
        `/api/v1/indicators/${encodeURIComponent('indicator:youth_unemployment_rate_youth_law_annual')}`,
      )
    ).data;
    assert.match(JSON.stringify(ind), /youth_unemployment_rate_15_34/);
  });

  test('main labour market indicators by sex: male and female published, the Total column checked against the first sheet', async () => {
    const q = (indicator: string, period: string, sex: string) =>
      observation(indicator, 'KZ', period, { sex });
    assert.equal((await q('labour_force_by_sex', '2024', 'M')).value, 4976.5);
    assert.equal((await q('unemployment_rate_by_sex', '2001', 'F')).value, 12);
    // the participation rate is on this sheet alone: its Total too
    assert.equal((await q('activity_rate_by_sex', '2024', '_T')).value, 68.2);
    // "Youth unemployment rate (at the age of 15-24 years)1), %": footnote 1 (ILO ages) on its row
    assert.match(
      (await q('youth_unemployment_rate_15_24_by_sex', '2010', 'F')).note,
      /International Labour Organization/,
    );
    // footnote 3 of this sheet is the 2014 survey's sample ("20143)"), not the first sheet's 3)
    const y2014 = await q('long_term_unemployment_rate_by_sex', '2014', 'M');
    assert.match(y2014.note, /208,275 households/);
    assert.doesNotMatch(y2014.note, /pensioners/);
    const { raw } = await declaredPart('bns-dyn-labour-market-main-indicators');
    const first = new Map(raw.cells.map((c) => [`${c.label}|${c.period.period}`, c.value]));
    const { part, raw: sexes } = await declaredPart('bns-dyn-labour-market-main-indicators', 1);
    // the first sheet's words for the same rows
    const firstLabel: Record<string, string> = {
      'Employed population, thousand persons': 'Employed population, thsd. persons',
      'Employees, thousand persons': 'Employees, thsd. persons',
      'Self-employed population, thousand persons': 'Self- employment, thsd. persons',
      'Unemployed population, thousand persons': 'Unemployed population, thsd. persons',
    };
    const differ: string[] = [];
    const totals = sexes.cells.filter(
      (c) => c.sub === 'Total' && part.subColumns!['Total']!.skipRows!.includes(c.label),
    );
    for (const c of totals) {
      const v = first.get(`${firstLabel[c.label] ?? c.label}|${c.period.period}`);
      assert.notEqual(v, undefined, `${c.address} (${c.label}) has no row on the first sheet`);
      if (v !== c.value) differ.push(`${c.address} ${c.value} ${v}`);
    }
    assert.equal(totals.length, 10 * 24);
    // the one difference, which the indicator's notes name
    assert.deepEqual(differ, ['N7 7260.9 7261']);
  });

  test('the unobserved economy: two columns under each year, each its own indicator; keys the sheets print no text for are said, never applied', async () => {
    // "2013 year" over "Unobserved economy" and "including" / "illegal"
    assert.equal((await observation('unobserved_economy_share', 'KZ', '2013')).value, 28.3);
    assert.equal((await observation('illegal_economy_share', 'KZ', '2013')).value, 2.4);
    assert.equal(
      (await observation('illegal_economy_share_other_services', 'KZ', '2023')).value,
      0.49,
    );
    // a 0 the table prints is a value
    assert.equal(
      (await observation('illegal_economy_share_public_administration', 'KZ', '2020')).value,
      0,
    );
    // the 2013-2016 sheets mark "Real estate activities 1)" and print no footnote at all
    const re2013 = await observation('unobserved_economy_share_real_estate', 'KZ', '2013');
    assert.equal(re2013.value, 6.85);
    assert.match(re2013.note, /prints no text for footnote 1\)/);
    assert.doesNotMatch(re2013.note, /methodology/);
    // from 2017 the methodology of 2019 (the title's "*"), 2023 republished (its header's "2)")
    const total2023 = await observation('unobserved_economy_share', 'KZ', '2023');
    assert.equal(total2023.value, 17.58);
    assert.match(total2023.note, /07\.08\.2019 №4/);
    assert.match(total2023.note, /2023 have been republished/);
    assert.doesNotMatch(
      (await observation('unobserved_economy_share', 'KZ', '2022')).note,
      /republished/,
    );
  });

  test('value added by ownership: three columns under each year published, the branch total read and checked against the GDP table', async () => {
    assert.equal(
      (await observation('gva_state_ownership_agriculture', 'KZ', '2010')).value,
      60506.6,
    );
    assert.equal(
      (await observation('gva_foreign_state_ownership_mining', 'KZ', '2023')).value,
      4248744.3,
    );
    assert.equal((await observation('gva_private_ownership', 'KZ', '2023')).value, 83069190.9);
    // the structure sheet names its first column "Structure of gross value added by Ownership" over "state ownership"
    assert.equal((await observation('gva_share_state_ownership', 'KZ', '2023')).value, 10);
    assert.equal(
      (await observation('gva_share_foreign_state_ownership_mining', 'KZ', '2010')).value,
      24.3,
    );
    // an empty cell is null with its reason; a printed 0 is a value
    const empty = await observation('gva_private_ownership_public_administration', 'KZ', '2023');
    assert.equal(empty.value, null);
    assert.match(empty.null_reason, /empty cell/);
    assert.equal(
      (await observation('gva_private_ownership_public_administration', 'KZ', '2010')).value,
      0,
    );
    // the column "GVA" of every branch and year is the GDP table's branch row at current prices
    const { raw } = await declaredPart('bns-dyn-gva-by-ownership');
    const gdp = await readDynamicTable(
      join(snapshotsDir(), 'bns-dynamic/gdp_by_production_method_current_prices.xls'),
      { sheet: '2010-2024', periods: 'flows', blocks: [{ heading: null, id: 'all' }] },
    );
    const annual = new Map(gdp.cells.map((c) => [`${c.label}|${c.period.period}`, c.value]));
    const totals = raw.cells.filter((c) => c.sub === 'GVA');
    assert.equal(totals.length, 21 * 14);
    for (const c of totals)
      assert.equal(
        annual.get(`${c.label}|${c.period.period}`),
        c.value,
        `${c.address} (${c.label}, ${c.header})`,
      );
  });

  test('housing prices by city: instants at the end of each year, a city at its city administration, programme footnotes on exactly their cells', async () => {
    const price = (indicator: string, place: string, year: number) =>
      observation(indicator, place, `${year}-12-31`);
    // "160 0005)": Zhezkazgan's 2023 new housing at 160 000 tenge under the Nurly Zher programme
    const zhezkazgan = await price('housing_price_new', 'KZ-62/KZ621000', 2023);
    assert.equal(zhezkazgan.value, 160000);
    assert.match(zhezkazgan.note, /Nurly Zher/);
    assert.doesNotMatch((await price('housing_price_new', 'KZ-62/KZ621000', 2024)).note, /Nurly/);
    // "4821971)": the national resale price of 2022 is 482 197, a weighted average from then on
    const resale = await price('housing_price_resale', 'KZ', 2022);
    assert.equal(resale.value, 482197);
    assert.match(resale.note, /weighted average/);
    assert.equal((await price('housing_price_new', 'KZ-71', 2024)).value, 595466);
    // "107,6*": Zhezkazgan's 2022 resale index from August 2022, a decimal comma
    const index = await price('housing_price_index_resale', 'KZ-62/KZ621000', 2022);
    assert.equal(index.value, 107.6);
    assert.match(index.note, /Data from August 2022/);
    assert.match(
      (await price('housing_price_index_resale', 'KZ-19/KZ191000', 2019)).null_reason,
      /not available/,
    );
    const ind = (
      await getJson(
        `/api/v1/indicators/${encodeURIComponent('indicator:housing_rent_price_index')}`,
      )
    ).data;
    assert.equal(ind.base.kind, 'december-previous-year');
    assert.equal(ind.period_kind, 'instant');
  });

  test('self-employed by activity: a title in column B, block headings in the first year column, the total row checked against the survey tables in thousands', async () => {
    const q = (indicator: string, period: string, sex: string) =>
      observation(indicator, 'KZ', period, { sex });
    const trade = await q('self_employed_by_activity_trade', '2023', '_T');
    assert.equal(trade.value, 693595);
    // "Self-employed population by economic activity1)" in B1: footnote 1 (OKED) on every value
    assert.match(trade.note, /Common Classifier of Economic Activities/);
    assert.equal((await q('self_employed_by_activity_agriculture', '2006', 'F')).value, 869925);
    assert.match((await q('self_employed_by_activity_mining', '2019', 'M')).null_reason, /no case/);
    // the total row, in persons, against the published thousands by sex: four cells differ by 0.1
    const { raw } = await declaredPart('bns-dyn-self-employed-ilo');
    const sex: Record<string, string> = { '0': '_T', '1': 'M', '2': 'F' };
    const differ: string[] = [];
    const totals = raw.cells.filter((c) => c.label === 'Self-employed, total');
    for (const c of totals) {
      const thousands =
        c.block === '0'
          ? await observation('self_employed_quarterly', 'KZ', c.period.period)
          : await q('self_employed_by_sex', c.period.period, sex[c.block]!);
      if (Math.round(c.value! / 100) / 10 !== thousands.value)
        differ.push(`${c.address} ${c.value} ${thousands.value}`);
    }
    assert.equal(totals.length, 3 * 19);
    assert.deepEqual(
      differ.sort(),
      ['G30 1364854 1364.8', 'B54 1318940 1319', 'H6 2693469 2693.4', 'J30 1255629 1255.7'].sort(),
    );
  });

  test('youth NEET by region: annual and quarterly sheets one indicator, the former South Kazakhstan to 2017, an unmarked footnote on every value', async () => {
    const neet = (place: string, period: string) => observation('neet_rate_youth', place, period);
    // 8.763382077681985 stored, 8.8 displayed and published
    const y2014 = await neet('KZ', '2014');
    assert.equal(y2014.value, 8.8);
    assert.match(y2014.note, /8\.763382077681985/);
    // "2014*": a key the sheet prints no text for
    assert.match(y2014.note, /prints no text for footnote \*/);
    assert.match(y2014.note, /aged 15-28/);
    assert.equal((await neet('KZ', '2024-Q4')).value, 6.6);
    assert.equal((await neet(SOUTH_KAZAKHSTAN_LEGACY, '2017')).value, 10.8);
    assert.match((await neet('KZ-61', '2017')).null_reason, /no case/);
    assert.equal((await neet('KZ-61', '2018')).value, 13.3);
    assert.equal((await neet('KZ-79', '2024')).value, 5.5);
    // their number, 2022-2024: the title's "*" (the law's ages) on every value; 2023 the new age range
    const number = await observation('neet_youth_number', 'KZ', '2022-Q1');
    assert.equal(number.value, 223046);
    assert.match(number.note, /increased to 35 years/);
    assert.equal((await observation('neet_youth_number', 'KZ-75', '2024')).value, 42229);
    // the annual sheet's "2014*" is not this sheet's footnote *
    assert.doesNotMatch((await neet('KZ', '2014')).note, /footnote \* of the table/);
  });

  test("youth by region: blocks under repeated two-row headers, one without a heading, the unemployment rate beside the other table's", async () => {
    const q = (indicator: string, place: string, period: string) =>
      observation(indicator, place, period);
    // "...for 2001-20241)": footnote 1 on the title, the year's digits kept apart from the key
    const lf = await q('youth_labour_force', 'KZ', '2011-Q3');
    assert.equal(lf.value, 2461);
    assert.match(lf.note, /aged 15-28/);
    assert.match(lf.note, /prints no text for footnote 4\)/);
    // the block without a heading: employees, the employed less the self-employed
    const [employed, employees, selfEmployed] = await Promise.all(
      ['youth_employed', 'youth_employees', 'youth_self_employed'].map((i) => q(i, 'KZ', '2015')),
    );
    assert.equal(employees.value, 1734.8);
    assert.equal(Math.round((employed.value - selfEmployed.value) * 10) / 10, employees.value);
    assert.match(employees.note, /19th ICLS/);
    // South Kazakhstan to 2017 here, its 0 of 2021 flagged
    assert.equal((await q('youth_labour_force', SOUTH_KAZAKHSTAN_LEGACY, '2017')).value, 294.7);
    assert.equal(
      (await q('youth_labour_force', SOUTH_KAZAKHSTAN_LEGACY, '2021-Q2')).status,
      'suspicious',
    );
    assert.equal((await q('youth_labour_force', 'KZ-71', '2024')).value !== null, true);
    // the same rate in two tables: 151 cells differ, both kept and linked
    const { raw: youth } = await declaredPart('bns-dyn-young-people', 2);
    const { raw: other } = await declaredPart('bns-dyn-youth-unemployment-rate-age-15-34');
    const label = (l: string) =>
      ({ 'Shimkent city': 'Shymkent city', 'Astana city': 'Nur-Sultan city' })[l] ?? l;
    const theirs = new Map(
      other.cells.map((c) => [`${label(c.label)}|${c.period.period}`, c.value]),
    );
    const rate = youth.cells.filter((c) => c.block === '5');
    assert.equal(rate.length, 2640);
    const differ = rate.filter((c) => theirs.get(`${c.label}|${c.period.period}`) !== c.value);
    assert.equal(differ.length, 151);
    assert.equal((await q('youth_unemployment_rate_youth_table', 'KZ', '2014-Q3')).value, 4.3);
    assert.equal((await q('youth_unemployment_rate_15_34', 'KZ', '2014-Q3')).value, 4.4);
    const ind = (
      await getJson(
        `/api/v1/indicators/${encodeURIComponent('indicator:youth_unemployment_rate_youth_table')}`,
      )
    ).data;
    assert.match(JSON.stringify(ind), /youth_unemployment_rate_15_34/);
  });

  test('monthly labour market estimates: a year over its months, three labels of one series, the months never estimated null', async () => {
    const q = (indicator: string, period: string) => observation(indicator, 'KZ', period);
    // "Economically active population" to 2015, "Labour force" from 2017: one series
    assert.equal((await q('labour_force_monthly_estimate', '2010-01')).value, 8448.4);
    assert.equal((await q('labour_force_monthly_estimate', '2017-01')).value, 8888.7);
    assert.equal((await q('unemployment_rate_monthly_estimate', '2025-02')).value, 4.6);
    const april2020 = await q('unemployed_monthly_estimate', '2020-04');
    assert.equal(april2020.value, null);
    assert.match(april2020.null_reason, /empty cell/);
    assert.match(
      (await q('employed_monthly_estimate', '2020-01')).note,
      /April 2020-June 2021 was not carried out/,
    );
    assert.equal((await q('employed_monthly_estimate', '2021-07')).value, 8812.9);
  });
});

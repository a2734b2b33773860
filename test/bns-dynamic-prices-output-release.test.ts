// The Bureau's dynamic tables of prices, national accounts and productivity in the release built from
// the pinned snapshots, through the production app: the traps bns-dynamic/NOTES.md names for them
// (groups and aggregates, two editions of one concept, months across, headings in a year column,
// footnotes on exactly their cells, cumulative periods, glued keys), each as a user meets it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

describe('the dynamic tables of prices, national accounts and productivity in the real release', () => {
  const { json: getJson, observation } = servedDynamicTables();

  test("consumer prices by group: each group its own indicator; the aggregate rows are the regional table's national values, published once", async () => {
    assert.equal(
      (await observation('cpi_group_food_dec_prev_dec', 'KZ', '2022-12-31')).value,
      125.5,
    );
    // "Connection", the table's English for communication
    assert.equal(
      (await observation('cpi_group_communication_year_prev_year', 'KZ', '2024')).value,
      108.2,
    );
    const raw = (await declaredPart('bns-dyn-consumer-prices-by-group')).raw;
    const same: Record<string, string> = {
      'Goods and services': 'cpi',
      'Food products': 'food_price_index',
      'Non-food products': 'nonfood_price_index',
      'Paid services': 'paid_services_price_index',
    };
    let compared = 0;
    for (const c of raw.cells.filter((c) => same[c.label])) {
      const atEnd = c.block === '0';
      const indicator = `${same[c.label]}_${atEnd ? 'dec_prev_dec' : 'year_prev_year'}`;
      const o = await observation(indicator, 'KZ', atEnd ? c.period.period_end : c.period.period);
      assert.equal(o.value, c.value, `${c.address} (${c.label}, ${c.header}) = ${indicator}`);
      assert.match(JSON.stringify(o.source), /bns-dyn-cpi-by-region/);
      compared++;
    }
    assert.equal(compared, 4 * 25 * 2);
  });

  test('the two editions of the quarterly unemployment rate are one concept, each with its source', async () => {
    const ind = await getJson(
      `/api/v1/indicators/${encodeURIComponent('indicator:unemployment_rate_lfs_quarterly')}`,
    );
    const data = ind.data;
    // declared here first; the tables that declare this one as theirs follow (same-concept.ts)
    assert.equal(data.same_concept[0].indicator, 'indicator:unemployment_rate_quarterly');
    assert.match(data.same_concept[0].difference, /later edition/);
    const a = await observation('unemployment_rate_lfs_quarterly', 'KZ', '2019');
    const b = await observation('unemployment_rate_quarterly', 'KZ', '2019');
    assert.equal(a.value, b.value);
    assert.match(JSON.stringify(a.source), /bns-dyn-unemployment-rate/);
    assert.match(JSON.stringify(b.source), /bns-unemployment-quarterly/);
    // where they differ, each says why: the earlier copy has no 2023 annual figure
    assert.equal((await observation('unemployment_rate_lfs_quarterly', 'KZ', '2023')).value, 4.7);
    assert.equal((await observation('unemployment_rate_quarterly', 'KZ', '2023')).value, null);
    const back = (
      await getJson(
        `/api/v1/indicators/${encodeURIComponent('indicator:unemployment_rate_quarterly')}`,
      )
    ).data;
    assert.match(back.same_concept[0].difference, /2023 annual cells empty/);
  });

  test('consumer prices by region in 2025: months across, a Kazakh month name, the cumulative block left out, the national row one concept with the National Bank copy', async () => {
    // "to the previous month": January 2025 of Abai (row "Abay")
    assert.equal((await observation('cpi_month_prev_month', 'KZ-10', '2025-01')).value, 101.2);
    // "by December of the previous year": the instant the month ends
    const dec = await observation('cpi_month_dec_prev_dec', 'KZ', '2025-03-31');
    assert.equal(dec.value, 103.9);
    // the last block, "to the corresponding period of the previous year" (January-February, January-March
    // against the same months of 2024; "Наурыз", Kazakh for March, on the food sheet), is read but not
    // published: the model has no period of two months from 1 January. Its national March cell of the
    // food sheet (D76) is 106.7; the month's own index (D52) is 107.6
    assert.equal(
      (await observation('food_price_index_month_same_month_prev_year', 'KZ', '2025-03')).value,
      107.6,
    );
    for (const indicator of ['prev_month', 'dec_prev_dec', 'same_month_prev_year']) {
      const published = await getJson(
        `/api/v1/observations?indicator=food_price_index_month_${indicator}&place=KZ`,
      );
      assert.ok(!published.data.some((o: { value: number | null }) => o.value === 106.7));
    }
    // April to December are printed empty: null with the reason, never a value
    const april = await observation(
      'paid_services_price_index_month_prev_month',
      'KZ-75',
      '2025-04',
    );
    assert.equal(april.value, null);
    assert.match(april.null_reason, /empty cell/);
    // one concept, two sources: the table's national row and the National Bank's copy agree
    for (const [ours, theirs, months] of [
      ['cpi_month_prev_month', 'cpi_prev_month', [101.1, 101.5, 101.3]],
      ['cpi_month_same_month_prev_year', 'cpi_same_month_prev_year', [108.9, 109.4, 110]],
    ] as const) {
      const ind = (await getJson(`/api/v1/indicators/${encodeURIComponent(`indicator:${ours}`)}`))
        .data;
      // declared here first; the tables that declare this one as theirs follow (same-concept.ts)
      assert.equal(ind.same_concept[0].indicator, `indicator:${theirs}`);
      for (const [i, v] of months.entries()) {
        const period = `2025-0${i + 1}`;
        const a = await observation(ours, 'KZ', period);
        const b = await observation(theirs, 'KZ', period);
        assert.deepEqual([a.value, b.value], [v, v], `${ours} ${period}`);
        assert.match(JSON.stringify(a.source), /bns-dyn-cpi-by-region-2025/);
      }
    }
  });

  test('services producer prices: "IV quarter to IV quarter of the previous year" is the IV quarter, every number stored as text', async () => {
    const o = await observation('storage_transport_support_ppi', 'KZ', '2018-Q4');
    assert.deepEqual([o.value, o.period_start, o.period_end], [102, '2018-10-01', '2018-12-31']);
    assert.match(o.note, /"102\.0"/);
    const ind = (
      await getJson(`/api/v1/indicators/${encodeURIComponent('indicator:rental_services_ppi')}`)
    ).data;
    assert.equal(ind.base.kind, 'same-period-previous-year');
    assert.equal(ind.base.name.en, 'IV quarter of the previous year = 100');
    assert.equal(
      (await observation('advertising_market_research_ppi', 'KZ', '2022-Q4')).value,
      106.1,
    );
  });

  test('producer prices by region: headings in the first year column; "including" footnotes on exactly their cells', async () => {
    const dec = 'industrial_ppi_dec_prev_dec';
    assert.equal((await observation(dec, 'KZ', '1992-12-31')).value, 3916.9);
    assert.equal((await observation('industrial_ppi_year_prev_year', 'KZ', '1992')).value, 2565.1);
    // "Turkistan1)": 1992-2017 including Shymkent city, not from 2018
    assert.match((await observation(dec, 'KZ-61', '2017-12-31')).note, /including Shymkent city/);
    assert.doesNotMatch((await observation(dec, 'KZ-61', '2018-12-31')).note ?? '', /Shymkent/);
    const shymkent2017 = await observation(dec, 'KZ-79', '2017-12-31');
    assert.equal(shymkent2017.value, null);
    assert.match(shymkent2017.null_reason, /not available/);
    // "Karagandy2)": 2022 including Ulytau region, whose own 2022 cell is empty
    const karagandy2022 = await observation(dec, 'KZ-35', '2022-12-31');
    assert.equal(karagandy2022.value, 98.3);
    assert.match(karagandy2022.note, /including Ulytau region/);
    assert.doesNotMatch((await observation(dec, 'KZ-35', '2021-12-31')).note ?? '', /Ulytau/);
    assert.equal((await observation(dec, 'KZ-62', '2022-12-31')).value, null);
  });

  test('postal and communication tariffs: national from 1998, regions from 2011, "100.6*" is 100.6 including Abai', async () => {
    assert.equal(
      (await observation('postal_courier_tariff_index_dec_prev_dec', 'KZ', '1998-12-31')).value,
      104.5,
    );
    // the regional sheet's national row equals the national sheet's: published once
    assert.equal(
      (await observation('communication_tariff_index_year_prev_year', 'KZ', '2011')).value,
      100.4,
    );
    assert.equal(
      (await observation('postal_courier_tariff_index_dec_prev_dec', 'KZ-11', '2011-12-31')).value,
      96.6,
    );
    // "сourier services" (a Cyrillic "с") is read all the same
    assert.equal(
      (await observation('courier_services_tariff_index_year_prev_year', 'KZ', '2024')).value,
      102.6,
    );
    const east = await observation('communication_tariff_index_year_prev_year', 'KZ-63', '2022');
    assert.equal(east.value, 100.6);
    assert.match(east.note, /including the Abay region/);
    assert.doesNotMatch(
      (await observation('communication_tariff_index_year_prev_year', 'KZ-63', '2023')).note ?? '',
      /Abay/,
    );
  });

  test('GDP deflator and structure: cumulative periods, displayed decimals, the 2024 flash estimate', async () => {
    const h1 = await observation('gdp_deflator', 'KZ', '2010-H1');
    // stored 120.2783271402941, displayed (and published) to one decimal
    assert.deepEqual(
      [h1.value, h1.period_start, h1.period_end],
      [120.3, '2010-01-01', '2010-06-30'],
    );
    assert.match(h1.note, /120\.2783271402941/);
    const share = await observation('gva_goods_share_of_gdp', 'KZ', '2010-Q1');
    assert.equal(share.value, 42.2); // stored 42.199999999999996
    const flash = await observation('gva_services_share_of_gdp', 'KZ', '2024');
    assert.equal(flash.status, 'estimate');
    const ind = (
      await getJson(`/api/v1/indicators/${encodeURIComponent('indicator:gdp_deflator')}`)
    ).data;
    assert.deepEqual([ind.period_kind, ind.frequency], ['cumulative', 'quarterly-cumulative']);
  });

  test('GDP per capita: years with glued keys, a label with two keys, roubles before 1993, one concept with the other GDP and population tables', async () => {
    // "Gross domestic product at current prices, mln.tenge1) 2)": both keys reach the row; key 1 only 1990-1992
    const y1992 = await observation('gdp_current_annual', 'KZ', '1992');
    assert.equal(y1992.value, 1217689.2);
    assert.match(y1992.note, /1990-1992 - of roubles/);
    assert.match(y1992.note, /began to produce since 1990/);
    assert.doesNotMatch(
      (await observation('gdp_current_annual', 'KZ', '1993')).note ?? '',
      /roubles/,
    );
    // equal to the production-method table's annual GDP in every year both hold
    for (let year = 2010; year <= 2024; year++) {
      const a = await observation('gdp_current_annual', 'KZ', String(year));
      const b = await observation('gdp_current', 'KZ', String(year));
      assert.equal(a.value, b.value, String(year));
    }
    // "20247)": 2024 is a flash estimate; "20215)": the 2021 population after the census
    assert.equal((await observation('gdp_per_capita_usd', 'KZ', '2024')).status, 'estimate');
    const pop2021 = await observation('population_gdp_per_capita_denominator', 'KZ', '2021');
    assert.equal(pop2021.value, 19000987);
    assert.match(pop2021.note, /updated based on the results of the population census/);
    const pop = (
      await getJson(
        `/api/v1/indicators/${encodeURIComponent('indicator:population_gdp_per_capita_denominator')}`,
      )
    ).data;
    assert.deepEqual(
      pop.same_concept.map((s: { indicator: string }) => s.indicator),
      ['indicator:population'],
    );
    assert.match(pop.same_concept[0].difference, /19,000,687/);
    // "-" before the tenge's rate: no case, never 0
    const rate1993 = await observation('usd_kzt_rate_annual_average', 'KZ', '1993');
    assert.equal(rate1993.value, null);
    assert.match(rate1993.null_reason, /no case/);
    assert.equal((await observation('usd_kzt_rate_annual_average', 'KZ', '2022')).value, 460.48);
  });

  test('labour productivity: thousand tenge per employed person, cumulative, "year3)" the methodology from 2017 on', async () => {
    const q1 = await observation('labour_productivity_gva_per_employed', 'KZ', '2010-Q1');
    assert.deepEqual([q1.value, q1.period_end], [445.3, '2010-03-31']);
    assert.equal(
      (await observation('labour_productivity_gva_per_employed', 'KZ', '2010')).value,
      2437.3,
    );
    assert.match(
      (await observation('labour_productivity_gva_per_employed', 'KZ', '2018')).note,
      /new Methodology/,
    );
    assert.doesNotMatch(
      (await observation('labour_productivity_gva_per_employed', 'KZ', '2016')).note ?? '',
      /Methodology/,
    );
    assert.match(
      (await observation('labour_productivity_gva_per_employed', 'KZ', '2023')).note,
      /2023 have been republished/,
    );
    // the branch rows, indented with leading spaces, and the footnotes on their labels
    assert.equal(
      (await observation('labour_productivity_gva_per_employed_mining', 'KZ', '2010')).value,
      21933.9,
    );
    const agri = (period: string) =>
      observation('labour_productivity_gva_per_employed_agriculture', 'KZ', period);
    assert.match((await agri('2015')).note, /2015-2018\. was recalculated/);
    assert.doesNotMatch((await agri('2014')).note ?? '', /recalculated/);
    assert.doesNotMatch((await agri('2019')).note ?? '', /recalculated/);
    assert.match(
      (await observation('labour_productivity_gva_per_employed_real_estate', 'KZ', '2010-Q1')).note,
      /excludes conditional accommodation/,
    );
  });
  test('labour productivity indices: "1 )" is footnote 1; on the sheets against 2019 and 2022 the label keys are not the sheet\'s footnotes', async () => {
    const re = await observation('labour_productivity_index_real_estate', 'KZ', '2010');
    assert.equal(re.value, 92.6);
    assert.match(re.note, /excludes conditional accommodation/);
    assert.equal((await observation('labour_productivity_index', 'KZ', '2024-9M')).value, 103.6);
    // "Real estate activities 1)" against 2019: this sheet's 1) is "Data for 2023 have been republished",
    // which reaches the 2023 column through its header, never the row through the copied label
    const re2019 = (period: string) =>
      observation('labour_productivity_index_2019_100_real_estate', 'KZ', period);
    const y2020 = await re2019('2020');
    assert.doesNotMatch(y2020.note, /republished/);
    assert.match(y2020.note, /carries key 1\), which is not this sheet's footnote 1\)/);
    assert.match((await re2019('2023')).note, /2023 have been republished/);
    const ind = (
      await getJson(
        `/api/v1/indicators/${encodeURIComponent('indicator:labour_productivity_index_2022_100')}`,
      )
    ).data;
    assert.deepEqual([ind.base.kind, ind.base.year], ['fixed-year', 2022]);
    assert.equal(
      (await observation('labour_productivity_index_2022_100', 'KZ', '2022-Q1')).value,
      100,
    );
    assert.equal(
      (await observation('labour_productivity_index_2022_100', 'KZ', '2024-9M')).value,
      106.2,
    );
  });
});

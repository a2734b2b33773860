// The Bureau's dynamic tables in the release built from the pinned snapshots, through the production
// app: every table declared with the `dynamic-table` reader (sources/datasets/) is read raw, cell by
// cell, by its shape (bns-dynamic-table.ts), and a sample of its cells in every block (all of a place's
// row for some) must be what /api/v1/observations answers for the indicator, place and period the
// declaration maps the cell to; then the traps bns-dynamic/NOTES.md names, each as a user meets it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { readDynamicTable } from '../src/sources/bns-dynamic-table.js';
import { tableSpecOf, type DynamicPointsPart } from '../src/sources/bns-dynamic-points.js';
import { loadRegistry } from '../src/sources/registry/load.js';
import type { DynamicTableReader } from '../src/sources/registry/reader-schemas.js';
import { SOUTH_KAZAKHSTAN_LEGACY } from '../src/sources/bns-reforms.js';
import { realRelease } from './support/release.js';

describe('the dynamic tables in the real release', () => {
  let app: DalaApp;
  let base: string;
  const getJson = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    assert.equal(res.status, 200, path);
    return (await res.json()) as any;
  };
  const observation = async (
    indicator: string,
    place: string,
    period: string,
    dimensions: Record<string, string> = {},
  ) => {
    const q = new URLSearchParams({ indicator, place, period, ...dimensions });
    const body = await getJson(`/api/v1/observations?${q}`);
    assert.equal(
      body.data.length,
      1,
      `${indicator} ${place} ${period}: ${body.data.length} observations`,
    );
    return body.data[0];
  };
  before(async () => {
    const { releasesDir } = await realRelease();
    app = await buildApp({
      releasesDir,
      logger: false,
      v1: { rateLimit: { burst: 1_000_000, refillPerSecond: 100_000 } },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());
  /** A declared part of a source's table (the first by default), and its cells read raw by its shape. */
  const declaredPart = async (sourceId: string, index = 0) => {
    const registry = await loadRegistry(SOURCES_DIR, (p) => join(snapshotsDir(), p));
    const table = registry.tables.find((t) => t.source.id === sourceId)!;
    const part = (table.reader as DynamicTableReader).parts[index]!;
    const raw = await readDynamicTable(
      join(snapshotsDir(), table.snapshots[0]!),
      tableSpecOf(part as DynamicPointsPart),
    );
    return { part, raw };
  };

  test('sampled raw cells of every declared dynamic table equal what v1 answers', async () => {
    const registry = await loadRegistry(SOURCES_DIR, (p) => join(snapshotsDir(), p));
    const tables = registry.tables.filter((t) => t.reader.kind === 'dynamic-table');
    assert.ok(tables.length >= 9, `${tables.length} dynamic tables declared`);
    let compared = 0;
    for (const t of tables) {
      const reader = t.reader as DynamicTableReader;
      const moved = new Set((reader.moves ?? []).map((m) => m.from));
      for (const part of reader.parts) {
        const raw = await readDynamicTable(
          join(snapshotsDir(), t.snapshots[0]!),
          tableSpecOf(part as DynamicPointsPart),
        );
        // every 53rd cell, and the last cell of each block: all positions of the table over the sample
        const sample = raw.cells.filter(
          (c, i, all) => i % 53 === 0 || all[i + 1]?.block !== c.block,
        );
        for (const c of sample) {
          const block = part.blocks[Number(c.block)]!;
          // a column under its year may be its own indicator (the illegal part of the unobserved economy)
          const sub = c.sub === null ? undefined : part.subColumns?.[c.sub];
          if (
            part.skip?.includes(c.label) ||
            block.skip ||
            sub?.skip ||
            sub?.skipRows?.includes(c.label)
          )
            continue;
          const indicator = block.metric ?? sub?.metric ?? (sub?.rows ?? block.rows!)[c.label]!;
          const place = block.metric ? reader.places![c.label]! : (part.place ?? 'KZ');
          if (moved.has(place)) continue; // a footnote gives those values to another place: below
          // a value at the end of the period is the instant its column ends; a year's IV quarter is that quarter
          const period = block.atEnd
            ? c.period.period_end
            : block.fourthQuarter
              ? `${c.period.period}-Q4`
              : c.period.period;
          const o = await observation(indicator, place, period, {
            ...block.dimensions,
            ...sub?.dimensions,
          });
          assert.equal(
            o.value,
            c.value,
            `${t.snapshots[0]} ${part.sheet}!${c.address} (${c.label}, ${c.header})`,
          );
          if (c.value === null)
            assert.ok(o.null_reason, `${part.sheet}!${c.address} null without a reason`);
          compared++;
        }
      }
    }
    assert.ok(compared > 200, `${compared} cells compared`);
  });

  test('labour tables: Turkestan 2010-2017 are the Bureau\'s estimates, South Kazakhstan keeps its quarters, "-" is no case', async () => {
    const turkestan = await observation('unemployment_rate_lfs_quarterly', 'KZ-61', '2012');
    assert.equal(turkestan.value, 5.3);
    assert.equal(turkestan.status, 'estimate');
    assert.match(turkestan.note, /from 2010 to 2017 estimates based on data from SKO/);
    const skoQuarter = await observation('employed_quarterly', SOUTH_KAZAKHSTAN_LEGACY, '2012-Q3');
    assert.equal(typeof skoQuarter.value, 'number');
    const skoYear = await observation('employed_quarterly', SOUTH_KAZAKHSTAN_LEGACY, '2012');
    assert.equal(skoYear.value, null);
    assert.match(skoYear.null_reason, /no case/);
    // the 0 in the 2021 year cell of South Kazakhstan (DB18), where the region no longer existed
    const zero = await observation(
      'outside_labour_force_quarterly',
      SOUTH_KAZAKHSTAN_LEGACY,
      '2021',
    );
    assert.equal(zero.value, 0);
    assert.equal(zero.status, 'suspicious');
    // "20193) year": from 2019 the 15-24 table is annual only, and says so
    const youth = await observation('youth_unemployment_rate_15_24', 'KZ', '2019');
    assert.equal(youth.value, 3.6);
    assert.match(youth.note, /annual basis/);
  });

  test('consumer prices by region: the Turkistan row before 2018 is the former South Kazakhstan region', async () => {
    // row 21, column Z (2017) of the first block: "Turkistan", footnote "*) Data for 1993-2017 for the South Kazakhstan region"
    const sko = await observation('cpi_dec_prev_dec', SOUTH_KAZAKHSTAN_LEGACY, '2017-12-31');
    assert.equal(sko.value, 107.2);
    assert.match(sko.note, /Data for 1993-2017 for the South Kazakhstan region/);
    const turkistan2017 = await observation('cpi_dec_prev_dec', 'KZ-61', '2017-12-31');
    assert.equal(turkistan2017.value, null);
    assert.match(turkistan2017.null_reason, /holds KZ-SOUTH-KAZAKHSTAN-LEGACY in 1993-2017/);
    assert.equal((await observation('cpi_dec_prev_dec', 'KZ-61', '2018-12-31')).value, 104.8);
    // the two bases are two indicators, each stating its base in three languages
    const dec = (
      await getJson(`/api/v1/indicators/${encodeURIComponent('indicator:cpi_dec_prev_dec')}`)
    ).data;
    assert.equal(dec.base.kind, 'december-previous-year');
    assert.equal(dec.period_kind, 'instant');
    assert.ok(dec.base.name.ru && dec.base.name.kk);
    const avg = (
      await getJson(`/api/v1/indicators/${encodeURIComponent('indicator:cpi_year_prev_year')}`)
    ).data;
    assert.equal(avg.base.kind, 'same-period-previous-year');
    // January-December bases start in 1996: 1993-1995 are "…", null with the reason
    const y1995 = await observation('cpi_year_prev_year', 'KZ', '1995');
    assert.equal(y1995.value, null);
    assert.match(y1995.null_reason, /not available/);
  });

  test('an "including" footnote reaches exactly the cells it covers', async () => {
    // wholesale prices: "Shymkent city1)", footnote "1) 2006-2018 - Shymkent city, including Turkestan region"
    const shymkent2010 = await observation(
      'wholesale_price_index_dec_prev_dec',
      'KZ-79',
      '2010-12-31',
    );
    assert.equal(shymkent2010.value, 112.8);
    assert.match(shymkent2010.note, /including Turkestan region/);
    const shymkent2019 = await observation(
      'wholesale_price_index_dec_prev_dec',
      'KZ-79',
      '2019-12-31',
    );
    assert.doesNotMatch(shymkent2019.note ?? '', /including Turkestan region/);
    // freight tariffs: "100.01)" in Almaty region's 2022 cell is 100.0 with "including the Zhetisu region"
    const almaty2022 = await observation(
      'freight_tariff_index_dec_prev_dec',
      'KZ-19',
      '2022-12-31',
    );
    assert.equal(almaty2022.value, 100);
    assert.match(almaty2022.note, /including the Zhetisu region/);
    const almaty2021 = await observation(
      'freight_tariff_index_dec_prev_dec',
      'KZ-19',
      '2021-12-31',
    );
    assert.doesNotMatch(almaty2021.note ?? '', /Zhetisu/);
    const akmola2022 = await observation(
      'freight_tariff_index_dec_prev_dec',
      'KZ-11',
      '2022-12-31',
    );
    assert.doesNotMatch(akmola2022.note ?? '', /including/);
  });

  test('GDP is cumulative from 1 January, never added up by the time machine, and 2024 is a flash estimate', async () => {
    const flash = await observation('gdp_current', 'KZ', '2024');
    assert.equal(flash.status, 'estimate');
    assert.match(flash.note, /flash estimates/);
    const year = await observation('gdp_current', 'KZ', '2010');
    assert.equal(year.value, 21815517);
    const h1 = await observation('gdp_current', 'KZ', '2010-H1');
    assert.deepEqual(
      [h1.value, h1.period_start, h1.period_end],
      [8712143.9, '2010-01-01', '2010-06-30'],
    );
    const res = await getJson(
      '/api/timemachine/series?metric=gdp_current&start_date=2010-01-01&end_date=2010-12-31&granularity=year',
    );
    const text = JSON.stringify(res);
    // the year bucket is the table's own annual total, not Q1 + H1 + 9M + year
    assert.match(text, /21815517[,}]/);
    assert.doesNotMatch(text, /48683767/); // Q1 + H1 + 9M + year
    const ind = (await getJson(`/api/v1/indicators/${encodeURIComponent('indicator:gdp_current')}`))
      .data;
    assert.equal(ind.period_kind, 'cumulative');
    assert.equal(ind.frequency, 'quarterly-cumulative');
  });

  test('a base that changes inside a row is said on exactly the values before or after the change', async () => {
    // fisheries: "*) until 2020 price indices by December of the previous year", printed on the title
    const fish2020 = await observation('fisheries_price_index', 'KZ', '2020-12-31');
    assert.equal(fish2020.value, 100.1);
    assert.match(fish2020.note, /until 2020 price indices by December of the previous year/);
    const fish2021 = await observation('fisheries_price_index', 'KZ', '2021-12-31');
    assert.equal(fish2021.value, 104.4);
    assert.doesNotMatch(fish2021.note ?? '', /until 2020/);
    // commercial rent: "*) since 2022, price indices to the 4th quarter of the previous year"
    const rent2021 = await observation('commercial_rent_price_index', 'KZ', '2021-12-31');
    assert.equal(rent2021.value, 102.2);
    assert.doesNotMatch(rent2021.note ?? '', /4th quarter/);
    const rent2022 = await observation('commercial_rent_price_index', 'KZ', '2022-12-31');
    assert.equal(rent2022.value, 101.8);
    assert.match(rent2022.note, /since 2022, price indices to the 4th quarter/);
    // December 2015 = 100: forestry's row carries "1) Since 2017, price indices for the 4th quarter of 2015"
    const forestry2016 = await observation('forestry_ppi_index_dec_2015_100', 'KZ', '2016-12-31');
    assert.equal(forestry2016.value, 107.5);
    assert.doesNotMatch(forestry2016.note ?? '', /4th quarter/);
    const forestry2017 = await observation('forestry_ppi_index_dec_2015_100', 'KZ', '2017-12-31');
    assert.equal(forestry2017.value, 112.1);
    assert.match(forestry2017.note, /Since 2017, price indices for the 4th quarter of 2015/);
    const fixed = (
      await getJson(`/api/v1/indicators/${encodeURIComponent('indicator:cpi_index_dec_2000_100')}`)
    ).data;
    assert.deepEqual([fixed.base.kind, fixed.base.year], ['fixed-year', 2000]);
    assert.equal(fixed.base.name.en, 'December 2000 = 100');
  });

  test('national price tables: a padded text number with a decimal comma, and "…" before a series starts', async () => {
    // "        489,2": the 2019 producer price index against December 2000, stored as padded text
    const ppi = await observation('industrial_ppi_index_dec_2000_100', 'KZ', '2019-12-31');
    assert.equal(ppi.value, 489.2);
    assert.match(ppi.note, /489,2/);
    // construction 2014: "104,4" as text beside real numbers in the same row
    assert.equal(
      (await observation('construction_price_index_dec_prev_dec', 'KZ', '2014-12-31')).value,
      104.4,
    );
    assert.equal(
      (await observation('construction_price_index_year_prev_year', 'KZ', '1995')).value,
      319.4,
    );
    // agricultural producer prices: the December block starts in 1993; 1992 is "…"
    const agri1992 = await observation(
      'agricultural_producer_price_index_dec_prev_dec',
      'KZ',
      '1992-12-31',
    );
    assert.equal(agri1992.value, null);
    assert.match(agri1992.null_reason, /not available/);
    assert.equal(
      (await observation('agricultural_producer_price_index_year_prev_year', 'KZ', '1992')).value,
      1031.7,
    );
  });

  test('years in row blocks: each block of rows takes its years from the header row above it', async () => {
    // the subsistence minimum: 1997-2009 in rows 3-24, 2010-2022 in rows 26-47, 2023-2024 in rows 49-70
    const kz = (period: string) => observation('subsistence_minimum_per_capita', 'KZ', period);
    assert.equal((await kz('1997')).value, 3505);
    assert.equal((await kz('2010')).value, 13487);
    assert.equal((await kz('2023')).value, 48738);
    assert.equal((await kz('2024')).value, 51058);
    // the change block: 1998-2010, 2011-2023, then 2024 alone in its own block (row 121)
    assert.equal((await observation('subsistence_minimum_change', 'KZ', '2024')).value, 104.8);
    assert.equal((await observation('subsistence_minimum_change', 'KZ-10', '2023')).value, 110.5);
    // "2006*": an asterisk the table prints no text for, said on the values; footnote 1 from 2006 on
    const y2006 = await kz('2006');
    assert.equal(y2006.value, 8410);
    assert.match(y2006.note, /prints no text for footnote \*/);
    assert.match(y2006.note, /methodology has been changed since January 1, 2006/);
    assert.doesNotMatch((await kz('2005')).note ?? '', /methodology/);
    assert.match((await kz('2018')).note, /structure of the subsistence minimum has been changed/);
    assert.doesNotMatch((await kz('2017')).note ?? '', /structure/);
    // "3) 1997 - 2018 data for the South Kazakhstan region": the Turkistan row before 2019
    const sko = await observation(
      'subsistence_minimum_per_capita',
      SOUTH_KAZAKHSTAN_LEGACY,
      '2017',
    );
    assert.equal(sko.value, 22545);
    assert.match(sko.note, /1997 - 2018 data for the South Kazakhstan region/);
    assert.equal(
      (await observation('subsistence_minimum_per_capita', 'KZ-61', '2017')).value,
      null,
    );
    assert.equal(
      (await observation('subsistence_minimum_per_capita', 'KZ-61', '2019')).value,
      28023,
    );
  });

  test('two label columns: the English label in column B, a region with no Russian label read all the same', async () => {
    const dec = 'industrial_purchase_price_index_dec_prev_dec';
    assert.equal((await observation(dec, 'KZ', '1997-12-31')).value, 118.6);
    // Abai's row has column A empty and "Abai" in B: 2023 is "98.7" (text), before it "…"
    assert.equal((await observation(dec, 'KZ-10', '2023-12-31')).value, 98.7);
    const abai2022 = await observation(dec, 'KZ-10', '2022-12-31');
    assert.equal(abai2022.value, null);
    assert.match(abai2022.null_reason, /not available/);
    // "Turkistan1)": 1997-2018 Turkistan region including Shymkent city; not in 2019
    assert.match((await observation(dec, 'KZ-61', '2010-12-31')).note, /including Shymkent city/);
    assert.doesNotMatch((await observation(dec, 'KZ-61', '2019-12-31')).note ?? '', /Shymkent/);
    assert.match((await observation(dec, 'KZ-19', '2022-12-31')).note, /including Zhetisu region/);
    assert.doesNotMatch((await observation(dec, 'KZ-19', '2023-12-31')).note ?? '', /Zhetisu/);
    assert.equal(
      (await observation('industrial_purchase_price_index_year_prev_year', 'KZ', '1997')).value,
      112.5,
    );
  });

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
    assert.deepEqual(
      data.same_concept.map((s: { indicator: string }) => s.indicator),
      ['indicator:unemployment_rate_quarterly'],
    );
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
      assert.deepEqual(
        ind.same_concept.map((s: { indicator: string }) => s.indicator),
        [`indicator:${theirs}`],
      );
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

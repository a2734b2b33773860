// The Bureau's dynamic tables in the release built from the pinned snapshots, through the production
// app: every table declared with the `dynamic-table` reader (sources/datasets/) is read raw, cell by
// cell, by its shape (bns-dynamic-table.ts), and a sample of its cells in every block (all of a place's
// row for some) must be what /api/v1/observations answers for the indicator, place and period the
// declaration maps the cell to; then the traps bns-dynamic/NOTES.md names, each as a user meets it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { readDynamicTable } from '../src/sources/bns-dynamic-table.js';
import { tableSpecOf, type DynamicPointsPart } from '../src/sources/bns-dynamic-points.js';
import { loadRegistry } from '../src/sources/registry/load.js';
import type { DynamicTableReader } from '../src/sources/registry/reader-schemas.js';
import { SOUTH_KAZAKHSTAN_LEGACY } from '../src/sources/bns-reforms.js';
import { servedDynamicTables } from './support/dynamic-release.js';

describe('the dynamic tables in the real release', () => {
  const { json: getJson, observation } = servedDynamicTables();

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
          const sub = c.sub === null || part.placesAcross ? undefined : part.subColumns?.[c.sub];
          if (
            part.skip?.includes(c.label) ||
            block.skip ||
            sub?.skip ||
            sub?.skipRows?.includes(c.label)
          )
            continue;
          // as the reader: a column's own indicator before its block's (a status under each quarter)
          const indicator = sub?.metric ?? block.metric ?? (sub?.rows ?? block.rows!)[c.label]!;
          const place = part.placesAcross
            ? reader.places![c.sub!]!
            : block.metric && !part.yearsDown
              ? reader.places![c.label]!
              : (part.place ?? 'KZ');
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
            ...block.rowDimensions?.[c.label],
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
});

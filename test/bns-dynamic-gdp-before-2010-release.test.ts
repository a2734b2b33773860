// The Bureau's GDP by the production method before 2010 (bns-dynamic/NOTES.md: the sheets of 1990-1997,
// 1998-2006 and 2007-2009 of the tables at current prices, of the volume index, the deflator and the
// structure) in the release built from the pinned snapshots, through the production app: every
// published cell equal to its raw cell; GDP one series from 1990, its 1990-1992 in roubles as the
// sheet's unit row prints; the branches of each classification series of their own; the 2007-2009
// years the sheet of 1998-2006 prints beside the sheet of 2007-2009 equal to it and published once.
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { describe, test } from 'node:test';
import { declaredPart, servedDynamicTables } from './support/dynamic-release.js';

const MLN_ROUBLES = 'mln RUB (Soviet/Russian rouble)';
const CURRENT = 'bns-dyn-gdp-by-production-method-current-prices';
// each table's parts: 0 the sheet "2010-2024", then the sheets of 1990-1997, 1998-2006 and 2007-2009,
// with the rows each prints (the structure's row "Gross domestic product", 100, is not published)
const SHEETS = [
  [CURRENT, [26 * 8, 29 * 12, 28 * 12]],
  ['bns-dyn-gdp-volume-index-by-production-method', [26 * 7, 29 * 9, 28 * 12]],
  ['bns-dyn-gdp-deflator-by-production-method', [26 * 7, 29 * 9, 28 * 12]],
  ['bns-dyn-gdp-structure-by-production-method', [25 * 8, 28 * 9, 27 * 12]],
] as const;

describe('GDP by the production method before 2010 in the real release', () => {
  const served = servedDynamicTables();
  const { observation, compareEveryCell } = served;

  test('every cell of the sheets before 2010 equals its raw cell through v1', async () => {
    for (const [source, counts] of SHEETS)
      for (const [i, count] of counts.entries())
        assert.equal(await compareEveryCell(source, i + 1), count, `${source} part ${i + 1}`);
  });

  test('GDP is one series from 1990, in million roubles for 1990-1992 as the unit row prints', async () => {
    for (const [year, value, unit] of [
      [1990, 47870.5, MLN_ROUBLES],
      [1992, 1217689.2, MLN_ROUBLES],
      [1993, 29423.1, 'million KZT'],
      [2009, 17007647, 'million KZT'],
    ] as const) {
      const o = await observation('gdp_current', 'KZ', String(year));
      assert.deepEqual([o.value, o.unit], [value, unit], String(year));
      // the per-capita table prints the same GDP in its one row 1990-2024
      assert.equal((await observation('gdp_current_annual', 'KZ', String(year))).value, value);
    }
    // an all-Union branch: industry, 1990 (B5) in roubles, 1993 (E5) in tenge
    const industry1990 = await observation('gva_okonh_industry_current', 'KZ', '1990');
    assert.deepEqual([industry1990.value, industry1990.unit], [9821.4, MLN_ROUBLES]);
    assert.match(industry1990.note, /unit over this column \(B3\): "mln\. rubles"/);
    assert.equal(
      (await observation('gva_okonh_industry_current', 'KZ', '1993')).unit,
      'million KZT',
    );
    const res = await fetch(
      `${served.base()}/sdmx/2.1/data/gdp_current?startPeriod=1991&endPeriod=1993`,
      { headers: { accept: 'text/csv' } },
    );
    assert.equal(res.status, 200);
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    // SDMX splits "mln" into UNIT_MULT 6 (src/serve/sdmx/structures.ts unitParts)
    assert.deepEqual(
      rows
        .filter((r) => /^\d{4}$/.test(r.TIME_PERIOD!))
        .map((r) => [r.TIME_PERIOD, r.UNIT_MEASURE, r.UNIT_MULT]),
      [
        ['1991', 'RUB (Soviet/Russian rouble)', '6'],
        ['1992', 'RUB (Soviet/Russian rouble)', '6'],
        ['1993', 'million KZT', '0'],
      ],
    );
  });

  test('2007-2009 of the sheet of 1998-2006 equal the sheet of 2007-2009 and are published once', async () => {
    const { raw } = await declaredPart(CURRENT, 2);
    const late = raw.cells.filter((c) => Number(c.period.period) >= 2007);
    // 29 rows x 3 years: 27 the later sheet prints too, and the 2 it sums into one
    assert.equal(late.length, 29 * 3);
    const body = await served.json(
      '/api/v1/observations?indicator=gva_oked2003_mining_current&place=KZ&period=2008',
    );
    assert.equal(body.data.length, 1);
    assert.equal(body.data[0].value, 3003647.4);
    // "Providing of other services" (2007-2009) is the sum of the two rows the earlier sheet prints apart
    const sum =
      (await observation('gva_oked2003_community_services_current', 'KZ', '2007')).value +
      (await observation('gva_oked2003_households_current', 'KZ', '2007')).value;
    assert.equal(
      Math.round(sum * 10) / 10,
      (await observation('gva_oked2003_other_services_current', 'KZ', '2007')).value,
    );
  });

  test('a branch of another classification is another indicator, never the series from 2010', async () => {
    const points = (await served.json('/data/datasets/gdp-by-production-method.json')).points as {
      metric: string;
      period: string;
    }[];
    const years = (metric: string) =>
      [
        ...new Set(points.filter((p) => p.metric === metric).map((p) => p.period.slice(0, 4))),
      ].sort();
    assert.deepEqual(years('gva_okonh_industry_current'), [
      '1990',
      '1991',
      '1992',
      '1993',
      '1994',
      '1995',
      '1996',
      '1997',
    ]);
    assert.equal(years('gva_oked2003_industry_volume')[0], '1998');
    assert.equal(years('gva_oked2003_industry_volume').at(-1), '2009');
    assert.equal(years('gva_current')[0], '2010');
    assert.equal(years('gdp_volume')[0], '1991');
  });
});

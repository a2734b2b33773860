// The Bureau's dynamic tables that call their values estimates, read from the production app serving
// the real release: a table titled "(estimated data)" holds estimates in every cell, and a footnote
// "flash estimates" glued to the 2024 year column makes that column's values estimates. An estimate is
// an estimate on every route: /data/, /api/v1, the time machine and SDMX (OBS_STATUS E). What is
// expected is stated from the tables' own words (bns-dynamic/NOTES.md), not from the declarations.
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { describe, test } from 'node:test';
import { servedRealRelease } from './support/real-app.js';

interface DataPoint {
  metric: string;
  period: string;
  value: number | null;
  status: string;
  note: string | null;
}

const served = servedRealRelease({ rateLimit: { burst: 1_000_000, refillPerSecond: 100_000 } });
const get = async (path: string): Promise<any> => {
  const res = await fetch(`${served.base()}${path}`);
  assert.equal(res.status, 200, path);
  return res.json();
};
const observation = async (indicator: string, period: string) => {
  const body = await get(
    `/api/v1/observations?${new URLSearchParams({ indicator, place: 'KZ', period })}`,
  );
  assert.equal(body.data.length, 1, `${indicator} ${period}`);
  return body.data[0];
};
const sdmx = async (path: string): Promise<Record<string, string>[]> => {
  const res = await fetch(`${served.base()}${path}`, { headers: { accept: 'text/csv' } });
  assert.equal(res.status, 200, path);
  return parse(await res.text(), { columns: true }) as Record<string, string>[];
};

describe("the Bureau's estimates in its dynamic tables are estimates on every route", () => {
  const MONTHLY = [
    'labour_force_monthly_estimate',
    'employed_monthly_estimate',
    'unemployed_monthly_estimate',
    'unemployment_rate_monthly_estimate',
  ];

  test('every value of "Main indicators of labor market per month, 2010-2025 (estimated data)" has status estimate in /data/ and v1, the title said on it', async () => {
    const points = (await get('/data/datasets/labour-market-monthly-estimates.json'))
      .points as DataPoint[];
    const valued = points.filter((p) => p.value !== null);
    // four rows, January 2010 to February 2025 less the 15 months April 2020-June 2021 never estimated
    assert.equal(valued.length, 4 * (15 * 12 + 2 - 15));
    assert.deepEqual([...new Set(valued.map((p) => p.metric))].sort(), [...MONTHLY].sort());
    for (const p of valued) {
      assert.equal(p.status, 'estimate', `${p.metric} ${p.period}`);
      assert.match(p.note ?? '', /\(estimated data\)/, `${p.metric} ${p.period}: the title said`);
    }
    for (const metric of MONTHLY) {
      const o = await observation(metric, '2010-01');
      assert.equal(o.status, 'estimate', `v1 ${metric} 2010-01`);
      assert.match(o.note, /estimated data/);
    }
    // a month the Bureau never estimated is a null, no estimate of anything
    const april2020 = await observation('unemployed_monthly_estimate', '2020-04');
    assert.equal(april2020.value, null);
  });

  test('the time machine and SDMX carry them as estimates: each month, and the year made of them', async () => {
    const months = await get(
      '/api/timemachine/series?metric=unemployment_rate_monthly_estimate&granularity=month&start_date=2024-01-01&end_date=2024-12-31',
    );
    const points = months.series[0].points as DataPoint[];
    assert.equal(points.length, 12);
    for (const p of points) assert.equal(p.status, 'estimate', `time machine ${p.period}`);
    const year = await get(
      '/api/timemachine/series?metric=unemployment_rate_monthly_estimate&granularity=year&start_date=2024-01-01&end_date=2024-12-31',
    );
    assert.equal(year.series[0].points[0].status, 'estimate', 'the mean of twelve estimates');
    const rows = await sdmx(
      '/sdmx/2.1/data/unemployment_rate_monthly_estimate/M.KZ?startPeriod=2024-01&endPeriod=2024-12',
    );
    assert.equal(rows.length, 12);
    for (const r of rows) assert.equal(r.OBS_STATUS, 'E', `SDMX ${r.TIME_PERIOD}`);
  });

  test('the 2024 flash estimates of GDP are estimates on v1 and SDMX, and only the 2024 year column', async () => {
    for (const metric of ['gdp_current', 'gdp_volume', 'gdp_deflator', 'gdp_per_capita']) {
      const flash = await observation(metric, '2024');
      assert.equal(flash.status, 'estimate', `${metric} 2024`);
      assert.match(flash.note, /flash estimates/, `${metric} 2024: the footnote said`);
      assert.equal((await observation(metric, '2023')).status, 'final', `${metric} 2023`);
    }
    // the footnote is glued to the year's column alone: the 9 months of 2024 are the table's own figure
    assert.equal((await observation('gdp_current', '2024-9M')).status, 'final');
    const rows = await sdmx('/sdmx/2.1/data/gdp_current/A.KZ?startPeriod=2023&endPeriod=2024');
    const status = (period: string) => rows.find((r) => r.TIME_PERIOD === period)?.OBS_STATUS;
    assert.equal(status('2024'), 'E');
    assert.equal(status('2023'), 'A');
  });
});

// Each value of the Bureau's dynamic tables in the unit its table says it is in, read from the
// production app serving the real release: the table "Gross domestic product per capita" prints its
// GDP (mln tenge) and GDP per capita (tenge) for 1990-1992 "of roubles" (its footnote 1: "1990-1992 -
// of roubles, since 1993 - of tenge"), so those six values are in roubles on every route, and never
// labelled tenge. What is expected is stated from the table's words (bns-dynamic/NOTES.md).
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { describe, test } from 'node:test';
import { servedRealRelease } from './support/real-app.js';

const MLN_ROUBLES = 'mln RUB (Soviet/Russian rouble)';
const ROUBLES = 'RUB (Soviet/Russian rouble)';

const served = servedRealRelease({ rateLimit: { burst: 1_000_000, refillPerSecond: 100_000 } });
const get = async (path: string): Promise<any> => {
  const res = await fetch(`${served.base()}${path}`);
  assert.equal(res.status, 200, path);
  return res.json();
};

describe('the GDP of 1990-1992 in roubles, as the table says, on every route', () => {
  const expected = (metric: string, year: number) =>
    year <= 1992
      ? metric === 'gdp_current_annual'
        ? MLN_ROUBLES
        : ROUBLES
      : metric === 'gdp_current_annual'
        ? 'million KZT'
        : 'KZT';

  test('v1 and /data/ give 1990-1992 in roubles and 1993 on in tenge', async () => {
    for (const metric of ['gdp_current_annual', 'gdp_per_capita'])
      for (const year of [1990, 1991, 1992, 1993, 2024]) {
        const q = new URLSearchParams({ indicator: metric, place: 'KZ', period: String(year) });
        const [o] = (await get(`/api/v1/observations?${q}`)).data;
        assert.equal(o.unit, expected(metric, year), `v1 ${metric} ${year}`);
      }
    const points = (await get('/data/datasets/gdp-by-production-method.json')).points as any[];
    const early = points.filter(
      (p) =>
        ['gdp_current_annual', 'gdp_per_capita'].includes(p.metric) &&
        Number(p.period) >= 1990 &&
        Number(p.period) <= 1993,
    );
    assert.equal(early.length, 8);
    for (const p of early)
      assert.equal(p.unit, expected(p.metric, Number(p.period)), `/data/ ${p.metric} ${p.period}`);
  });

  test('SDMX gives each observation its own UNIT_MEASURE, and the time machine names both units', async () => {
    const res = await fetch(
      `${served.base()}/sdmx/2.1/data/gdp_per_capita/A.KZ?startPeriod=1991&endPeriod=1994`,
      { headers: { accept: 'text/csv' } },
    );
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    assert.deepEqual(
      rows.map((r) => [r.TIME_PERIOD, r.UNIT_MEASURE]),
      [
        ['1991', ROUBLES],
        ['1992', ROUBLES],
        ['1993', 'KZT'],
        ['1994', 'KZT'],
      ],
    );
    const series = await get(
      '/api/timemachine/series?metric=gdp_current_annual&granularity=year&start_date=1990-01-01&end_date=1995-12-31',
    );
    assert.deepEqual([...series.units].sort(), [MLN_ROUBLES, 'million KZT'].sort());
    for (const p of series.series[0].points)
      assert.equal(p.unit, expected('gdp_current_annual', Number(p.period)), p.period);
  });
});

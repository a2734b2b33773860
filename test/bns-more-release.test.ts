// The bns-more tables in the release built from the pinned snapshots, through the production app:
// each family on /data/ (datasets, catalog, official indicators, region analytics) and on v1 (the
// personal data at the foot of the district bulletin: personal-data-release.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { SOUTH_KAZAKHSTAN_LEGACY } from '../src/sources/bns-reforms.js';
import { realRelease } from './support/release.js';

describe('the bns-more families in the real release', () => {
  let app: DalaApp;
  let base: string;
  const getJson = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    assert.equal(res.status, 200, path);
    return (await res.json()) as any;
  };
  before(async () => {
    const { releasesDir } = await realRelease();
    app = await buildApp({ releasesDir, logger: false });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  test('each table is a dataset with its own file, sources and freshness in the catalog', async () => {
    const catalog = await getJson('/data/dataset-catalog.json');
    const expected: Record<string, string> = {
      doctors: '2022-12-31',
      'household-expenditure': '2022-12-31',
      'employment-agency-applicants': '2021-12-31',
      // a dataset is as fresh as its oldest part: GRP per capita's annual indicators end in 2022, its
      // cumulative ones at 9 months 2023 (listed among the parts)
      'unemployment-quarterly': '2023-12-31',
      'grp-per-capita': '2022-12-31',
      'bus-transport': '2022-12-31',
    };
    for (const [id, asOf] of Object.entries(expected)) {
      const d = catalog.datasets.find((x: any) => x.id === `dataset:${id}`);
      assert.ok(d, id);
      assert.equal(d.freshness.as_of, asOf, id);
      if (id === 'grp-per-capita')
        assert.ok(
          d.freshness.parts.some((p: { as_of: string | null }) => p.as_of === '2023-09-30'),
          'the cumulative part reaches 9 months 2023',
        );
      // a quarterly table is due one quarter and its publication after its last quarter, not a year
      assert.equal(d.freshness.sla_days, id === 'unemployment-quarterly' ? 135 : 400, id);
      // tables that stop in 2021-2023 are reported stale against the Bureau's annual cadence, not hidden
      assert.equal(d.freshness.status, 'stale', id);
      const json = d.distributions.find((x: any) => x.media_type === 'application/json');
      const file = await getJson(json.url);
      assert.ok(file.points.length > 300, id);
      assert.ok(
        file.points.every((p: any) => p.unit && (p.value !== null || p.null_reason)),
        id,
      );
    }
  });

  test('official indicators and region analytics carry the new families with their own periods', async () => {
    const ori = await getJson('/data/official-regional-indicators.json');
    const almatyCity = ori.regions.find((r: any) => r.iso === 'KZ-75');
    assert.equal(almatyCity.health.doctors.value, 13859);
    assert.equal(almatyCity.transport.buses_in_stock.period, '2022');
    assert.equal(almatyCity.labour.unemployment_rate_quarterly.period, '2023-Q4');
    assert.equal(almatyCity.economy.grp_per_capita_cumulative.period, '2023-9M');
    assert.equal(ori.national.employment_agency_applicants.value, 681310);
    const analytics = await getJson('/data/region-analytics/almaty.json');
    const doctors2016 = analytics.series.doctors.find((p: any) => p.period === '2016');
    assert.equal(doctors2016.status, 'suspicious');
  });

  test('v1 answers the new indicators: the suspicious doctors cell, the former region, the confidential bus cell', async () => {
    const doctors = await getJson('/api/v1/observations?indicator=doctors&place=KZ-75&period=2016');
    assert.equal(doctors.data[0].value, 16332);
    assert.equal(doctors.data[0].status, 'suspicious');
    const sko = await getJson(
      `/api/v1/observations?indicator=doctors&place=${encodeURIComponent(SOUTH_KAZAKHSTAN_LEGACY)}&period=2017`,
    );
    assert.equal(sko.data[0].value, 9384);
    const bus = await getJson(
      '/api/v1/observations?indicator=bus_passengers&place=KZ-11&period=2018',
    );
    assert.equal(bus.data[0].value, null);
    assert.match(bus.data[0].null_reason, /confidential/);
    const q = await getJson(
      '/api/v1/observations?indicator=unemployment_rate_quarterly&place=KZ&period=2019-Q3',
    );
    assert.equal(q.data[0].value, 4.8);
  });
});

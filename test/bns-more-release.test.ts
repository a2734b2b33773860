// The bns-more tables in the release built from the pinned snapshots, through the production app:
// each family on /data/ (datasets, catalog, official indicators, region analytics) and on v1, and
// no byte of the release carrying the personal data printed at the foot of the district bulletin.
import { snapshotsDir } from '../src/lib/config.js';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { SOUTH_KAZAKHSTAN_LEGACY } from '../src/sources/bns-reforms.js';
import { realRelease } from './support/release.js';

const SNAP = snapshotsDir();
const BULLETIN = 'bns-more/population_by_region_district_sex_urban_rural_2023-01-01.xlsx';

/** The staff names, phone numbers and e-mail of the bulletin's rows 512-516 (sheet "03"), read from the snapshot itself. */
function personalTokens(): string[] {
  const ws = XLSX.read(readFileSync(join(SNAP, BULLETIN))).Sheets['03']!;
  const cells: string[] = [];
  for (let r = 512; r <= 516; r++)
    for (const c of ['A', 'B', 'C', 'D', 'E', 'F', 'G'])
      if (ws[`${c}${r}`]) cells.push(String(ws[`${c}${r}`].v));
  const tokens = new Set<string>();
  for (const text of cells) {
    for (const m of text.matchAll(/[\w.]+@[\w.]+/gu)) tokens.add(m[0]);
    for (const m of text.matchAll(/\+7 \d{4} (\d{6})/gu)) tokens.add(m[1]!);
    // "Орынд. Е. Көпес", "Н. Ханжігітов": the surname after an initial
    for (const m of text.matchAll(/[А-ЯЁӘҒҚҢӨҰҮҺІ]\. ([А-ЯЁӘҒҚҢӨҰҮҺІ][а-яёәғқңөұүһі]+)/gu))
      tokens.add(m[1]!);
  }
  return [...tokens];
}

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

describe('the bns-more families in the real release', () => {
  let app: DalaApp;
  let base: string;
  let releasesDir: string;
  const getJson = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    assert.equal(res.status, 200, path);
    return (await res.json()) as any;
  };
  before(async () => {
    ({ releasesDir } = await realRelease());
    app = await buildApp({ releasesDir, logger: false });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  test('no released byte carries the names, phones or e-mail printed at the foot of the district bulletin', () => {
    const tokens = personalTokens();
    assert.ok(tokens.length >= 5, `tokens read from the bulletin: ${tokens.join(', ')}`);
    let scanned = 0;
    for (const file of filesUnder(releasesDir)) {
      let bytes = readFileSync(file);
      if (file.endsWith('.gz')) bytes = gunzipSync(bytes);
      if (file.endsWith('.br')) bytes = brotliDecompressSync(bytes);
      const text = bytes.toString('utf8');
      for (const t of tokens) assert.ok(!text.includes(t), `${file} contains "${t}"`);
      scanned++;
    }
    assert.ok(scanned > 400, `${scanned} files scanned`);
  });

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

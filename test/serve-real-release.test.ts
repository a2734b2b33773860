// The served real release: every /data/ file answers with the sealed bytes, and the time-slice
// routes answer on the real Bureau series.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { readSeal, verifyRelease } from '../src/release/verify.js';
import { SealedFile } from '../src/serve/releases/sealed-file.js';
import { startServer } from '../src/serve/server.js';
import { get } from './support/http-client.js';
import { realRelease } from './support/release.js';
import { SOUTH_KAZAKHSTAN_LEGACY } from '../src/sources/bns-reforms.js';
import { join } from 'node:path';

describe('serving the release built from the pinned snapshots', () => {
  let app: DalaApp;
  let base: string;
  let files: { path: string; sha256: string; media_type: string }[];
  before(async () => {
    const { releasesDir, revision } = await realRelease();
    files = (await verifyRelease(join(releasesDir, revision))).files.filter((f) =>
      f.path.startsWith('data/'),
    );
    app = await buildApp({ releasesDir, logger: false });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  test('every /data/ path answers 200 with bytes whose sha256 matches the seal, and its media type', async () => {
    assert.ok(files.length > 200);
    for (const f of files) {
      const res = await fetch(`${base}/${f.path}`, { headers: { 'accept-encoding': 'identity' } });
      assert.equal(res.status, 200, f.path);
      const sha = createHash('sha256')
        .update(Buffer.from(await res.arrayBuffer()))
        .digest('hex');
      assert.equal(sha, f.sha256, f.path);
      assert.equal(
        res.headers.get('content-type')?.split(';')[0],
        f.media_type.split(';')[0],
        f.path,
      );
    }
  });

  test('dala serve at start reads each data file on its first request: every file and every sealed gzip and br variant it sends is the sealed bytes', async () => {
    const { releasesDir, revision } = await realRelease();
    const seal = await readSeal(join(releasesDir, revision));
    const variant = new Map((seal.variants ?? []).map((v) => [`${v.of} ${v.coding}`, v.sha256]));
    const server = await startServer({
      releasesDir,
      host: '127.0.0.1',
      port: 0,
      logger: false,
      pollMs: 60_000,
      listenBeforeApp: true,
      answerBeforeStoreVerified: true,
      readAheadData: false,
    });
    try {
      assert.ok(
        [...server.app.releases.current().files.values()].every(
          (f) => f instanceof SealedFile && !f.isHeld,
        ),
        'nothing read before the first request',
      );
      let variants = 0;
      for (const f of files) {
        for (const coding of ['gzip', 'br', 'identity']) {
          const r = await get(server.url, `/${f.path}`, undefined, { 'accept-encoding': coding }); // as sent: fetch would inflate it
          const encoding = String(r.headers['content-encoding'] ?? 'identity');
          assert.equal(r.status, 200, `${f.path} ${coding}`);
          const expected =
            encoding === 'identity' ? f.sha256 : variant.get(`${f.path} ${encoding}`);
          if (encoding !== 'identity') variants++;
          assert.equal(
            createHash('sha256').update(r.body).digest('hex'),
            expected,
            `${f.path} ${coding} sent as ${encoding}`,
          );
        }
      }
      // every variant the seal lists was sent (PDFs and other compressed formats have none)
      assert.ok(variant.size > 0);
      assert.equal(variants, variant.size, 'every sealed variant was sent');
    } finally {
      await server.close();
    }
  });

  test('snapshot at a date gives each place the latest population period ending on or before it', async () => {
    const res = await fetch(`${base}/api/timemachine/snapshot?date=2020-06-30&layers=demography`);
    assert.equal(res.status, 200);
    const text = JSON.stringify(await res.json());
    assert.match(
      text,
      /"2019"/,
      'the 2019 annual figure is the latest ending on or before 2020-06-30',
    );
    assert.doesNotMatch(text, /"period":"2020"/);
  });

  test('series of GRP cumulative by month keeps each quarter-to-date period as published', async () => {
    const res = await fetch(
      `${base}/api/timemachine/series?metric=grp_cumulative&start_date=2022-01-01&end_date=2022-12-31&granularity=month`,
    );
    assert.equal(res.status, 200);
    const body = JSON.stringify(await res.json());
    for (const period of ['2022-Q1', '2022-H1', '2022-9M']) assert.match(body, new RegExp(period));
    assert.doesNotMatch(body, /"value":0[,}]/);
  });

  // bns-extra families on every route and file that carries indicators
  const getJson = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    assert.equal(res.status, 200, path);
    return (await res.json()) as any;
  };

  test('the health and environment layers answer a time slice with the Bureau values of 2022', async () => {
    const health = JSON.stringify(
      await getJson('/api/timemachine/snapshot?date=2022-12-31&layers=health'),
    );
    for (const m of ['life_expectancy', 'life_expectancy;sex=F;area=R', 'hospital_organisations'])
      assert.match(health, new RegExp(`"${m}"`));
    assert.match(health, /74\.21/, 'Kyzylorda life expectancy 2022');
    const env = JSON.stringify(
      await getJson('/api/timemachine/snapshot?date=2022-12-31&layers=environment,income'),
    );
    for (const m of [
      'air_emissions_stationary',
      'environmental_protection_expenditure',
      'income_per_capita_nominal',
    ])
      assert.match(env, new RegExp(`"${m}"`));
    assert.match(env, /2314\.8/, 'national emissions 2022');
  });

  test('v1 answers the new indicators with three names and their observations with unit and break notes', async () => {
    const ind = await getJson(
      `/api/v1/indicators/${encodeURIComponent('indicator:life_expectancy')}`,
    );
    assert.deepEqual(ind.data.names, {
      en: 'Life expectancy at birth',
      ru: 'Ожидаемая продолжительность жизни при рождении',
      kk: 'Туғандағы күтілетін өмір сүру ұзақтығы',
    });
    const obs = await getJson(
      '/api/v1/observations?indicator=hospital_organisations&place=KZ-19&period=2022',
    );
    assert.equal(obs.data.length, 1);
    assert.equal(obs.data[0].value, 44);
    assert.equal(obs.data[0].unit, 'count');
    assert.match(obs.data[0].note, /series break/);
    const sko = await getJson(
      `/api/v1/observations?indicator=life_expectancy&place=${encodeURIComponent(SOUTH_KAZAKHSTAN_LEGACY)}&period=2016`,
    );
    assert.equal(sko.data[0].value, 72.58);
  });

  test('search finds life expectancy in kk, ru and en and by its short names', async () => {
    for (const q of [
      'ОПЖ',
      'life expectancy',
      'өмір сүру ұзақтығы',
      'Ожидаемая продолжительность жизни при рождении',
      'Туғандағы күтілетін өмір сүру ұзақтығы',
    ]) {
      const body = await getJson(`/api/v1/search?q=${encodeURIComponent(q)}&type=indicator`);
      assert.ok(
        body.data.some((h: any) => h.id === 'indicator:life_expectancy'),
        q,
      );
    }
    const income = await getJson(
      `/api/v1/search?q=${encodeURIComponent('доходы населения')}&type=indicator`,
    );
    assert.ok(income.data.some((h: any) => h.id === 'indicator:income_per_capita_nominal'));
  });

  test('the files carry the five families: regional indicators, analytics, datasets, catalog, provenance, passports, quality', async () => {
    const ori = await getJson('/data/official-regional-indicators.json');
    const kyzylorda = ori.regions.find((r: any) => r.iso === 'KZ-43');
    assert.equal(kyzylorda.health.life_expectancy.value, 74.21);
    assert.equal(kyzylorda.health.life_expectancy.period, '2022');
    assert.equal(kyzylorda.environment.air_emissions_stationary.value, 23.4);
    assert.equal(kyzylorda.income.income_per_capita_nominal.period, '2020');
    const abai = ori.regions.find((r: any) => r.iso === 'KZ-10');
    assert.equal(abai.income.income_per_capita_nominal.value, null);
    assert.equal(ori.national.hospital_organisations.value, 818);
    const almaty = await getJson('/data/region-analytics/almaty-region.json');
    const h2022 = almaty.series.hospital_organisations.find((p: any) => p.period === '2022');
    assert.equal(h2022.value, 44);
    assert.match(h2022.note, /series break/);
    const health = await getJson('/data/datasets/health.json');
    assert.ok(health.points.some((p: any) => p.metric === 'life_expectancy_male_urban'));
    const catalog = await getJson('/data/datasets/index.json');
    for (const id of ['health', 'environment', 'household-income'])
      assert.ok(
        catalog.datasets.some((d: any) => d.slug === id),
        id,
      );
    const prov = await getJson('/data/datasets/provenance.json');
    for (const f of [
      'bns-extra/life_expectancy_at_birth_by_region.xlsx',
      'bns-extra/emissions_stationary_sources_by_region.xls',
      'bns-extra/income_per_capita_nominal_by_region.csv',
    ]) {
      assert.match(
        prov.snapshots.find((s: any) => s.path === f)?.sha256 ?? '',
        /^[0-9a-f]{64}$/,
        f,
      );
    }
    assert.ok(prov.checksums.some((c: any) => c.path === '/data/datasets/environment.json'));
    const passports = await getJson('/data/indicator-passports/manifest.json');
    for (const m of [
      'life_expectancy',
      'hospital_organisations',
      'air_emissions_stationary',
      'environmental_protection_expenditure',
      'income_per_capita_nominal',
    ]) {
      assert.ok(
        passports.files.some((f: any) => f.subject === `indicator:${m}`),
        m,
      );
    }
    const quality = await getJson('/data/quality-report.json');
    const le = quality.regional_statistics.find((c: any) => c.indicator === 'life_expectancy');
    assert.deepEqual([le.values, le.nulls, le.series_breaks], [417, 105, 5]);
    assert.equal(quality.checks.find((c: any) => c.id === 'border-changes-marked').passed, true);
    const pulse = await getJson('/data/country-pulse.json');
    assert.equal(pulse.indicators.length, 6);
  });

  test("emissions per km² is derived only for values in today's borders, with its formula and inputs", async () => {
    const karaganda = await getJson('/data/region-analytics/karaganda.json');
    const derived = karaganda.derived.air_emissions_per_km2;
    assert.deepEqual(
      derived.map((d: any) => d.period),
      ['2022'],
      "no earlier year is divided by today's area",
    );
    assert.equal(derived[0].derived, true);
    assert.match(derived[0].formula, /× 1000 ÷ area_km2/);
    assert.equal(derived[0].inputs.emissions.value, 469);
    assert.equal(
      derived[0].value,
      Math.round(((469 * 1000) / karaganda.region.area_km2) * 1000) / 1000,
    );
    assert.equal(derived[0].unit, 'tonnes per km²');
  });

  test('timemachine points keep their unit, status and note: GRP 1990-1992 in roubles, 2023 preliminary, suspicious unemployment', async () => {
    const get = async (path: string) => (await fetch(base + path)).json() as Promise<any>;
    const grp = await get('/api/timemachine/series?metric=grp&place=KZ');
    const pts = Object.fromEntries(grp.series[0].points.map((p: any) => [p.period, p]));
    assert.match(pts['1991'].unit, /RUB|rouble/i);
    assert.match(pts['1991'].note, /rouble/);
    assert.equal(pts['2010'].unit, 'mln KZT');
    assert.equal(pts['2023'].status, 'preliminary');
    assert.equal(grp.units.length, 2, 'a unit that changes over time is stated at the top level');
    assert.deepEqual(
      grp.unit_changes.map((u: any) => u.first_period),
      ['1990', '1993'],
    );
    const unemployment = await get(
      '/api/timemachine/series?metric=unemployment_rate&place=KZ&start_date=2019-01-01&end_date=2019-12-31',
    );
    const y2019 = unemployment.series[0].points.find((p: any) => p.period === '2019');
    assert.equal(y2019.status, 'suspicious');
    assert.ok(y2019.note);
    const snap = await get('/api/timemachine/snapshot?date=1991-12-31&layers=economy&place=KZ');
    assert.match(snap.points.find((p: any) => p.metric === 'grp').unit, /RUB|rouble/i);
  });
});

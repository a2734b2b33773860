// What surrounds the numbers in the release built from the pinned snapshots is true: every point
// keeps its unit, status and note; every referenced place is an entity; statuses say what was done;
// computed claims (quality checks, counts, geometry, catalog links, PDFs) compute what they say.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { validityErrors } from '../src/geo/index.js';
import { SOURCES_DIR } from '../src/lib/config.js';
import { refuseFutureData } from '../src/model/datasets.js';
import { evaluateFreshness } from '../src/publish/freshness.js';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { evaluateFreshness as v1Freshness } from '../src/serve/v1/freshness.js';
import { realRelease } from './support/release.js';
import { tempDir } from './support/temp-dir.js';

const noPdftotext = spawnSync('pdftotext', ['-v']).error !== undefined;

describe('the real release says only what is true', () => {
  let app: DalaApp;
  let base: string;
  const data = async (path: string) => {
    const res = await fetch(`${base}/data/${path}`);
    assert.equal(res.status, 200, path);
    return res;
  };
  const json = async (path: string) => (await data(path)).json() as Promise<any>;
  const v1 = async (path: string) => {
    const res = await fetch(`${base}/api/v1${path}`);
    return { status: res.status, body: (await res.json()) as any };
  };
  before(async () => {
    const { releasesDir } = await realRelease();
    app = await buildApp({ releasesDir, logger: false });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  test('every point of every series file carries unit, status and note; 1990-1992 GRP is in million roubles', async () => {
    for (const id of ['population', 'labour-market', 'gross-regional-product']) {
      const file = await json(`datasets/${id}.json`);
      for (const p of file.points) {
        for (const key of ['unit', 'status', 'note'])
          assert.ok(key in p, `${id} ${p.metric} ${p.place} ${p.period} lacks ${key}`);
        if (p.status !== 'final')
          assert.ok(p.note, `${id} ${p.place} ${p.period} is ${p.status} without a note`);
      }
      const csv = await (await data(`datasets/${id}.csv`)).text();
      assert.match(csv.split('\r\n')[0]!, /,unit,.*,status,.*,note$/);
    }
    const grp = (await json('datasets/gross-regional-product.json')).points;
    const at = (place: string, period: string) =>
      grp.find(
        (p: any) =>
          p.metric === (period.includes('-') ? 'grp_cumulative' : 'grp') &&
          p.place === place &&
          p.period === period,
      );
    assert.equal(at('KZ', '1991').unit, 'mln RUB (Soviet/Russian rouble)');
    assert.equal(at('KZ', '2023').status, 'preliminary');
    assert.match(at('KZ', '2023').note, /preliminary/);
    assert.match(at('KZ-19', '2022-Q1').note, /series break/);
    const unemployment = (await json('datasets/labour-market.json')).points.find(
      (p: any) => p.metric === 'unemployment_rate' && p.place === 'KZ' && p.period === '2019',
    );
    assert.equal(unemployment.status, 'suspicious');
  });

  test('every place an observation or series references is an entity served by /api/v1/places', async () => {
    const places = new Set<string>();
    for (const o of (await json('public-observations.json')).observations) places.add(o.place);
    for (const id of ['population', 'labour-market', 'gross-regional-product'])
      for (const p of (await json(`datasets/${id}.json`)).points) places.add(p.place);
    assert.ok(places.has('KZ') && places.has('KZ-SOUTH-KAZAKHSTAN-LEGACY'));
    for (const place of places)
      assert.equal((await v1(`/places/place:${place}`)).status, 200, `place:${place}`);
    const south = (await v1('/places/place:KZ-SOUTH-KAZAKHSTAN-LEGACY')).body.data;
    assert.equal(south.names.ru, 'Южно-Казахстанская область');
    const rel = (await v1('/relations?subject=place:KZ-SOUTH-KAZAKHSTAN-LEGACY')).body.data;
    assert.deepEqual(rel.map((r: any) => [r.predicate, r.object, r.valid_from]).sort(), [
      ['renamed_to', 'place:KZ-61', '2018-06-19'],
      ['split_into', 'place:KZ-79', '2018-06-19'],
    ]);
    assert.deepEqual((await v1('/places/place:KZ-19')).body.data.names, {
      en: 'Almaty Region',
      ru: 'Алматинская область',
      kk: 'Алматы облысы',
    });
  });

  test('statuses say what was done: same_as and district links are matched_by_code, never reviewed', async () => {
    const sameAs = (await v1('/relations?subject=place:KZ-35')).body.data.filter(
      (r: any) => r.predicate === 'same_as',
    );
    assert.equal(sameAs.length, 1);
    assert.equal(sameAs[0].review_status, 'matched_by_code');
    const district = (await v1('/relations?subject=place:KZ-35/KZ351600')).body.data;
    assert.ok(district.every((r: any) => r.review_status === 'matched_by_code'));
    assert.deepEqual((await json('reviewed-entity-links.json')).links, []);
    const locations = (await json('entities.json')).locations;
    for (const l of locations.filter((x: any) => x.review_status === 'reviewed'))
      assert.ok(l.source_url.startsWith('https://'), l.id);
  });

  test('/api/timemachine/events serves only reviewed events dated on or before the build; holidays are a separate calendar', async () => {
    const manifest = await json('release-manifest.json');
    const events = (await (await fetch(`${base}/api/timemachine/events`)).json()) as any[];
    // exactly the hand table's reviewed rows: none is served on a news report of its decree alone
    const table = JSON.parse(readFileSync(join(SOURCES_DIR, 'events.json'), 'utf8')) as any[];
    assert.deepEqual(
      events.map((e) => e.id).sort(),
      table
        .filter((e) => e.review_status === 'reviewed')
        .map((e) => e.id)
        .sort(),
    );
    for (const e of events) {
      assert.equal(e.review_status, 'reviewed', e.id);
      assert.notEqual(e.kind, 'holiday', e.id);
      assert.ok(e.date <= manifest.built_at.slice(0, 10), e.id);
    }
    // the catalogue's span of the events dataset is the span of the events it lists, or the build
    // day when it lists none (never the dates of rows it leaves out)
    const built = manifest.built_at.slice(0, 10);
    const dates = events.map((e) => e.date as string).sort();
    const dcat = (await json('dcat-catalog.jsonld'))['@graph'] as any[];
    const span = dcat.find((n) => String(n['@id']).endsWith('dataset:events#temporal'));
    assert.deepEqual(
      [span['dcat:startDate']['@value'], span['dcat:endDate']['@value']],
      [dates[0] ?? built, dates.at(-1) ?? built],
    );
    const calendar = await json('public-holidays.json');
    assert.equal(calendar.review_status, 'unreviewed');
    for (const h of calendar.holidays) {
      assert.doesNotMatch(
        `${h.title.ru} ${h.title.kk}`,
        /substitute|[A-Za-z]/,
        `${h.date} ${h.title.en}`,
      );
      if (h.title.en === 'Orthodox Christmas') assert.notEqual(h.title.kk, h.title.ru);
    }
  });

  test('v1 sources have no English copy in ru or kk: the title is absent and the fallback is said', async () => {
    const source = (await v1('/sources/source:geokz')).body.data;
    assert.equal(source.names.ru, null);
    assert.equal(source.names.kk, null);
    assert.equal(source.name_fallback.ru, 'en');
  });

  test('quality checks compute what they say, and a failed one is stated in the summary', async () => {
    const report = await json('quality-report.json');
    const failed = report.checks.filter((c: any) => !c.passed).map((c: any) => c.id);
    assert.deepEqual(report.summary.checks_failed, failed);
    const zero = report.checks.find((c: any) => c.id === 'no-zero-for-missing');
    assert.match(zero.detail, /^0 values equal to 0/);
    // the Bureau's 0 for South Kazakhstan after it ceased to exist is counted as printed and explained
    assert.match(zero.detail, /, [1-9]\d* zeros printed by the source where it may mean no data/);
    assert.equal(zero.passed, true);
    const prelim = report.checks.find((c: any) => c.id === 'preliminary-values-flagged');
    assert.equal(prelim.passed, true);
    assert.match(prelim.detail, /grp 2023/);
  });

  test('the catalogs list only files the release holds', async () => {
    const catalog = await json('datasets/index.json');
    for (const d of catalog.datasets)
      for (const dist of d.distributions)
        assert.equal((await fetch(`${base}${dist.url}`)).status, 200, dist.url);
    const csv = await (await data('datasets/index.csv')).text();
    for (const url of csv.match(/\/data\/[^,\r\n]+/g) ?? [])
      assert.equal((await fetch(`${base}${url}`)).status, 200, url);
  });

  test('the 224 districts are published, valid and simplified within the stated tolerance, and served by v1 geometry', async () => {
    const contract = await json('geo-layer-contract.json');
    const adm2 = await json('geo/kz_adm2_districts.geojson');
    assert.equal(adm2.features.length, 224);
    assert.equal(contract.adm2.count, 224);
    assert.ok(contract.adm2.bytes <= adm2.simplification.max_bytes);
    assert.ok(adm2.simplification.max_area_error <= adm2.simplification.max_area_error_limit);
    for (const f of adm2.features.slice(0, 30))
      assert.deepEqual(validityErrors(f.geometry), [], f.id);
    const geometry = await v1('/places/place:KZ-35%2FKZ351600/geometry');
    assert.equal(geometry.status, 200);
    assert.equal(geometry.body.data.geojson.features[0].id, 'place:KZ-35/KZ351600');
    const centres = (await json('entities.json')).locations.filter(
      (l: any) => l.kind === 'admin_centre',
    );
    assert.equal(contract.centres.count, centres.length);
  });

  test('the media sample is a synthetic demonstration within the release dates, citing nothing real', async () => {
    const digest = await json('media-weekly-digest.json');
    assert.equal(digest.provenance.label, 'synthetic demonstration');
    for (const d of digest.per_day) assert.ok(d.key <= digest.as_of, d.key);
    const indicator = (await v1('/indicators/indicator:media_publications')).body.data;
    assert.doesNotMatch(JSON.stringify(indicator), /gov\.kz/);
  });

  test(
    "PDFs print a labelled data hash, one observation prefix, the brief's sources whole and GRP 2023 as preliminary",
    { skip: noPdftotext },
    async () => {
      const dir = tempDir('dala-truth-pdf-');
      const text = async (path: string) => {
        const file = join(dir, path.replace(/\//g, '_'));
        writeFileSync(file, Buffer.from(await (await data(path)).arrayBuffer()));
        const out = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
        return out.stdout.replace(/\s+/g, ' ');
      };
      try {
        const brief = await text('region-briefs/almaty-region.pdf');
        assert.match(brief, /\(preliminary\)/);
        assert.match(brief, /Bureau of National Statistics, element 6576/);
        assert.match(brief, /Data content hash [0-9a-f]{16}/);
        const card = await text('media-kit/grp-kz.pdf');
        assert.doesNotMatch(card, /observation:observation:/);
        assert.match(card, /observation:grp:KZ:2023/);
        const passport = await text('indicator-passports/grp.pdf');
        assert.match(passport, /Published for 21 places/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

test('a build older than its data is refused; freshness never turns a negative age into fresh', () => {
  assert.throws(
    () => refuseFutureData([{ id: 'population', as_of: '2025-12-31' } as never], '2025-06-01'),
    /dataset population: as_of 2025-12-31 is after the build date 2025-06-01/,
  );
  const future = evaluateFreshness(
    { as_of: '2025-12-31', sla_days: 400, historical: false },
    new Date('2025-06-01T00:00:00Z'),
  );
  assert.equal(future.status, 'unknown');
  assert.equal(future.age_days, null);
  assert.match(future.reason[0]!, /after the evaluation instant/);
  // v1 and the files use the one evaluation, with the same words
  const now = new Date('2026-11-22T00:00:00Z');
  assert.deepEqual(
    v1Freshness({ as_of: '2024-12-31', sla_days: 400 }, now),
    evaluateFreshness({ as_of: '2024-12-31', sla_days: 400, historical: false }, now),
  );
});

// The Bureau's SDG platform in the release built from the pinned snapshots, through the production
// app: every cell asked on /api/v1 equals its raw cell in the platform's data file (read here by
// column name, independently of the reader), the names are the platform's own in kk and ru, search
// finds an indicator by its national number and its names, and the indicators are in the catalog,
// the SDMX dataflows, DCAT and the Data Package.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { snapshotsDir } from '../src/lib/config.js';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { realRelease } from './support/release.js';

/** The raw cell of a platform file: the Value of the one row whose named cells are `where`. */
function rawCell(id: string, where: Record<string, string>): number {
  const text = readFileSync(join(snapshotsDir(), `kazstat-sdg/data/indicator_${id}.csv`), 'utf8');
  const [header, ...rows] = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const columns = header!.split(',');
  const matches = rows
    .map((r) => Object.fromEntries(r.split(',').map((v, i) => [columns[i], v.trim()])))
    .filter((r) =>
      columns.every((c) => c === 'Value' || c === '' || (r[c] ?? '') === (where[c] ?? '')),
    );
  assert.equal(matches.length, 1, `${id} ${JSON.stringify(where)}: ${matches.length} raw rows`);
  return Number(matches[0]!.Value);
}

describe("the SDG platform's indicators in the real release", () => {
  let app: DalaApp;
  let base: string;
  const getJson = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    assert.equal(res.status, 200, path);
    return (await res.json()) as any;
  };
  before(async () => {
    const { releasesDir } = await realRelease();
    app = await buildApp({
      releasesDir,
      logger: false,
      v1: { rateLimit: { burst: 10_000, refillPerSecond: 1000 } },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  test('cells by place, year and dimension codes equal the raw cells of the platform', async () => {
    const cases: [string, string, string, string, Record<string, string>][] = [
      // indicator, query, raw file, year, raw cells
      [
        'sdg_3_2_1',
        'place=KZ-11&period=2010&sex=M&area=U',
        '3-2-1',
        '2010',
        { UNIT_MEASURE: 'PER_1000_LIVE_BIRTHS', SEX: 'M', URBANISATION: 'U', REF_AREA: 'KZAKM' },
      ],
      [
        'sdg_3_2_1',
        'place=KZ&period=2019',
        '3-2-1',
        '2019',
        { UNIT_MEASURE: 'PER_1000_LIVE_BIRTHS', SEX: '_T' },
      ],
      [
        'sdg_1_2_1',
        'place=KZ-35&period=2015',
        '1-2-1',
        '2015',
        { UNIT_MEASURE: 'PT', REF_AREA: 'KZKAR' },
      ],
      ['sdg_17_8_1', 'place=KZ&period=2023', '17-8-1', '2023', { UNIT_MEASURE: 'PT' }],
      [
        'sdg_8_5_2',
        'place=KZ-11&period=2010&age=Y16T24',
        '8-5-2',
        '2010',
        { UNIT_MEASURE: 'PT', REF_AREA: 'KZAKM', AGE: 'Y16T24' },
      ],
      [
        'sdg_8_5_2',
        'place=KZ-35&period=2011&sex=F',
        '8-5-2',
        '2011',
        { UNIT_MEASURE: 'PT', REF_AREA: 'KZKAR', SEX: 'F' },
      ],
      [
        'sdg_9_1_2_m_t',
        'place=KZ-35&period=2010',
        '9-1-2',
        '2010',
        { UNIT_MEASURE: 'M_T', REF_AREA: 'KZKAR' },
      ],
    ];
    for (const [indicator, query, file, year, where] of cases) {
      const body = await getJson(`/api/v1/observations?indicator=${indicator}&${query}`);
      assert.equal(body.data.length, 1, `${indicator} ${query}`);
      assert.equal(
        body.data[0].value,
        rawCell(file, { Year: year, ...where }),
        `${indicator} ${query}`,
      );
      assert.equal(body.data[0].status, 'final', `${indicator} ${query}`);
    }
  });

  test('a corrected code and a key written twice are answered as the notes say, naming the raw row', async () => {
    const north = await getJson(
      '/api/v1/observations?indicator=sdg_5_5_2&place=KZ-59&period=2020&area=U',
    );
    assert.equal(north.data[0].value, 45);
    assert.equal(north.data[0].status, 'suspicious');
    assert.match(JSON.stringify(north.data[0]), /indicator_5-5-2\.csv line 1650/);
    const twice = await getJson('/api/v1/observations?indicator=sdg_3_3_1_1&place=KZ&period=2022');
    assert.equal(twice.data[0].value, null);
    assert.match(JSON.stringify(twice.data[0]), /786 at line 14, 686 at line 15/);
  });

  test("names are the platform's own in kk and ru; search finds an indicator by national number and by name", async () => {
    const ind = (await getJson(`/api/v1/indicators/${encodeURIComponent('indicator:sdg_3_2_1')}`))
      .data;
    const text = JSON.stringify(ind);
    assert.ok(text.includes('Коэффициент смертности детей в возрасте до пяти лет'), 'ru name');
    assert.ok(text.includes('Бес жасқа дейінгі балалар өлім-жетімінің коэффициенті'), 'kk name');
    for (const q of [
      '3.2.1',
      'Коэффициент смертности детей в возрасте до пяти лет',
      'Under-five mortality rate',
      'Бес жасқа дейінгі балалар өлім-жетімінің коэффициенті',
    ]) {
      const hits = await getJson(`/api/v1/search?q=${encodeURIComponent(q)}`);
      assert.ok(
        hits.data.slice(0, 5).some((h: any) => h.id === 'indicator:sdg_3_2_1'),
        `${q}: ${hits.data
          .slice(0, 5)
          .map((h: any) => h.id)
          .join(', ')}`,
      );
    }
  });

  test('a code labelled in one language only is that label there and the raw code elsewhere, as the platform shows it', async () => {
    // translations/ru/COMPOSITE_BREAKDOWN.yml labels _L_IND_BUILD; en and kk have no entry (NOTES.md, 16-6-1)
    const ind = (
      await getJson(`/api/v1/indicators/${encodeURIComponent('indicator:sdg_16_6_1_l_ind_build')}`)
    ).data;
    assert.match(
      ind.names.ru,
      /\(Промышленность, архитектураная, градостраительная и строительная деятельность\)$/,
    );
    assert.match(ind.names.en, /\(_L_IND_BUILD\)$/);
    assert.match(ind.names.kk, /\(_L_IND_BUILD\)$/);
  });

  test('no unit is a translation key: a configured "UNIT_MEASURE.PT" is the code PT with its label', async () => {
    const keyed: string[] = [];
    for (let path: string | null = '/api/v1/indicators?limit=100'; path !== null;) {
      const body = await getJson(path);
      for (const i of body.data)
        if (JSON.stringify([i.unit, i.unit_name]).includes('UNIT_MEASURE.')) keyed.push(i.id);
      path = body.links?.next
        ? new URL(body.links.next, base).pathname + new URL(body.links.next, base).search
        : null;
    }
    assert.deepEqual(keyed, []);
    // indicator-config/15-1-1.yml: computation_units: UNIT_MEASURE.PT; translations/ru/UNIT_MEASURE.yml: PT: процент
    const forest = (
      await getJson(`/api/v1/indicators/${encodeURIComponent('indicator:sdg_15_1_1')}`)
    ).data;
    assert.equal(forest.unit, 'PT');
    assert.equal(forest.unit_name.ru, 'процент');
    const [point] = (await getJson('/api/v1/observations?indicator=sdg_15_1_1&place=KZ&limit=1'))
      .data;
    assert.equal(point.unit, 'PT');
  });

  test('at least 200 indicators are published; the dataset is in the catalog, SDMX, DCAT and the Data Package', async () => {
    let count = 0;
    for (let path: string | null = '/api/v1/indicators?limit=100'; path !== null;) {
      const body = await getJson(path);
      count += body.data.length;
      path = body.links?.next
        ? new URL(body.links.next, base).pathname + new URL(body.links.next, base).search
        : null;
    }
    assert.ok(count >= 200, `${count} indicators`);
    const catalog = await getJson('/data/dataset-catalog.json');
    assert.ok(catalog.datasets.some((d: any) => d.id === 'dataset:sdg-platform'));
    const flows = await (await fetch(`${base}/sdmx/2.1/dataflow`)).text();
    assert.match(flows, /sdg_3_2_1/i);
    const dcat = await (await fetch(`${base}/data/dcat-catalog.ttl`)).text();
    assert.match(dcat, /sdg-platform/);
    const pkg = await getJson('/data/datapackage.json');
    assert.match(JSON.stringify(pkg), /sdg-platform/);
  });
});

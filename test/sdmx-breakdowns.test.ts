// SDMX 2.1 REST over the dimensional families of the release built from the pinned snapshots,
// through the production server: a family broken down by sex, urban/rural or age declares those
// dimensions (SDMX cross-domain concepts SEX, URBANISATION, AGE with their code lists), a data key
// selects on them (`.`-separated positions, `+`, empty = every code, `_T` = the total), every message
// validates with xmllint, and the cells are the release's own, as the store and the v1 API hold them.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { realRelease } from './support/release.js';
import { xmllint } from './support/sdmx-validate.js';
import { startServer, type RunningServer } from '../src/serve/server.js';

const MEDIA = {
  structure: 'application/vnd.sdmx.structure+xml;version=2.1',
  generic: 'application/vnd.sdmx.genericdata+xml;version=2.1',
  csv: 'application/vnd.sdmx.data+csv;version=1.0.0',
};
const derivedNs = (flow: string, dim: string) =>
  `urn:sdmx:org.sdmx.infomodel.datastructure.Dataflow=DALA:${flow}(1.0):ObsLevelDim:${dim}`;
const CONCEPT_OF: Record<string, string> = { sex: 'SEX', area: 'URBANISATION', age: 'AGE' };

interface PointRow {
  metric: string;
  place: string;
  period: string;
  value: number | null;
}

describe('SDMX breakdown dimensions on the real release', () => {
  let server: RunningServer;
  let root: string;
  let db: Database.Database;
  before(async () => {
    const { releasesDir, revision } = await realRelease();
    server = await startServer({
      releasesDir,
      host: '127.0.0.1',
      port: 0,
      logger: false,
      limits: { keepAliveTimeoutMs: 600_000 },
    });
    root = server.url;
    db = new Database(join(releasesDir, revision, 'store.sqlite'), { readonly: true });
  });
  after(async () => {
    db.close();
    await server.close();
  });
  const get = async (path: string, accept?: string) => {
    const res = await fetch(`${root}/sdmx/2.1${path}`, { headers: accept ? { accept } : {} });
    return { status: res.status, body: await res.text() };
  };
  const csv = async (path: string) => {
    const res = await get(path, MEDIA.csv);
    assert.equal(res.status, 200, path);
    return parse(res.body, { columns: true }) as Record<string, string>[];
  };
  /** The store's series of an indicator: key -> SDMX concept -> code. */
  const storeSeries = (indicator: string): Map<string, Record<string, string>> => {
    const rows = db
      .prepare('SELECT series, dimensions FROM series_dimensions WHERE indicator = ?')
      .all(indicator) as { series: string; dimensions: string }[];
    return new Map(
      rows.map((r) => [
        r.series,
        Object.fromEntries(
          Object.entries(JSON.parse(r.dimensions) as Record<string, string>).map(([d, c]) => [
            CONCEPT_OF[d]!,
            c,
          ]),
        ),
      ]),
    );
  };
  const points = (metric: string, place: string): PointRow[] =>
    db
      .prepare(
        'SELECT * FROM points WHERE metric = ? AND place = ? ORDER BY period_start, period_end',
      )
      .all(metric, place) as PointRow[];

  test('a dimensional family declares its breakdowns as SDMX dimensions with code lists named in en, ru and kk', async () => {
    const expected: Record<string, string[]> = {
      life_expectancy: ['FREQ', 'REF_AREA', 'SEX', 'URBANISATION'],
      population_start_of_year: ['FREQ', 'REF_AREA', 'SEX', 'URBANISATION'],
      population_working_age_groups: ['FREQ', 'REF_AREA', 'SEX', 'AGE'],
      general_education_schools: ['FREQ', 'REF_AREA', 'URBANISATION'],
      grp: ['FREQ', 'REF_AREA'],
    };
    for (const [flow, dims] of Object.entries(expected)) {
      const res = await get(
        `/datastructure/DALA/DSD_${flow}/1.0?references=children`,
        MEDIA.structure,
      );
      assert.equal(res.status, 200, flow);
      assert.equal(await xmllint(res.body), '', flow);
      assert.deepEqual(
        [...res.body.matchAll(/<str:Dimension id="([A-Z_]+)"[^>]*position="(\d+)"/g)].map(
          (m) => m[1],
        ),
        dims,
        flow,
      );
      for (const dim of dims.slice(2)) {
        assert.match(
          res.body,
          new RegExp(`<str:Dimension id="${dim}"[^>]*>.*?<Ref id="CL_${dim}" `),
          `${flow} ${dim} coded by CL_${dim}`,
        );
        const list =
          new RegExp(`<str:Codelist id="CL_${dim}".*?</str:Codelist>`).exec(res.body)?.[0] ?? '';
        assert.match(
          list,
          /<str:Code id="_T"[^>]*><com:Name xml:lang="en">Total<\/com:Name><com:Name xml:lang="ru">Всего<\/com:Name><com:Name xml:lang="kk">Барлығы<\/com:Name>/,
          `${flow} CL_${dim}`,
        );
      }
    }
    const sexes = (await get('/codelist/DALA/CL_SEX/1.0')).body;
    assert.match(
      sexes,
      /<str:Code id="F"[^>]*><com:Name xml:lang="en">Female<\/com:Name><com:Name xml:lang="ru">Женщины<\/com:Name><com:Name xml:lang="kk">Әйелдер<\/com:Name>/,
    );
    const concepts = (await get('/conceptscheme/DALA/CS_DALA')).body;
    for (const c of ['SEX', 'URBANISATION', 'AGE'])
      assert.match(concepts, new RegExp(`<str:Concept id="${c}"`));
  });

  test('the key A.KZ-75.F._T answers exactly the cells of that series, as the store and the v1 API hold them', async () => {
    const rows = await csv('/data/population_start_of_year/A.KZ-75.F._T');
    const expected = points('population_start_of_year;sex=F', 'KZ-75');
    assert.ok(expected.length > 5);
    assert.deepEqual(
      rows.map((r) => [
        r['REF_AREA'],
        r['SEX'],
        r['URBANISATION'],
        r['PERIOD_LABEL'] || r['TIME_PERIOD'],
        r['OBS_VALUE'],
      ]),
      expected.map((p) => ['KZ-75', 'F', '_T', p.period, p.value === null ? '' : String(p.value)]),
    );
    assert.ok(expected.length < 100, 'one page of the v1 API holds the series');
    const api = (await (
      await fetch(
        `${root}/api/v1/observations?indicator=population_start_of_year&place=KZ-75&sex=F&area=_T&limit=100`,
      )
    ).json()) as { data: { period: string; value: number | null }[] };
    assert.deepEqual(
      rows.map((r) => [r['PERIOD_LABEL'] || r['TIME_PERIOD'], r['OBS_VALUE']]),
      api.data.map((o) => [o.period, o.value === null ? '' : String(o.value)]),
    );
  });

  test('a key with codes joined by + and empty positions selects every stored series matching it; _T._T is the all-totals series', async () => {
    const rows = await csv('/data/life_expectancy/A.KZ.F+M.?startPeriod=2015');
    const wanted = [...storeSeries('life_expectancy')].filter(([, codes]) => codes['SEX'] !== '_T');
    assert.equal(wanted.length, 6);
    const got = new Set(rows.map((r) => `${r['SEX']}/${r['URBANISATION']}`));
    assert.deepEqual(
      [...got].sort(),
      wanted.map(([, c]) => `${c['SEX']}/${c['URBANISATION']}`).sort(),
    );
    for (const [key, codes] of wanted) {
      const mine = rows.filter(
        (r) => r['SEX'] === codes['SEX'] && r['URBANISATION'] === codes['URBANISATION'],
      );
      const expected = points(key, 'KZ').filter((p) => p.period >= '2015');
      assert.deepEqual(
        mine.map((r) => [r['TIME_PERIOD'], Number(r['OBS_VALUE'])]),
        expected.map((p) => [p.period, p.value]),
        key,
      );
    }
    const totals = await csv('/data/life_expectancy/A.KZ._T._T');
    assert.deepEqual(
      totals.map((r) => Number(r['OBS_VALUE'])),
      points('life_expectancy', 'KZ').map((p) => p.value),
    );
    const ages = await csv('/data/population_working_age_groups/A.KZ.F.Y_GE59');
    assert.deepEqual(
      ages.map((r) => Number(r['OBS_VALUE'])),
      points('population_working_age_groups;sex=F;age=Y_GE59', 'KZ').map((p) => p.value),
    );
  });

  test('breakdown data validate in every format and observation dimension, and unknown codes or short keys are SDMX errors', async () => {
    for (const dim of ['TIME_PERIOD', 'AllDimensions', 'SEX', 'URBANISATION']) {
      const schema = await get(
        `/schema/dataflow/DALA/life_expectancy/1.0?dimensionAtObservation=${dim}`,
      );
      assert.equal(schema.status, 200, dim);
      // urban/rural life expectancy is published for the country only: KZ-75 has the sex breakdown alone
      const path = `/data/life_expectancy/A.KZ+KZ-75..R+_T?dimensionAtObservation=${dim}&startPeriod=2018`;
      const ss = await get(path);
      assert.equal(ss.status, 200, dim);
      assert.equal(
        await xmllint(ss.body, {
          namespace: derivedNs('life_expectancy', dim),
          schema: schema.body,
        }),
        '',
        dim,
      );
      const ruralMen = points('life_expectancy;sex=M;area=R', 'KZ').find(
        (p) => p.period === '2018',
      )!;
      if (dim === 'TIME_PERIOD')
        assert.ok(
          ss.body.includes(
            `<Series FREQ="A" REF_AREA="KZ" SEX="M" URBANISATION="R"><Obs TIME_PERIOD="2018" OBS_VALUE="${ruralMen.value}"`,
          ),
        );
      const generic = await get(path, MEDIA.generic);
      assert.equal(await xmllint(generic.body), '', `generic ${dim}`);
      if (dim === 'TIME_PERIOD')
        assert.match(
          generic.body,
          /<gen:Value id="SEX" value="F"\/><gen:Value id="URBANISATION" value="R"\/>/,
        );
    }
    const schema = (await get('/schema/dataflow/DALA/life_expectancy/1.0')).body;
    const broken = (await get('/data/life_expectancy/A.KZ.F.R')).body.replace('SEX="F"', 'SEX="W"');
    assert.notEqual(
      await xmllint(broken, { namespace: derivedNs('life_expectancy', 'TIME_PERIOD'), schema }),
      '',
      'the derived schema refuses a sex outside CL_SEX',
    );
    for (const [path, status, code] of [
      ['/data/life_expectancy/A.KZ.W._T', 404, '100'],
      ['/data/life_expectancy/A.KZ._T.R', 404, '100'],
      ['/data/life_expectancy/A.KZ', 400, '140'],
    ] as const) {
      const res = await get(path);
      assert.equal(res.status, status, path);
      assert.match(res.body, new RegExp(`<mes:ErrorMessage code="${code}">`), path);
    }
  });
});

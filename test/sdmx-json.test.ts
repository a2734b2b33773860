// SDMX-JSON 1.0 data messages through the production server on the real release, as .Stat Data
// Explorer and Python's sdmx1 ask for them (Accept: application/vnd.sdmx.data+json;version=1.0.0):
// every message is valid against the working group's schema (shared/reference/sdmx-json-1.0), and
// decoded by its own index lists it holds exactly the observations, keys and statuses that the
// SDMX-CSV answer to the same query holds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { makeAjv } from '../src/lib/ajv.js';
import { snapshotsDir } from '../src/lib/config.js';
import { startServer, type RunningServer } from '../src/serve/server.js';
import { realRelease } from './support/release.js';

const JSON_TYPE = 'application/vnd.sdmx.data+json;version=1.0.0';
const CSV_TYPE = 'application/vnd.sdmx.data+csv;version=1.0.0';
const SCHEMA = join(
  snapshotsDir(),
  '..',
  'reference',
  'sdmx-json-1.0',
  'data-message',
  'tools',
  'schemas',
  '1.0',
  'sdmx-json-data-schema.json',
);
const ajv = makeAjv({ dialect: 'draft-04', formats: true, allErrors: true });
const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')) as object);
const validateStructure = ajv.compile(
  JSON.parse(
    readFileSync(
      SCHEMA.replace(/data-message/g, 'structure-message').replace('-data-', '-structure-'),
      'utf8',
    ),
  ) as object,
);
const STRUCTURE_JSON = 'application/vnd.sdmx.structure+json;version=1.0.0';

interface Component {
  id: string;
  keyPosition?: number;
  values: { id?: string; name: string }[];
}
interface Message {
  meta: { id: string; prepared: string; sender: { id: string } };
  data: {
    structure: {
      dimensions: { series: Component[]; observation: Component[] };
      attributes: { observation: Component[] };
    };
    dataSets: {
      series?: Record<string, { observations?: Record<string, (number | null)[]> }>;
      observations?: Record<string, (number | null)[]>;
    }[];
  };
}

/** Each observation of a message as "dimension values in key order|TIME_PERIOD" -> [value, OBS_STATUS]. */
function decode(m: Message): Map<string, [number | null, string]> {
  const { dimensions, attributes } = m.data.structure;
  const status = attributes.observation.findIndex((a) => a.id === 'OBS_STATUS');
  const out = new Map<string, [number | null, string]>();
  const put = (ids: Map<string, string>, cells: (number | null)[]) => {
    const all = [...dimensions.series, ...dimensions.observation].sort(
      (a, b) => a.keyPosition! - b.keyPosition!,
    );
    const key = all.map((d) => ids.get(d.id)).join('.');
    out.set(key, [cells[0]!, attributes.observation[status]!.values[cells[1 + status]!]!.id!]);
  };
  const ids = (list: Component[], key: string) =>
    new Map(key.split(':').map((i, n) => [list[n]!.id, list[n]!.values[Number(i)]!.id!]));
  const [set] = m.data.dataSets;
  if (set!.observations)
    for (const [key, cells] of Object.entries(set!.observations))
      put(ids(dimensions.observation, key), cells);
  for (const [skey, series] of Object.entries(set!.series ?? {}))
    for (const [okey, cells] of Object.entries(series.observations ?? {}))
      put(new Map([...ids(dimensions.series, skey), ...ids(dimensions.observation, okey)]), cells);
  return out;
}

describe('SDMX-JSON 1.0 data messages on the real release', () => {
  let server: RunningServer;
  const get = async (path: string, accept: string) => {
    const res = await fetch(`${server.url}/sdmx/2.1${path}`, { headers: { accept } });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  };
  /** The SDMX-CSV answer to a query, as decode() keys it. */
  const csvCells = async (path: string) => {
    const rows = parse((await get(path, CSV_TYPE)).body, { columns: true }) as Record<
      string,
      string
    >[];
    const dims = Object.keys(rows[0]!).slice(1, Object.keys(rows[0]!).indexOf('OBS_VALUE'));
    return new Map(
      rows.map((r) => [
        dims.map((d) => r[d]).join('.'),
        [r.OBS_VALUE === '' ? null : Number(r.OBS_VALUE), r.OBS_STATUS!] as [number | null, string],
      ]),
    );
  };
  before(async () => {
    const { releasesDir } = await realRelease();
    server = await startServer({ releasesDir, host: '127.0.0.1', port: 0, logger: false });
  });
  after(async () => server.close());

  for (const path of [
    '/data/population/A.KZ-35+KZ-75',
    '/data/life_expectancy/A.KZ.F+M.?startPeriod=2015',
    '/data/life_expectancy/A.KZ+KZ-75..R+_T?dimensionAtObservation=AllDimensions&startPeriod=2018',
    '/data/life_expectancy/A.KZ+KZ-75..R+_T?dimensionAtObservation=REF_AREA&startPeriod=2018',
    '/data/unemployment_rate_quarterly/Q.KZ',
  ])
    test(`${path}: valid SDMX-JSON holding exactly the SDMX-CSV answer's observations and statuses`, async () => {
      const res = await get(path, JSON_TYPE);
      assert.equal(res.status, 200, res.body.slice(0, 300));
      assert.equal(res.type, 'application/vnd.sdmx.data+json; version=1.0.0; charset=utf-8');
      const message = JSON.parse(res.body) as Message;
      assert.ok(validate(message), JSON.stringify(validate.errors?.slice(0, 3)));
      assert.equal(message.meta.sender.id, 'DALA');
      const decoded = decode(message);
      const expected = await csvCells(path);
      assert.ok(expected.size > 0);
      assert.deepEqual(decoded, expected);
    });

  test('application/json, and the SDMX-JSON type with a charset, answer SDMX-JSON', async () => {
    for (const accept of ['application/json', `${JSON_TYPE};charset=utf-8`]) {
      const res = await get('/data/population/A.KZ-35', accept);
      assert.equal(res.status, 200, accept);
      assert.ok(validate(JSON.parse(res.body)), accept);
    }
  });

  test('serieskeysonly lists each series once, without observations; dataonly drops the attributes', async () => {
    const path = '/data/life_expectancy/A.KZ+KZ-75..R+_T?startPeriod=2018';
    const keys = JSON.parse(
      (await get(`${path}&detail=serieskeysonly`, JSON_TYPE)).body,
    ) as Message;
    assert.ok(validate(keys));
    const series = keys.data.dataSets[0]!.series!;
    const full = decode(JSON.parse((await get(path, JSON_TYPE)).body) as Message);
    const seriesOfFull = new Set([...full.keys()].map((k) => k.split('.').slice(0, -1).join('.')));
    assert.equal(Object.keys(series).length, seriesOfFull.size);
    assert.ok(Object.values(series).every((s) => s.observations === undefined));
    const bare = JSON.parse((await get(`${path}&detail=dataonly`, JSON_TYPE)).body) as Message;
    assert.ok(validate(bare));
    assert.deepEqual(bare.data.structure.attributes.observation, []);
  });

  test('structure queries answer SDMX-JSON 1.0 structure messages, valid, holding what the SDMX-ML message holds', async () => {
    for (const path of [
      '/dataflow/DALA',
      '/datastructure/DALA/DSD_life_expectancy/1.0?references=children',
      '/codelist/DALA/CL_AREA',
      '/conceptscheme/DALA',
    ]) {
      const res = await get(path, STRUCTURE_JSON);
      assert.equal(res.status, 200, path);
      assert.equal(res.type, 'application/vnd.sdmx.structure+json; version=1.0.0; charset=utf-8');
      const message = JSON.parse(res.body) as { data: Record<string, { id: string }[]> };
      assert.ok(
        validateStructure(message),
        `${path}: ${JSON.stringify(validateStructure.errors?.slice(0, 3))}`,
      );
      const xml = (await get(path, 'application/vnd.sdmx.structure+xml;version=2.1')).body;
      for (const [member, element] of [
        ['dataflows', 'str:Dataflow'],
        ['dataStructures', 'str:DataStructure'],
        ['codelists', 'str:Codelist'],
        ['conceptSchemes', 'str:ConceptScheme'],
      ] as const) {
        const ids = [...xml.matchAll(new RegExp(`<${element} id="([^"]+)"`, 'g'))].map((m) => m[1]);
        assert.deepEqual(
          (message.data[member] ?? []).map((a) => a.id),
          ids,
          `${path} ${member}`,
        );
      }
    }
    const areas = JSON.parse((await get('/codelist/DALA/CL_AREA', 'application/json')).body) as {
      data: { codelists: { codes: { id: string; names: Record<string, string> }[] }[] };
    };
    const karaganda = areas.data.codelists[0]!.codes.find((c) => c.id === 'KZ-35')!;
    const xml = (await get('/codelist/DALA/CL_AREA', 'application/xml')).body;
    for (const lang of ['en', 'ru', 'kk'])
      assert.ok(
        xml.includes(`<com:Name xml:lang="${lang}">${karaganda.names[lang]}</com:Name>`),
        lang,
      );
    const dsd = JSON.parse(
      (await get('/datastructure/DALA/DSD_life_expectancy/1.0', STRUCTURE_JSON)).body,
    ) as {
      data: {
        dataStructures: {
          dataStructureComponents: { dimensionList: { dimensions: { id: string }[] } };
        }[];
      };
    };
    assert.deepEqual(
      dsd.data.dataStructures[0]!.dataStructureComponents.dimensionList.dimensions.map((d) => d.id),
      ['FREQ', 'REF_AREA', 'SEX', 'URBANISATION'],
    );
  });
});

// Each statistical dataset of the real release as JSON-stat 2.0, as Eurostat's and PxWeb's clients read
// it: GET /api/v1/datasets/{id} answers the sealed data/datasets/<id>.jsonstat.json by Accept or
// format=jsonstat (406 where a dataset has none, or for a type no representation has), with its ETag
// and sealed gzip/br; every document is valid against the JSON-stat collection schema (and each of its
// datasets against the dataset schema: shared/reference/json-stat-2.0, bundled), and the official
// JavaScript reader (jsonstat-toolkit) reads back the values and statuses of the v1 observations of the
// same indicators (every observation counted, the first page of each indicator compared value by value).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import JSONstat from 'jsonstat-toolkit';
import { makeAjv } from '../src/lib/ajv.js';
import { PROJECT_ROOT } from '../src/lib/config.js';
import { DIMENSIONS, type DimensionId } from '../src/lib/dimensions.js';
import { sha256Hex } from '../src/lib/hash.js';
import { servedRealRelease } from './support/real-app.js';

const JSONSTAT = 'application/vnd.json-stat+json';
const BUNDLED = [PROJECT_ROOT, '/work']
  .map((root) => join(root, '../shared/reference/json-stat-2.0/schemas/curated/bundled'))
  .find((dir) => existsSync(dir))!;
const ajv = makeAjv({ dialect: '2020-12', formats: true, allErrors: true });
const schema = (name: string) =>
  ajv.compile(JSON.parse(readFileSync(join(BUNDLED, `${name}.json`), 'utf8')) as object);
const validCollection = schema('collection');
const validDataset = schema('dataset');

interface Item {
  label: string;
  id: string[];
  size: number[];
  status: Record<string, string>;
  extension: { indicator: string };
}
interface Observation {
  indicator: string;
  dimensions: Record<string, string>;
  place: string;
  period: string;
  value: number | null;
  status: string;
}

describe('the datasets of the real release as JSON-stat 2.0', () => {
  const served = servedRealRelease({ rateLimit: { burst: 100_000, refillPerSecond: 10_000 } });
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${served.base()}${path}`, { headers });
  /** The datasets with a JSON file under data/datasets/, as the dataset catalog lists them. */
  const statistical = () =>
    (
      JSON.parse(readFileSync(join(served.releaseDir(), 'data/datasets/index.json'), 'utf8')) as {
        datasets: { id: string; slug: string; distributions: { url: string }[] }[];
      }
    ).datasets.filter((d) =>
      d.distributions.some((x) => x.url === `/data/datasets/${d.slug}.json`),
    );

  test('every statistical dataset answers its sealed JSON-stat collection, valid against the collection schema, each item against the dataset schema', async () => {
    const datasets = statistical();
    assert.ok(datasets.length >= 40, `${datasets.length} statistical datasets`);
    for (const d of datasets) {
      const res = await get(`/api/v1/datasets/${d.id}?format=jsonstat`);
      assert.equal(res.status, 200, d.id);
      assert.equal(res.headers.get('content-type'), `${JSONSTAT}; charset=utf-8`);
      const bytes = Buffer.from(await res.arrayBuffer());
      const sealed = readFileSync(
        join(served.releaseDir(), `data/datasets/${d.slug}.jsonstat.json`),
      );
      assert.ok(bytes.equals(sealed), `${d.id}: the sealed file's bytes`);
      const body = JSON.parse(bytes.toString('utf8')) as { class: string; link: { item: Item[] } };
      assert.equal(body.class, 'collection');
      assert.ok(validCollection(body), `${d.id}: ${JSON.stringify(validCollection.errors?.[0])}`);
      assert.ok(body.link.item.length >= 1, d.id);
      for (const item of body.link.item)
        assert.ok(
          validDataset({ version: '2.0', ...item }),
          `${d.id} ${item.label}: ${JSON.stringify(validDataset.errors?.[0])}`,
        );
    }
  });

  test('jsonstat-toolkit reads back every dataset: as many cells with a status as the v1 observations of each indicator, and the values and statuses of their first page', async () => {
    let compared = 0;
    for (const d of statistical()) {
      const raw = await (await get(`/api/v1/datasets/${d.id}`, { accept: JSONSTAT })).json();
      const items = (raw as { link: { item: Item[] } }).link.item.map((i) => ({
        indicator: i.extension.indicator,
        cells: Object.keys(i.status).length,
      }));
      const collection = JSONstat(raw as object);
      assert.equal(collection.class, 'collection');
      const datasets = collection.Dataset();
      assert.equal(datasets.length, items.length, d.id);
      for (const [k, ds] of datasets.entries()) {
        const { indicator, cells } = items[k]!;
        assert.deepEqual(ds.role.metric, ['indicator']);
        assert.deepEqual(ds.role.geo, ['place']);
        assert.deepEqual(ds.role.time, ['period']);
        const dims = ds.id.filter((x) => !['indicator', 'place', 'period'].includes(x));
        // every code of each breakdown, in chunks the filters take (a parameter at most 20 times)
        const chunks = dims.reduce<string[][]>(
          (acc, dim) =>
            acc.flatMap((q) => {
              const codes = Object.keys(DIMENSIONS[dim as DimensionId].codes);
              return Array.from({ length: Math.ceil(codes.length / 20) }, (_, c) => [
                ...q,
                ...codes.slice(c * 20, c * 20 + 20).map((code) => `${dim}=${code}`),
              ]);
            }),
          [[]],
        );
        let total = 0;
        for (const chunk of chunks) {
          const query = [`indicator=${encodeURIComponent(indicator)}`, ...chunk, 'limit=100'];
          const res = await get(`/api/v1/observations?${query.join('&')}`);
          const page = await res.json();
          assert.equal(res.status, 200, `${query.join('&')}: ${JSON.stringify(page)}`);
          total += (page as { meta: { count: number } }).meta.count;
          for (const o of (page as { data: Observation[] }).data) {
            const cell = ds.Data({
              indicator: o.indicator,
              ...o.dimensions,
              place: o.place,
              period: o.period,
            });
            const at = `${d.id} ${o.indicator} ${JSON.stringify(o.dimensions)} ${o.place} ${o.period}`;
            assert.ok(cell, at);
            assert.equal(cell.value, o.value, at);
            assert.equal(cell.status, o.status, at);
            compared++;
          }
        }
        assert.equal(cells, total, `${d.id} ${indicator}: observations in the cube`);
      }
    }
    assert.ok(compared > 5000, `${compared} observations compared`);
  });

  test('negotiation: Accept or format=jsonstat gives JSON-stat, JSON stays the default, a type not offered is 406, a dataset without JSON-stat is 406 for it', async () => {
    const path = '/api/v1/datasets/dataset:population';
    for (const [query, accept] of [
      ['', JSONSTAT],
      ['', `${JSONSTAT};charset=utf-8, application/json;q=0.5`],
      ['?format=jsonstat', 'application/json'],
      ['?format=jsonstat', '*/*'],
    ] as const) {
      const res = await get(`${path}${query}`, { accept });
      assert.equal(res.status, 200, `${query} ${accept}`);
      assert.equal(res.headers.get('content-type'), `${JSONSTAT}; charset=utf-8`);
      assert.match(res.headers.get('vary') ?? '', /Accept/);
    }
    const json = await get(path);
    assert.equal(json.status, 200);
    assert.match(json.headers.get('content-type') ?? '', /^application\/json/);
    assert.ok(((await json.json()) as { data: unknown }).data);
    for (const accept of ['text/csv', 'application/xml', 'application/vnd.sdmx.data+json']) {
      const res = await get(path, { accept });
      assert.equal(res.status, 406, accept);
      assert.equal(((await res.json()) as { code: string }).code, 'not_acceptable');
    }
    assert.equal((await get(`${path}?format=csv`)).status, 400, 'format=csv is not offered');
    // the boundaries are a GeoJSON dataset: no JSON-stat, and saying so
    const boundaries = '/api/v1/datasets/dataset:regional-boundaries';
    assert.equal((await get(boundaries)).status, 200);
    for (const [query, accept] of [
      ['?format=jsonstat', 'application/json'],
      ['', JSONSTAT],
    ] as const) {
      const res = await get(`${boundaries}${query}`, { accept });
      assert.equal(res.status, 406, `${query} ${accept}`);
      const problem = (await res.json()) as { code: string; offered: string[] };
      assert.equal(problem.code, 'not_acceptable');
      assert.ok(!problem.offered.includes(JSONSTAT));
    }
  });

  test('the JSON-stat answer carries the sealed file ETag, its sealed br variant, and 304 on If-None-Match', async () => {
    const sealed = readFileSync(
      join(served.releaseDir(), 'data/datasets/population.jsonstat.json'),
    );
    const path = '/api/v1/datasets/dataset:population?format=jsonstat';
    const identity = await get(path, { 'accept-encoding': 'identity' });
    assert.equal(identity.headers.get('etag'), `"${sha256Hex(sealed)}"`);
    const br = await get(path, { 'accept-encoding': 'br' });
    assert.equal(br.headers.get('content-encoding'), 'br');
    assert.equal(br.headers.get('etag'), `"${sha256Hex(sealed)}-br"`);
    const variant = readFileSync(
      join(served.releaseDir(), 'data/datasets/population.jsonstat.json.br'),
    );
    // fetch decodes br: the bytes received are the sealed variant's, decoded
    assert.ok(Buffer.from(await br.arrayBuffer()).equals(brotliDecompressSync(variant)));
    const again = await get(path, {
      'accept-encoding': 'identity',
      'if-none-match': `"${sha256Hex(sealed)}"`,
    });
    assert.equal(again.status, 304);
  });

  test('the DCAT-AP catalogue lists each JSON-stat file as a distribution of its dataset, conforming to JSON-stat 2.0', () => {
    const graph = (
      JSON.parse(readFileSync(join(served.releaseDir(), 'data/dcat-catalog.jsonld'), 'utf8')) as {
        '@graph': Record<string, any>[];
      }
    )['@graph'];
    const byId = new Map(graph.map((n) => [n['@id'] as string, n]));
    for (const d of statistical()) {
      const dataset = byId.get(`/api/v1/datasets/${d.id}`)!;
      const iri = `/data/datasets/${d.slug}.jsonstat.json#distribution`;
      assert.ok(
        [dataset['dcat:distribution']].flat().some((x: { '@id': string }) => x['@id'] === iri),
        `${d.id}: ${iri}`,
      );
      const node = byId.get(iri)!;
      assert.deepEqual(node['dct:conformsTo'], { '@id': 'https://json-stat.org/format/' });
      assert.equal(node['dcat:downloadURL']['@id'], `/data/datasets/${d.slug}.jsonstat.json`);
    }
  });
});

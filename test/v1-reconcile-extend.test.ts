// The data extension service of the W3C Reconciliation API 0.2 (section 8) at /api/v1/reconcile, on
// the production app: OpenRefine adds columns to reconciled places. The manifest announces it, property
// proposals and extension answers validate against the specification's schemas, each value is the
// one /api/v1/observations publishes (the latest, or the period the `period` setting names, with the
// value's period as a column of its own), a value not published is an empty cell, never 0, and a bad
// query is refused with a problem document.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Ajv } from 'ajv';
import { snapshotsDir } from '../src/lib/config.js';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

const SPEC = join(snapshotsDir(), '..', 'reference', 'w3c-reconciliation-0.2', 'schemas');
// as in v1-reconcile.test.ts: the schemas' "http://json-schema.org/schema#" is dropped for ajv
const load = (name: string) => {
  const schema = JSON.parse(readFileSync(join(SPEC, name), 'utf8'));
  delete schema.$schema;
  return schema;
};
const ajv = new Ajv({ strict: false, allErrors: true });
const validProposal = ajv.compile<any>(load('data-extension-property-proposal.json'));
const validQuery = ajv.compile<any>(load('data-extension-query.json'));
const validExtension = ajv.compile<any>(load('data-extension-response.json'));

let server: V1Server;
before(async () => {
  server = await startV1((await makeV1Release()).releasesDir);
});
after(async () => server.close());

const extend = (query: object) =>
  call(`${server.base}/reconcile`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ extend: JSON.stringify(query) }).toString(),
  });

test('the manifest announces the data extension: where proposals are, and the period setting', async () => {
  const { body } = await call(`${server.base}/reconcile`);
  assert.ok(body.extend.propose_properties.service_path.endsWith('/reconcile/properties'));
  assert.deepEqual(
    body.extend.property_settings.map((s: { name: string }) => s.name),
    ['period'],
  );
});

test('property proposals for places name their codes, names and each published indicator with its unit', async () => {
  const res = await call(`${server.base}/reconcile/properties?type=place`);
  assert.equal(res.status, 200);
  assert.ok(validProposal(res.body), JSON.stringify(validProposal.errors));
  const ids = res.body.properties.map((p: { id: string }) => p.id);
  for (const id of ['iso', 'name_ru', 'name_kk', 'population', 'population@period'])
    assert.ok(ids.includes(id), id);
  const population = res.body.properties.find((p: { id: string }) => p.id === 'population');
  assert.match(population.name, /persons/);
  const two = await call(`${server.base}/reconcile/properties?type=place&limit=2`);
  assert.equal(two.body.properties.length, 2);
  const bad = await call(`${server.base}/reconcile/properties?type=planet`);
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'invalid_parameter');
  assert.match(bad.body.detail, /place/);
});

test("an extension answers each place's codes and latest values exactly as /api/v1/observations publishes them", async () => {
  const query = {
    ids: ['place:KZ-35', 'place:KZ-75'],
    properties: [
      { id: 'iso' },
      { id: 'name_ru' },
      { id: 'population' },
      { id: 'population@period' },
    ],
  };
  assert.ok(validQuery(query));
  const res = await extend(query);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.ok(validExtension(res.body), JSON.stringify(validExtension.errors));
  assert.deepEqual(
    res.body.meta.map((m: { id: string }) => m.id),
    ['iso', 'name_ru', 'population', 'population@period'],
  );
  for (const place of ['KZ-35', 'KZ-75']) {
    const obs = (await call(`${server.base}/observations?indicator=population&place=${place}`)).body
      .data as { period: string; value: number | null; period_end?: string }[];
    const latest = obs.filter((o) => o.value !== null).at(-1)!;
    const row = res.body.rows[`place:${place}`];
    assert.deepEqual(row.iso, [{ str: place }]);
    assert.deepEqual(row.population, [{ float: latest.value }], place);
    assert.deepEqual(row['population@period'], [{ str: latest.period }], place);
    assert.equal(typeof row.name_ru[0].str, 'string');
  }
});

test('the period setting picks that period; a period without a value is an empty cell, never 0', async () => {
  const at = (period: string) =>
    extend({
      ids: ['place:KZ-35'],
      properties: [
        { id: 'population', settings: { period } },
        { id: 'population@period', settings: { period } },
      ],
    });
  const y2023 = await at('2023');
  const obs = (
    await call(`${server.base}/observations?indicator=population&place=KZ-35&period=2023`)
  ).body.data[0];
  assert.deepEqual(y2023.body.rows['place:KZ-35'].population, [{ float: obs.value }]);
  assert.deepEqual(y2023.body.rows['place:KZ-35']['population@period'], [{ str: '2023' }]);
  // 2025 is published without a value (null with its reason): no cell, not 0
  const y2025 = await at('2025');
  assert.ok(validExtension(y2025.body));
  assert.deepEqual(y2025.body.rows['place:KZ-35'].population, []);
  // a property another entity type does not have is empty for it
  const mixed = await extend({
    ids: ['place:KZ-35', 'institution:karaganda-university'],
    properties: [{ id: 'iso' }, { id: 'name_en' }],
  });
  assert.equal(mixed.status, 200);
  assert.deepEqual(mixed.body.rows['institution:karaganda-university'].iso, []);
  assert.equal(mixed.body.rows['institution:karaganda-university'].name_en.length, 1);
});

test('a bad extension query is refused with a problem document and nothing else', async () => {
  const cases: [object | string, number, string, RegExp][] = [
    [
      { ids: ['place:KZ-35'], properties: [{ id: 'gdp_on_mars' }] },
      400,
      'invalid_body',
      /gdp_on_mars/,
    ],
    [{ ids: [], properties: [{ id: 'iso' }] }, 400, 'invalid_body', /ids/],
    [
      { ids: Array.from({ length: 51 }, (_, i) => `place:X${i}`), properties: [{ id: 'iso' }] },
      400,
      'invalid_body',
      /at most 50 ids/,
    ],
    [{ ids: ['place:KZ-99'], properties: [{ id: 'iso' }] }, 404, 'not_found', /KZ-99/],
    ['{not json', 400, 'invalid_body', /not JSON/],
  ];
  for (const [query, status, code, detail] of cases) {
    const res = await call(`${server.base}/reconcile`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        extend: typeof query === 'string' ? query : JSON.stringify(query),
      }).toString(),
    });
    assert.equal(res.status, status, JSON.stringify(query).slice(0, 80));
    assert.equal(res.body.code, code);
    assert.match(res.body.detail, detail);
  }
  // GET ?extend= answers as the form does
  const viaGet = await call(
    `${server.base}/reconcile?extend=${encodeURIComponent(JSON.stringify({ ids: ['place:KZ-35'], properties: [{ id: 'iso' }] }))}`,
  );
  assert.deepEqual(viaGet.body.rows, { 'place:KZ-35': { iso: [{ str: 'KZ-35' }] } });
});

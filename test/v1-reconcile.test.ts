// The W3C Reconciliation API 0.2 service at /api/v1/reconcile, on the production app: manifest and
// result batches validate against the specification's own JSON Schemas; batches arrive as OpenRefine
// sends them (a `queries` form field) or as JSON; type and `within` constraints and `limit` hold;
// suggest, preview and view answer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Ajv } from 'ajv';
import { snapshotsDir } from '../src/lib/config.js';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';
import { RECON_GET_ANSWER, RECON_MANIFEST } from '../src/serve/v1/reconcile-schemas.js';

const SPEC = join(snapshotsDir(), '..', 'reference', 'w3c-reconciliation-0.2', 'schemas');
// The schemas declare "http://json-schema.org/schema#" (draft-07 in practice); ajv's default draft
// reads them once that URI is dropped. The manifest's `authentication` member refers to Swagger 2.0's
// schema, which this service never uses: a permissive stand-in keeps that $ref resolvable offline.
const ajv = new Ajv({ strict: false, allErrors: true });
const load = (name: string) => {
  const schema = JSON.parse(readFileSync(join(SPEC, name), 'utf8'));
  delete schema.$schema;
  return schema;
};
ajv.addSchema({
  $id: 'http://swagger.io/v2/schema.json',
  definitions: { securityDefinitions: { additionalProperties: {} } },
});
ajv.addSchema(load('type.json'));
const validManifest = ajv.compile<any>(load('manifest.json'));
const validResults = ajv.compile<any>(load('reconciliation-result-batch.json'));
const validQueries = ajv.compile<any>(load('reconciliation-query-batch.json'));
const validSuggest = ajv.compile<any>(load('suggest-entities-response.json'));

let server: V1Server;
before(async () => {
  server = await startV1((await makeV1Release()).releasesDir);
});
after(async () => server.close());

const form = (queries: object) =>
  call(`${server.base}/reconcile`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ queries: JSON.stringify(queries) }).toString(),
  });

test('GET /reconcile is the manifest, valid against the specification schema, with view, suggest and preview', async () => {
  const res = await call(`${server.base}/reconcile`);
  assert.equal(res.status, 200);
  assert.ok(validManifest(res.body), JSON.stringify(validManifest.errors));
  assert.deepEqual(res.body.versions, ['0.2']);
  assert.match(res.body.view.url, /\{\{id\}\}/);
  assert.match(res.body.preview.url, /\{\{id\}\}/);
  assert.ok(res.body.defaultTypes.some((t: { id: string }) => t.id === 'place'));
  assert.ok(res.body.suggest.entity.service_path.endsWith('/reconcile/suggest/entity'));
});

test("the manifest's own schema requires every member the specification requires, declares only the specification's members with its types, and holds for the served manifest", async () => {
  const spec = load('manifest.json') as {
    required: string[];
    properties: Record<
      string,
      { type?: string; required?: string[]; properties?: Record<string, { type?: string }> }
    >;
  };
  const ours = RECON_MANIFEST as {
    required: readonly string[];
    properties: Record<
      string,
      {
        type?: string;
        required?: readonly string[];
        properties?: Record<string, { type?: string }>;
      }
    >;
  };
  for (const member of spec.required)
    assert.ok(ours.required.includes(member), `${member} is required`);
  // batchSize is a manifest member of the specification's text (section 4) that its schema omits
  for (const [member, schema] of Object.entries(ours.properties).filter(
    ([m]) => m !== 'batchSize',
  )) {
    const theirs = spec.properties[member];
    assert.ok(theirs, `${member} is a manifest member of the specification`);
    if (theirs.type)
      assert.equal(schema.type, theirs.type, `${member} has the specification's type`);
    for (const inner of theirs.required ?? [])
      assert.ok(schema.required?.includes(inner), `${member}.${inner} is required`);
    for (const [name, sub] of Object.entries(schema.properties ?? {})) {
      if (theirs.properties?.[name]?.type)
        assert.equal(
          sub.type,
          theirs.properties[name]!.type,
          `${member}.${name} has the specification's type`,
        );
    }
  }
  const manifest = (await call(`${server.base}/reconcile`)).body;
  const batch = (
    await call(
      `${server.base}/reconcile?queries=${encodeURIComponent(JSON.stringify({ q: { query: 'Almaty' } }))}`,
    )
  ).body;
  const validOurs = new Ajv({ strict: false }).compile(RECON_MANIFEST);
  assert.ok(validOurs(manifest), JSON.stringify(validOurs.errors));
  // GET answers exactly one of the two: the manifest without queries, a result batch with them
  const validGet = new Ajv({ strict: false }).compile({ ...RECON_GET_ANSWER });
  assert.ok(validGet(manifest), JSON.stringify(validGet.errors));
  assert.ok(validGet(batch), JSON.stringify(validGet.errors));
  assert.ok(!validOurs(batch), 'a result batch is not a manifest');
});

test('an OpenRefine batch (form field queries=) answers 200 with a valid result per query, match only for the one sure match', async () => {
  const batch = {
    q0: { query: 'Qaraghandy', type: 'place', limit: 3 },
    q1: { query: 'Almaty' },
    q2: { query: 'Zzyzx Springs' },
    q3: { query: 'Astana', type: 'dataset' },
  };
  assert.ok(validQueries(batch), JSON.stringify(validQueries.errors));
  const res = await form(batch);
  assert.equal(res.status, 200);
  assert.ok(validResults(res.body), JSON.stringify(validResults.errors));
  assert.deepEqual(Object.keys(res.body).sort(), ['q0', 'q1', 'q2', 'q3']);
  const q0 = res.body.q0.result;
  assert.ok(q0.length >= 1 && q0.length <= 3);
  assert.equal(q0[0].id, 'place:KZ-35');
  assert.equal(q0[0].match, true);
  assert.deepEqual(q0[0].type, [{ id: 'place', name: q0[0].type[0].name }]);
  assert.ok(
    q0.every((c: { type: { id: string }[] }) => c.type[0]!.id === 'place'),
    'type constraint holds',
  );
  // Almaty names the region and the city: both listed, neither a match
  const almaty = res.body.q1.result;
  assert.ok(
    almaty.some((c: { id: string }) => c.id === 'place:KZ-19') &&
      almaty.some((c: { id: string }) => c.id === 'place:KZ-75'),
  );
  assert.ok(almaty.every((c: { match: boolean }) => c.match === false));
  assert.deepEqual(res.body.q2.result, []);
  assert.deepEqual(res.body.q3.result, []);
});

test('a JSON batch and a GET ?queries= batch give the same answer as the form', async () => {
  const batch = { a: { query: 'Karaganda University' } };
  const viaForm = await form(batch);
  const viaJson = await call(`${server.base}/reconcile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ queries: batch }),
  });
  const viaGet = await call(
    `${server.base}/reconcile?queries=${encodeURIComponent(JSON.stringify(batch))}`,
  );
  assert.equal(viaForm.body.a.result[0].id, 'institution:karaganda-university');
  assert.deepEqual(viaJson.body, viaForm.body);
  assert.deepEqual(viaGet.body, viaForm.body);
});

test('the within property keeps candidates inside a place', async () => {
  const res = await form({
    q: { query: 'Karaganda', properties: [{ pid: 'within', v: 'place:KZ-35' }] },
  });
  assert.ok(validResults(res.body));
  assert.ok(res.body.q.result.length > 0);
  for (const c of res.body.q.result)
    assert.ok(
      c.id.startsWith('place:KZ-35/') ||
        c.id.startsWith('institution:') ||
        c.id.startsWith('person:'),
      c.id,
    );
});

test('a malformed batch is 400 invalid_body; more than 10 queries is refused; both count against nothing else', async () => {
  const bad = await call(`${server.base}/reconcile`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'queries=%7Bnot-json',
  });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'invalid_body');
  const many = Object.fromEntries(
    Array.from({ length: 11 }, (_, i) => [`q${i}`, { query: 'Almaty' }]),
  );
  assert.equal((await form(many)).status, 400);
  assert.equal(
    Object.keys(many).length,
    (await call(`${server.base}/reconcile`)).body.batchSize + 1,
  );
});

const EXAMPLES = join(SPEC, '..', 'examples', 'reconciliation-query-batch');
const example = (kind: 'valid' | 'invalid', name: string) =>
  JSON.parse(readFileSync(join(EXAMPLES, kind, name), 'utf8'));

test("the specification's query-batch examples: those with a query string answer 200, the invalid ones 400 naming the query and member", async () => {
  for (const name of ['example-full.json', 'example-min.json', 'multi-values.json']) {
    const res = await form(example('valid', name));
    assert.equal(res.status, 200, `${name}: ${JSON.stringify(res.body)}`);
    assert.ok(validResults(res.body), `${name}: ${JSON.stringify(validResults.errors)}`);
  }
  // a batch of property constraints alone is valid for the specification: answered, its values searched
  const noQuery = await form(example('valid', 'no-query-string.json'));
  assert.equal(noQuery.status, 200);
  assert.ok(validResults(noQuery.body), JSON.stringify(validResults.errors));
  const misnamed = await form(example('invalid', 'misnamed-property.json'));
  assert.equal(misnamed.status, 400);
  assert.match(
    misnamed.body.detail,
    /query "q0": member "props" is not a reconciliation query member/,
  );
  for (const name of ['empty-properties.json', 'empty-query.json'])
    assert.equal((await form(example('invalid', name))).status, 400, name);
  const typed = await form({ q: { query: 'Almaty', limit: '3' } });
  assert.equal(typed.status, 400, 'a limit sent as text is refused, not coerced');
  assert.match(typed.body.detail, /query "q": member "limit" must be integer/);
});

test('suggest, preview and view answer for an entity', async () => {
  const suggest = await call(`${server.base}/reconcile/suggest/entity?prefix=Karag`);
  assert.equal(suggest.status, 200);
  assert.ok(validSuggest(suggest.body), JSON.stringify(validSuggest.errors));
  assert.ok(suggest.body.result.some((r: { id: string }) => r.id === 'place:KZ-35'));
  const preview = await fetch(
    `${server.base}/reconcile/preview?id=${encodeURIComponent('place:KZ-35/KZ3520')}`,
  );
  assert.equal(preview.status, 200);
  assert.match(preview.headers.get('content-type') ?? '', /^text\/html/);
  assert.match(await preview.text(), /Bukhar-Zhyrau District/);
  const view = await fetch(
    `${server.base}/reconcile/view?id=${encodeURIComponent('place:KZ-35/KZ3520')}`,
    { redirect: 'manual' },
  );
  assert.equal(view.status, 303);
  assert.equal(view.headers.get('location'), '/api/v1/places/place:KZ-35%2FKZ3520');
});

test('OpenRefine end to end: properties count (one a candidate contradicts lowers it and picks the homonym), a query of properties alone, graded scores, suggest by type, the batch size announced', async () => {
  const manifest = (await call(`${server.base}/reconcile`)).body;
  assert.equal(manifest.batchSize, 10);
  // Almaty names the region and the city: the iso property picks the city, the region scores lower
  const res = await form({
    q: { query: 'Almaty', properties: [{ pid: 'iso', v: 'KZ-75' }] },
    byCode: { properties: [{ pid: 'iso', v: 'KZ-35' }], type: 'place' },
  });
  assert.equal(res.status, 200);
  assert.ok(validResults(res.body), JSON.stringify(validResults.errors));
  const [first, ...rest] = res.body.q.result;
  assert.equal(first.id, 'place:KZ-75');
  assert.equal(first.match, true);
  const region = rest.find((c: { id: string }) => c.id === 'place:KZ-19');
  assert.ok(region && region.score < first.score && region.match === false);
  assert.ok(
    region.features.some(
      (f: { id: string; value: number }) => f.id === 'properties_contradicted' && f.value === 1,
    ),
  );
  assert.equal(res.body.byCode.result[0]?.id, 'place:KZ-35');
  // graded: the name itself scores 100, an alias less
  const graded = await form({
    a: { query: 'Astana', type: 'place' },
    b: { query: 'Nur-Sultan', type: 'place' },
  });
  assert.equal(graded.body.a.result[0].id, 'place:KZ-71');
  assert.equal(graded.body.a.result[0].score, 100);
  assert.equal(graded.body.b.result[0].id, 'place:KZ-71');
  assert.ok(graded.body.b.result[0].score < 100);
  const suggest = await call(`${server.base}/reconcile/suggest/entity?prefix=Karag&type=district`);
  assert.equal(suggest.status, 200);
  assert.ok(validSuggest(suggest.body), JSON.stringify(validSuggest.errors));
  assert.ok(suggest.body.result.length > 0);
  assert.ok(suggest.body.result.every((r: { id: string }) => r.id.startsWith('place:KZ-35/')));
});

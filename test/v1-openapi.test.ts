// The OpenAPI 3.1 document of /api/v1/: valid per a real validator, generated from the routes, and
// covering every registered v1 route, its parameters and its error responses.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

let server: V1Server;
before(async () => {
  const { releasesDir } = await makeV1Release();
  server = await startV1(releasesDir);
});
after(async () => server.close());

test('the document is valid OpenAPI 3.1', async () => {
  const doc = (await call(`${server.base}/openapi.json`)).body;
  assert.equal(doc.openapi, '3.1.0');
  const validator = new Validator();
  const result = await validator.validate(doc);
  assert.equal(validator.version, '3.1');
  assert.deepEqual(result.errors ?? [], []);
  assert.equal(result.valid, true);
});

test('every route the v1 plugin registers is in the document, with its parameters and problem responses', async () => {
  const doc = (await call(`${server.base}/openapi.json`)).body;
  const registered = server.routes
    .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/v1/') && r.url !== '/api/v1/') // the index is documented without its slash
    .map((r) => `${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
  assert.ok(registered.length >= 25, `found ${registered.length} routes`);
  const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => `${m} ${p}`),
  );
  for (const r of registered) assert.ok(documented.includes(r), `${r} is documented`);
  const search = doc.paths['/api/v1/search'].get;
  const params = search.parameters.map((p: { name: string }) => p.name).sort();
  assert.deepEqual(params, ['cursor', 'format', 'limit', 'locale', 'q', 'type']);
  assert.equal(
    search.parameters.find((p: { name: string }) => p.name === 'limit').schema.default,
    20,
  );
  for (const status of ['400', '429', '500', '503'])
    assert.ok(search.responses[status], `search documents ${status}`);
  const resolve = doc.paths['/api/v1/resolve'].post;
  for (const status of ['200', '300', '404', '413', '415'])
    assert.ok(resolve.responses[status], `resolve documents ${status}`);
  assert.ok(doc.components.schemas.Problem, 'Problem is a named component');
});

test('a readable docs page lists the operations from the same document', async () => {
  const res = await call(`${server.base}/docs`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  assert.match(res.body, /POST \/api\/v1\/resolve/);
  assert.match(res.body, /rate_limited/);
});

// The interface document (docs/interface.md §9, §10.1): OpenAPI 3.1, info.version 1.0.0, listing every /data/ and
// /api/timemachine/ route the app registers, and valid under a real OpenAPI validator.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { openapiPath } from '../src/serve/interface/openapi.js';
import { serve } from './serve-support.js';

let s: Awaited<ReturnType<typeof serve>>;
let doc: {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, unknown>>;
};
before(async () => {
  s = await serve();
  doc = await (await fetch(s.url + '/api/timemachine/openapi.json')).json();
});
after(() => s.close());

test('the document is OpenAPI 3.1 with interface version 1.0.0, also served at /openapi.json', async () => {
  assert.match(doc.openapi, /^3\.1\./);
  assert.equal(doc.info.version, '1.0.0');
  assert.deepEqual(await (await fetch(s.url + '/openapi.json')).json(), doc);
});

test('every GET route of /data/ and /api/timemachine/ the app registers is in the document', () => {
  // The explorer page (`/` for browsers, `/embed` for frames, /assets/) is HTML for people, not part of the data interface.
  const web = (url: string) => url === '/' || url === '/embed' || url.startsWith('/assets/');
  const routes = s.app.routeTable.filter(
    (r) => r.method === 'GET' && !r.url.startsWith('/api/v1') && !web(r.url),
  );
  assert.ok(routes.length >= 27 + 3 + 9);
  // an index answers with and without its trailing slash; the document lists it once, without
  for (const r of routes)
    assert.ok(
      doc.paths[openapiPath(r.url.length > 1 ? r.url.replace(/\/$/, '') : r.url)]?.get,
      `${r.url} missing from the document`,
    );
  for (const path of [
    '/api/timemachine/snapshot',
    '/api/timemachine/series',
    '/data/geo/regions/{slug}.geojson',
    '/data/{path}',
  ]) {
    assert.ok(doc.paths[path], path);
  }
  // Nothing registered under any other method than GET/HEAD, besides the CORS preflight catch-all
  // and the MCP endpoint (JSON-RPC over POST, described by its tools/list: test/mcp-http.test.ts).
  const others = s.app.routeTable.filter(
    (r) => !['GET', 'HEAD'].includes(r.method) && !r.url.startsWith('/api/v1'),
  );
  assert.deepEqual(others, [
    { method: 'OPTIONS', url: '*' },
    { method: 'POST', url: '/mcp' },
  ]);
});

test('the document validates as OpenAPI 3.1', async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc) as never);
  assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
  assert.equal(validator.version, '3.1');
});

test('series documents metric as required and granularity as day, week, month, quarter or year', () => {
  const params = (
    doc.paths['/api/timemachine/series']!.get as {
      parameters: { name: string; required: boolean; schema: { enum?: string[] } }[];
    }
  ).parameters;
  assert.equal(params.find((p) => p.name === 'metric')?.required, true);
  assert.deepEqual(params.find((p) => p.name === 'granularity')?.schema.enum, [
    'day',
    'week',
    'month',
    'quarter',
    'year',
  ]);
});

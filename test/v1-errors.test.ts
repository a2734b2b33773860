// Walks every error code of the one catalog that /api/v1/ can produce, on a real server, and checks
// each answer is RFC 9457 problem+json with the catalog's status, title and type.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ERROR_CATALOG, PROBLEM_TYPE_BASE, type ErrorCode } from '../src/serve/problems/errors.js';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';
import { tempDir } from './support/temp-dir.js';

// Catalog codes v1 never produces: they belong to /data/ and /api/timemachine/.
const NOT_V1: ErrorCode[] = [
  'invalid_slug',
  'unknown_slug',
  'invalid_date',
  'invalid_date_range',
  'unknown_layer',
  'unknown_metric',
  'unknown_place',
  'invalid_granularity',
  'web_not_built',
  // the HTTP layer's codes, the same on every path: walked in test/http-limits.test.ts and test/release-integrity.test.ts
  'malformed_request',
  'request_timeout',
  'uri_too_long',
  'headers_too_large',
  'misdirected_request', // walked in test/public-origin.test.ts
  'overloaded',
  'release_unavailable',
  // answered at start while the store is verified: walked in test/serve-store-verifying.test.ts
  'store_verifying',
  // the permalinks under /r/: walked in test/permalinks.test.ts; under /d/ in test/pdf-citation.test.ts
  'release_gone',
  'unknown_data_revision',
  // the MCP endpoint's DNS rebinding protection: walked in test/mcp-http-limits.test.ts
  'untrusted_host',
  // SDMX's own, answered under /sdmx/2.1/ as SDMX-ML error messages
  'no_results',
  'response_too_large',
  'not_implemented',
];

let server: V1Server;
let limited: V1Server;
let empty: V1Server;
let releasesDir: string;
before(async () => {
  releasesDir = (await makeV1Release()).releasesDir;
  server = await startV1(releasesDir);
  limited = await startV1(releasesDir, { rateLimit: { burst: 1, refillPerSecond: 0.001 } });
  empty = await startV1(tempDir('dala-v1-empty-'));
});
after(async () => {
  await Promise.all([server.close(), limited.close(), empty.close()]);
});

const json = (body: string, type = 'application/json') => ({
  method: 'POST',
  headers: { 'content-type': type },
  body,
});

async function internalError() {
  // the store of the served release fails under the app: the catalog's internal_error, cause not leaked
  const broken = await startV1(releasesDir);
  try {
    broken.holder.current().db.close();
    return await call(`${broken.base}/indicators`);
  } finally {
    await broken.close();
  }
}

test('every v1 error code of the catalog is produced, as problem+json with its catalog status', async () => {
  const s = server.base;
  const cases: [ErrorCode, () => ReturnType<typeof call>][] = [
    ['not_found', () => call(`${s}/places/place:KZ-99`)],
    ['invalid_parameter', () => call(`${s}/observations?period=sometime`)],
    ['unknown_parameter', () => call(`${s}/places?colour=blue`)],
    ['unknown_dimension_code', () => call(`${s}/observations?sex=W`)],
    ['unknown_topic', () => call(`${s}/indicators?topic=weather`)],
    ['dimension_not_applicable', () => call(`${s}/observations?indicator=population&area=U`)],
    ['method_not_allowed', () => call(`${s}/resolve`)],
    ['not_acceptable', () => call(`${s}/places`, { headers: { accept: 'application/xml' } })],
    ['precondition_failed', () => call(`${s}/places`, { headers: { 'if-match': '"other"' } })],
    ['missing_parameter', () => call(`${s}/search`)],
    ['invalid_path', () => call(`${s}/releases/not-a-revision`)],
    ['internal_error', internalError],
    ['no_release', () => call(`${empty.base}/health`)],
    [
      'rate_limited',
      async () => (await call(`${limited.base}/releases`), call(`${limited.base}/releases`)),
    ],
    [
      'body_too_large',
      () => call(`${s}/resolve`, json(JSON.stringify({ name: 'a'.repeat(20_000) }))),
    ],
    [
      'unsupported_media_type',
      () => call(`${s}/resolve`, json('name=Almaty', 'application/x-www-form-urlencoded')),
    ],
    ['malformed_body', () => call(`${s}/resolve`, json('{'))],
    ['invalid_body', () => call(`${s}/resolve`, json('{"name": 42}'))],
    ['invalid_cursor', () => call(`${s}/search?q=almaty&cursor=bm90LWEtY3Vyc29y.x`)],
    ['invalid_locale', () => call(`${s}/search?q=almaty&locale=fr`)],
    ['invalid_limit', () => call(`${s}/search?q=almaty&limit=500`)],
    ['invalid_query', () => call(`${s}/search?q=%20`)],
    ['unknown_release', () => call(`${s}/releases/0123456789abcdef`)],
    [
      'non_consecutive_releases',
      async () => {
        const rev = (await call(`${s}/releases`)).body.data[0].revision; // a release does not follow itself
        return call(`${s}/changes?from=${rev}&to=${rev}`);
      },
    ],
  ];
  const covered = new Set(cases.map(([code]) => code));
  const expected = (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter((c) => !NOT_V1.includes(c));
  assert.deepEqual(
    [...covered].sort(),
    expected.sort(),
    'the walk covers every v1 code of the catalog',
  );
  for (const [code, request] of cases) {
    const res = await request();
    assert.equal(res.body.code, code, `${code}: got ${JSON.stringify(res.body)}`);
    assert.equal(res.status, ERROR_CATALOG[code].status, code);
    assert.equal(res.headers.get('content-type'), 'application/problem+json', code);
    assert.equal(res.body.type, PROBLEM_TYPE_BASE + code);
    assert.equal(res.body.title, ERROR_CATALOG[code].title);
    assert.equal(typeof res.body.detail, 'string');
    assert.match(res.body.instance, /^\/api\/v1\//);
  }
});

test("a problem's type resolves on the host that answered to a page about its code, never to another site", async () => {
  const res = await fetch(`${server.base}/places/nowhere`);
  const body = await res.json();
  assert.equal(body.code, 'not_found');
  const type = new URL(body.type, res.url);
  assert.equal(type.origin, new URL(server.base).origin, `${body.type} is on the serving host`);
  const page = await fetch(type, { headers: { accept: 'text/html' } });
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  const html = await page.text();
  assert.match(html, /<h1>Resource not found<\/h1>/);
  assert.match(html, /HTTP status 404 and <code>"code": "not_found"<\/code>/);
  for (const code of Object.keys(ERROR_CATALOG)) {
    const each = await fetch(new URL(PROBLEM_TYPE_BASE + code, res.url));
    assert.equal(each.status, 200, code);
    await each.arrayBuffer();
  }
  const unknown = await fetch(new URL(`${PROBLEM_TYPE_BASE}no_such_code`, res.url));
  assert.equal(unknown.status, 404);
  assert.equal((await unknown.json()).code, 'not_found');
});

test('an unknown query parameter is 400 unknown_parameter listing the accepted ones, on collections, items and health', async () => {
  for (const [path, accepted] of [
    ['/places?sort=name', ['limit', 'cursor']],
    ['/places/place:KZ-35?type=region', []],
    ['/health?verbose=1', []],
    ['/search?q=almaty&from=2020', ['q', 'locale', 'type', 'limit', 'cursor']],
  ] as const) {
    const res = await call(server.base + path);
    assert.equal(res.status, 400, path);
    assert.equal(res.body.code, 'unknown_parameter', path);
    for (const name of accepted)
      assert.ok(res.body.accepted_parameters.includes(name), `${path} accepts ${name}`);
    assert.equal(res.headers.get('x-dala-revision') !== null, true, `${path} names its revision`);
  }
});

test('an enum failure lists the allowed values; a body failure names the member', async () => {
  const locale = await call(`${server.base}/search?q=almaty&locale=fr`);
  assert.deepEqual(locale.body.allowed_values, ['ru', 'kk', 'en']);
  assert.match(locale.body.detail, /ru, kk, en/);
  const body = await call(`${server.base}/resolve`, json('{"name": "Almaty", "type": "planet"}'));
  assert.equal(body.body.code, 'invalid_body');
  assert.equal(body.body.parameter, 'type');
  assert.ok(body.body.allowed_values.includes('place'));
  const extra = await call(`${server.base}/resolve`, json('{"name": "Almaty", "colour": "blue"}'));
  assert.equal(extra.body.parameter, 'colour');
  assert.match(extra.body.detail, /colour/);
});

test('GET or HEAD on the POST-only resolve route is 405 with Allow, as production answers', async () => {
  for (const method of ['GET', 'HEAD', 'DELETE']) {
    const res = await fetch(`${server.base}/resolve`, { method });
    assert.equal(res.status, 405, method);
    assert.equal(res.headers.get('allow'), 'OPTIONS, POST', method);
  }
  const post = await call(`${server.base}/places`, json('{}'));
  assert.equal(post.status, 405);
  assert.match(post.headers.get('allow') ?? '', /GET/);
});

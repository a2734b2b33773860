// Walks every error code of the one catalog that /api/v1/ can produce, on a real server, and checks
// each answer is RFC 9457 problem+json with the catalog's status, title and type.
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import Fastify from 'fastify';
import { ERROR_CATALOG, PROBLEM_TYPE_BASE, type ErrorCode } from '../src/serve/errors.js';
import { installProblemHandling } from '../src/serve/problem-handler.js';
import { v1Plugin } from '../src/serve/v1/index.js';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

// Catalog codes v1 never produces: they belong to /data/ and /api/timemachine/, or (unknown_parameter,
// method_not_allowed) v1 answers otherwise: extra query members are ignored, other methods are 404.
const NOT_V1: ErrorCode[] = ['invalid_slug', 'unknown_slug', 'invalid_date', 'invalid_date_range', 'unknown_layer', 'unknown_metric',
  'invalid_granularity', 'unknown_parameter', 'method_not_allowed'];

let server: V1Server;
let limited: V1Server;
let empty: V1Server;
let releasesDir: string;
before(async () => {
  releasesDir = (await makeV1Release()).releasesDir;
  server = await startV1(releasesDir);
  limited = await startV1(releasesDir, { rateLimit: { burst: 1, refillPerSecond: 0.001 } });
  empty = await startV1(await mkdtemp(join(tmpdir(), 'dala-v1-empty-')));
});
after(async () => {
  await Promise.all([server.close(), limited.close(), empty.close()]);
});

const json = (body: string, type = 'application/json') => ({ method: 'POST', headers: { 'content-type': type }, body });

async function internalError() {
  // a release source that fails unexpectedly: the catalog's internal_error, without the cause leaking
  const app = Fastify({ logger: false });
  installProblemHandling(app);
  const broken = { current: () => { throw new Error('disk gone'); }, get: async () => null, list: async () => [] };
  await app.register(v1Plugin, { prefix: '/api/v1', releases: broken });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await call(`${address}/api/v1/places`);
  } finally {
    await app.close();
  }
}

test('every v1 error code of the catalog is produced, as problem+json with its catalog status', async () => {
  const s = server.base;
  const cases: [ErrorCode, () => ReturnType<typeof call>][] = [
    ['not_found', () => call(`${s}/places/place:KZ-99`)],
    ['invalid_parameter', () => call(`${s}/observations?period=sometime`)],
    ['missing_parameter', () => call(`${s}/search`)],
    ['invalid_path', () => call(`${s}/releases/not-a-revision`)],
    ['internal_error', internalError],
    ['no_release', () => call(`${empty.base}/health`)],
    ['rate_limited', async () => (await call(`${limited.base}/releases`), call(`${limited.base}/releases`))],
    ['body_too_large', () => call(`${s}/resolve`, json(JSON.stringify({ name: 'a'.repeat(20_000) })))],
    ['unsupported_media_type', () => call(`${s}/resolve`, json('name=Almaty', 'application/x-www-form-urlencoded'))],
    ['malformed_body', () => call(`${s}/resolve`, json('{'))],
    ['invalid_body', () => call(`${s}/resolve`, json('{"name": 42}'))],
    ['invalid_cursor', () => call(`${s}/search?q=almaty&cursor=bm90LWEtY3Vyc29y.x`)],
    ['invalid_locale', () => call(`${s}/search?q=almaty&locale=fr`)],
    ['invalid_limit', () => call(`${s}/search?q=almaty&limit=500`)],
    ['invalid_query', () => call(`${s}/search?q=%20`)],
    ['unknown_release', () => call(`${s}/releases/0123456789abcdef`)],
    ['non_consecutive_releases', async () => {
      const rev = (await call(`${s}/releases`)).body.data[0].revision; // a release does not follow itself
      return call(`${s}/changes?from=${rev}&to=${rev}`);
    }],
  ];
  const covered = new Set(cases.map(([code]) => code));
  const expected = (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter((c) => !NOT_V1.includes(c));
  assert.deepEqual([...covered].sort(), expected.sort(), 'the walk covers every v1 code of the catalog');
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

// The /data/ fast path (src/serve/data/fast-path.ts) gives exactly the answers of the Fastify /data/
// routes: two production apps over the same release, one with the fast path and one without it (the
// access log turns it off), are asked the same requests and compared status, body and header by
// header; a global hook counts which requests Fastify saw, so the fast path is shown to have answered.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { readSeal } from '../src/release/verify.js';
import { releaseDir } from '../src/release/layout.js';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { raw, type RawResponse } from './serve-support.js';
import { makeFixtureRelease } from './support/fixture-release.js';

// Connection management and the clock are each server's own business.
const IGNORED = new Set(['date', 'connection', 'keep-alive']);
const ENCODINGS = [
  '',
  'gzip',
  'br',
  'gzip, deflate, br',
  'br;q=0.5, gzip',
  'gzip;q=0.2, br',
  'gzip;q=0, br;q=0',
  'identity',
  '*',
  'deflate',
  '*;q=0',
];

interface Served {
  app: DalaApp;
  url: string;
  seen: string[];
}
let fast: Served;
let plain: Served;
let files: string[];

/** A hook outside encapsulation (skip-override): it sees every answer Fastify sends, problems included. */
function recorder(seen: string[]) {
  const plugin = async (app: FastifyInstance) => {
    app.addHook('onResponse', (req, _reply, done) => {
      seen.push(`${req.method} ${req.url}`);
      done();
    });
  };
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}

async function start(releasesDir: string, accessLog: boolean): Promise<Served> {
  const seen: string[] = [];
  const app = await buildApp({
    releasesDir,
    accessLog,
    logger: false,
    pollMs: 60_000,
    extraPlugins: [{ plugin: recorder(seen), prefix: '' }],
  });
  return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }), seen };
}

before(async () => {
  const releasesDir = process.env.DALA_TEST_RELEASES ?? (await makeFixtureRelease()).releasesDir;
  [fast, plain] = [await start(releasesDir, false), await start(releasesDir, true)];
  const seal = await readSeal(releaseDir(releasesDir, fast.app.releases.current().revision));
  files = seal.files.filter((f) => f.path.startsWith('data/')).map((f) => '/' + f.path);
});
after(async () => {
  await fast?.app.close();
  await plain?.app.close();
});

function headersOf(r: RawResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers))
    if (!IGNORED.has(k) && v !== undefined) out[k] = String(v);
  return out;
}

async function same(
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const [a, b] = [
    await raw(plain.url, path, method, headers),
    await raw(fast.url, path, method, headers),
  ];
  const what = `${method} ${path} ${JSON.stringify(headers)}`;
  assert.equal(b.status, a.status, what);
  assert.deepEqual(headersOf(b), headersOf(a), what);
  assert.ok(b.body.equals(a.body), `${what}: bodies differ`);
  return b;
}

test("every sealed file, in every coding, as GET, HEAD and conditional GET, gets the Fastify route's answer without reaching Fastify", async () => {
  assert.ok(files.length >= 4);
  fast.seen.length = 0;
  let asked = 0;
  for (const path of files) {
    for (const ae of ENCODINGS) {
      const headers: Record<string, string> = ae ? { 'accept-encoding': ae } : {};
      const r = await same(path, 'GET', headers);
      assert.equal(r.status, 200, path);
      const etag = String(r.headers.etag);
      assert.equal(
        (await same(path, 'GET', { ...headers, 'if-none-match': `"other", ${etag}` })).status,
        304,
        path,
      );
      assert.equal(
        (await same(path, 'GET', { ...headers, 'if-none-match': '"stale"' })).status,
        200,
        path,
      );
      assert.equal((await same(path, 'HEAD', headers)).status, 200, path);
      asked += 4;
    }
    await same(`${path}?download=1`);
    asked += 1;
  }
  assert.equal(
    plain.seen.filter((s) => s.includes(' /data/')).length,
    asked,
    'the app without the fast path saw every request',
  );
  assert.deepEqual(fast.seen, [], 'the fast path answered every request for a sealed file');
});

test('what the fast path leaves to Fastify gets the same answer: problems, slugs, decoding, other methods, request bodies', async () => {
  fast.seen.length = 0;
  const cases: [string, string, Record<string, string>][] = [
    ['/data/missing.json', 'GET', {}],
    ['/data/', 'GET', {}],
    ['/data//country-pulse.json', 'GET', {}],
    ['/data/./country-pulse.json', 'GET', {}],
    ['/data/%2e%2e/release.json', 'GET', {}],
    ['/data/country%2Dpulse.json', 'GET', {}],
    ['/data/Country-pulse.json', 'GET', {}],
    ['/data/country-pulse.json/', 'GET', {}],
    ['/data/geo/regions/karagandy.geojson', 'GET', {}],
    ['/data/geo/regions/Bad.geojson', 'GET', {}],
    ['/data/country-pulse.json', 'GET', { 'content-encoding': 'gzip' }],
    ['/data/country-pulse.json', 'POST', {}],
    [
      '/data/country-pulse.json',
      'OPTIONS',
      { origin: 'https://x.example', 'access-control-request-method': 'GET' },
    ],
    [`/data/country-pulse.json?${'x'.repeat(9000)}`, 'GET', {}],
  ];
  for (const [path, method, headers] of cases) await same(path, method, headers);
  assert.equal(fast.seen.length, cases.length, 'each of these reached Fastify');
});

test('a decoded path, a slug and a file under a slug directory are served as their file', async () => {
  const r = await same('/data/country%2Dpulse.json');
  assert.equal(r.status, 200);
  const region = files.find((f) => f.startsWith('/data/geo/regions/'));
  assert.ok(region, 'the fixture has a region file');
  assert.equal((await same(region)).status, 200);
});

// The generated nginx configuration (src/deploy/nginx-config.ts) answers /data/ exactly as Node
// does: nginx (Debian package, own config and prefix, 127.0.0.1, stopped by pid) and Node are asked
// the same requests and their answers compared status, body and header by header.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readSeal } from '../src/release/verify.js';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { raw, type RawResponse } from './serve-support.js';
import { makeFixtureRelease } from './support/fixture-release.js';
import { NGINX, startNginx, type NginxServer } from './support/nginx-server.js';

// Connection management and the server's name are the two servers' own business.
const IGNORED = new Set(['date', 'connection', 'keep-alive', 'server', 'transfer-encoding']);

let node: DalaApp;
let nodeUrl: string;
let nginxUrl: string;
let nginx: NginxServer | null = null;
let files: string[] = [];
let seal: Awaited<ReturnType<typeof readSeal>>;

before(async () => {
  if (!NGINX) return;
  const { releasesDir, dir } = await makeFixtureRelease();
  seal = await readSeal(dir);
  files = seal.files.filter((f) => f.path.startsWith('data/')).map((f) => '/' + f.path);
  node = await buildApp({ releasesDir, pollMs: 60_000 });
  nodeUrl = await node.listen({ host: '127.0.0.1', port: 0 });
  nginx = await startNginx({ releasesDir, seal, upstreams: [new URL(nodeUrl).host] });
  nginxUrl = nginx.url;
});

after(async () => {
  await nginx?.stop();
  await node?.close();
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
    await raw(nodeUrl, path, method, headers),
    await raw(nginxUrl, path, method, headers),
  ];
  const what = `${method} ${path} ${JSON.stringify(headers)}`;
  assert.equal(b.status, a.status, what);
  assert.deepEqual(headersOf(b), headersOf(a), what);
  assert.ok(b.body.equals(a.body), `${what}: bodies differ`);
  return b;
}

const ENCODINGS = [
  '',
  'gzip',
  'br',
  'gzip, deflate, br',
  'br;q=0.5, gzip',
  'gzip;q=0.2, br',
  'gzip;q=0, br;q=0',
  'identity',
];

test(
  'every sealed file, in every negotiated coding, gets the same status, headers and bytes from nginx as from Node',
  { skip: !NGINX && 'nginx is not installed (apt-get install nginx)' },
  async () => {
    assert.ok(files.length >= 4);
    for (const path of files) {
      for (const ae of ENCODINGS) {
        const r = await same(path, 'GET', ae ? { 'accept-encoding': ae } : {});
        assert.equal(r.status, 200);
      }
      await same(path, 'HEAD', { 'accept-encoding': 'gzip, br' });
    }
    const br = await same('/data/release-manifest.json', 'GET', { 'accept-encoding': 'br' });
    assert.equal(br.headers['content-encoding'], 'br', 'a precompressed variant was served');
  },
);

test(
  'If-None-Match gives the same 304 (with the strong ETag of the representation) or 200 through nginx',
  { skip: !NGINX && 'nginx is not installed' },
  async () => {
    for (const ae of ['', 'gzip', 'br']) {
      const headers: Record<string, string> = ae ? { 'accept-encoding': ae } : {};
      const first = await same('/data/release-manifest.json', 'GET', headers);
      const etag = String(first.headers.etag);
      for (const inm of [etag, `"other", W/${etag}`, '*']) {
        const r = await same('/data/release-manifest.json', 'GET', {
          ...headers,
          'if-none-match': inm,
        });
        assert.equal(r.status, 304, inm);
        assert.equal(r.headers['content-length'], undefined);
      }
      assert.equal(
        (
          await same('/data/release-manifest.json', 'GET', {
            ...headers,
            'if-none-match': '"stale"',
          })
        ).status,
        200,
      );
    }
  },
);

test(
  "missing files, bad paths, alias slugs, other methods and CORS preflight get Node's own answers through nginx",
  { skip: !NGINX && 'nginx is not installed' },
  async () => {
    for (const path of [
      '/data/missing.json',
      '/data/../release.json',
      '/data/%2e%2e/store.sqlite',
      '/data/geo/regions/karagandy.geojson',
      '/data/geo/regions/Bad.geojson',
      '/data/country-pulse.json.gz',
      '/data/',
    ]) {
      const r = await same(path);
      assert.ok(r.status >= 400, path);
      assert.equal(r.headers['content-type'], 'application/problem+json', path);
    }
    assert.equal((await same('/data/country-pulse.json', 'POST')).status, 405);
    assert.equal(
      (
        await same('/data/country-pulse.json', 'OPTIONS', {
          origin: 'https://x.example',
          'access-control-request-method': 'GET',
        })
      ).status,
      204,
    );
    assert.equal((await same('/api/timemachine/layers')).status, 200);
  },
);

test(
  'with a public URL, nginx answers for its host only (server_name): another Host gets 421 misdirected_request as a problem document, /data/ files included',
  { skip: !NGINX && 'nginx is not installed' },
  async () => {
    const publicUrl = 'https://data.example.kz';
    const { releasesDir, dir } = await makeFixtureRelease();
    const app = await buildApp({ releasesDir, pollMs: 60_000, publicUrl });
    const upstream = await app.listen({ host: '127.0.0.1', port: 0 });
    const front = await startNginx({
      releasesDir,
      seal: await readSeal(dir),
      upstreams: [new URL(upstream).host],
      publicUrl,
    });
    try {
      for (const path of ['/data/release-manifest.json', '/api/v1/reconcile', '/api/v1/health']) {
        for (const host of ['evil.example:666', new URL(front.url).host]) {
          const r = await raw(front.url, path, 'GET', { host });
          assert.equal(r.status, 421, `${path} for ${host}`);
          assert.equal(r.headers['content-type'], 'application/problem+json');
          assert.equal(r.headers['x-content-type-options'], 'nosniff');
          assert.equal(JSON.parse(r.body.toString()).code, 'misdirected_request');
        }
        const ours = await raw(front.url, path, 'GET', { host: 'data.example.kz' });
        assert.equal(ours.status, 200, path);
      }
      const manifest = await raw(front.url, '/api/v1/reconcile', 'GET', {
        host: 'data.example.kz',
        'x-forwarded-host': 'evil.example',
      });
      assert.equal(
        JSON.parse(manifest.body.toString()).identifierSpace,
        'https://data.example.kz/api/v1/entities/',
      );
    } finally {
      await front.stop();
      await app.close();
    }
  },
);

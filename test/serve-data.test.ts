// /data/ on a real server (docs/interface.md §4.1, §4.2): sealed bytes, ETags, 304, gzip/br, slugs, path safety, methods.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readSeal } from '../src/release/verify.js';
import { releaseDir } from '../src/release/layout.js';
import { raw, serve } from './serve-support.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let s: Awaited<ReturnType<typeof serve>>;
let files: { path: string; sha256: string; media_type: string }[];

before(async () => {
  s = await serve(process.env.DALA_TEST_RELEASES);
  const seal = await readSeal(releaseDir(s.releasesDir, s.app.releases.current().revision));
  files = seal.files.filter((f) => f.path.startsWith('data/'));
});
after(() => s.close());

describe('/data/ files', () => {
  test('every sealed data file answers with bytes whose sha256 matches the seal, its media type and a strong ETag', async () => {
    assert.ok(files.length >= 4);
    for (const f of files) {
      const r = await raw(s.url, '/' + f.path);
      assert.equal(r.status, 200, f.path);
      assert.equal(sha(r.body), f.sha256, f.path);
      assert.equal(r.headers['content-type'], f.media_type, f.path);
      assert.equal(r.headers.etag, `"${f.sha256}"`);
      assert.equal(r.headers['cache-control'], 'public, max-age=300, must-revalidate');
      assert.equal(r.headers.vary, 'Accept-Encoding');
    }
  });

  test('HEAD answers the same headers without a body', async () => {
    const f = files[0]!;
    const r = await raw(s.url, '/' + f.path, 'HEAD');
    assert.equal(r.status, 200);
    assert.equal(r.body.length, 0);
    assert.equal(r.headers.etag, `"${f.sha256}"`);
  });

  test('a matching If-None-Match gives 304 without a body; a stale one gives 200', async () => {
    const f = files.find((x) => x.path === 'data/country-pulse.json')!;
    const hit = await raw(s.url, '/' + f.path, 'GET', {
      'if-none-match': `"other", "${f.sha256}"`,
    });
    assert.equal(hit.status, 304);
    assert.equal(hit.body.length, 0);
    assert.equal(hit.headers.etag, `"${f.sha256}"`);
    const miss = await raw(s.url, '/' + f.path, 'GET', { 'if-none-match': '"0000"' });
    assert.equal(miss.status, 200);
  });

  test('gzip and br variants decode to the sealed bytes and carry their own ETag', async () => {
    for (const f of files.filter((x) => !x.media_type.includes('pdf'))) {
      const br = await raw(s.url, '/' + f.path, 'GET', { 'accept-encoding': 'gzip;q=0.5, br' });
      const gz = await raw(s.url, '/' + f.path, 'GET', { 'accept-encoding': 'gzip, br;q=0' });
      for (const [r, coding, decode] of [
        [br, 'br', brotliDecompressSync],
        [gz, 'gzip', gunzipSync],
      ] as const) {
        if (r.headers['content-encoding'] === undefined) continue; // the variant was not smaller
        assert.equal(r.headers['content-encoding'], coding, f.path);
        assert.equal(sha(decode(r.body)), f.sha256, f.path);
        assert.equal(r.headers.etag, `"${f.sha256}-${coding}"`);
        assert.equal(
          (
            await raw(s.url, '/' + f.path, 'GET', {
              'accept-encoding': coding,
              'if-none-match': r.headers.etag as string,
            })
          ).status,
          304,
        );
      }
    }
    const json = files.find((x) => x.path === 'data/country-pulse.json')!;
    assert.equal(
      (await raw(s.url, '/' + json.path, 'GET', { 'accept-encoding': 'gzip;q=0, br;q=0' })).headers[
        'content-encoding'
      ],
      undefined,
    );
  });
});

describe('/data/ region slugs', () => {
  test('a slug outside ^[a-z0-9-]+$ is 400 invalid_slug', async () => {
    for (const slug of ['Karaganda', 'kara_ganda', 'a.b', '%20x']) {
      const r = await raw(s.url, `/data/geo/regions/${slug}.geojson`);
      assert.equal(r.status, 400, slug);
      assert.equal(JSON.parse(r.body.toString()).code, 'invalid_slug', slug);
    }
    const r = await raw(s.url, '/data/region-analytics/UPPER.json');
    assert.equal(JSON.parse(r.body.toString()).code, 'invalid_slug');
  });

  test('an unknown slug is 404 unknown_slug listing valid slugs; an alias names the slug it stands for', async () => {
    const r = await raw(s.url, '/data/geo/regions/atlantis.geojson');
    assert.equal(r.status, 404);
    const p = JSON.parse(r.body.toString());
    assert.equal(p.code, 'unknown_slug');
    assert.ok(p.valid_slugs.length > 0);
    assert.equal(p.suggestions, undefined);
    const alias = JSON.parse(
      (await raw(s.url, '/data/geo/regions/karagandy.geojson')).body.toString(),
    );
    assert.equal(alias.code, 'unknown_slug');
    assert.deepEqual(alias.suggestions, ['karaganda']);
    assert.equal(r.headers['content-type'], 'application/problem+json');
  });
});

describe('/data/ never leaves the data tree', () => {
  const hostile = [
    '/data/../release.json',
    '/data/%2e%2e/release.json',
    '/data/%2E%2E/store.sqlite',
    '/data/..%2frelease.json',
    '/data/country-pulse.json%00',
    '/data/%00',
    '/data/geo\\regions\\karaganda.geojson',
    '/data/geo%5cregions%5ckaraganda.geojson',
    '/data//country-pulse.json',
    '/data/./country-pulse.json',
    '/data/',
    '/data/%252e%252e/release.json',
    '/data/../../../../etc/passwd',
    '/release.json',
    '/store.sqlite',
    '/evidence/counts.json',
  ];
  for (const path of hostile) {
    test(`${path} is refused with a problem, never a file`, async () => {
      const r = await raw(s.url, path);
      assert.ok([400, 404].includes(r.status), `${path} -> ${r.status}`);
      assert.equal(r.headers['content-type'], 'application/problem+json');
      assert.ok(
        ['invalid_path', 'not_found', 'invalid_slug', 'unknown_slug'].includes(
          JSON.parse(r.body.toString()).code,
        ),
      );
    });
  }
});

describe('/data/ methods and headers', () => {
  test('methods other than GET and HEAD get 405 with Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const r = await raw(s.url, '/data/country-pulse.json', method);
      assert.equal(r.status, 405, method);
      assert.equal(r.headers.allow, 'GET, HEAD, OPTIONS');
      assert.equal(JSON.parse(r.body.toString()).code, 'method_not_allowed');
    }
  });

  test('a CORS preflight is answered and GET allows any origin', async () => {
    const pre = await raw(s.url, '/data/country-pulse.json', 'OPTIONS', {
      origin: 'https://x.example',
      'access-control-request-method': 'GET',
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers['access-control-allow-origin'], '*');
    assert.match(String(pre.headers['access-control-allow-methods']), /GET/);
  });

  test('every response, errors included, names its revision and sets nosniff and CORS', async () => {
    const revision = s.app.releases.current().revision;
    for (const [path, method] of [
      ['/data/country-pulse.json', 'GET'],
      ['/data/missing.json', 'GET'],
      ['/data/x', 'DELETE'],
      ['/nowhere', 'GET'],
      ['/data/%zz', 'GET'],
    ] as const) {
      const r = await raw(s.url, path, method);
      assert.equal(r.headers['x-dala-revision'], revision, path);
      assert.equal(r.headers['x-content-type-options'], 'nosniff', path);
      assert.equal(r.headers['access-control-allow-origin'], '*', path);
    }
  });
});

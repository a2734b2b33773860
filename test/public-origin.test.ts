// No absolute URL in an answer comes from a request header: a forged Host (or X-Forwarded-Host and
// -Proto, even from a trusted proxy) cannot poison an answer the next client gets from the cache.
// Where the public URL is configured (DALA_PUBLIC_URL), a request for another host is refused 421
// (RFC 9110 section 15.5.20) as a problem document, on every family and on the /data/ fast path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeV1Release } from './support/v1-fixture.js';
import { startServe, type ServeChild } from './support/serve-child.js';
import { send } from './support/raw-request.js';

const FORGED = [
  'Host: evil.example:666',
  'X-Forwarded-Host: evil-forwarded.example',
  'X-Forwarded-Proto: gopher',
  'X-Forwarded-For: 10.9.9.9',
];

async function withServe(env: Record<string, string>, run: (s: ServeChild) => Promise<void>) {
  const { releasesDir } = await makeV1Release();
  // 127.0.0.1 a trusted proxy: its forwarded headers are believed where any are
  const s = await startServe(releasesDir, {
    DALA_WORKERS: '2',
    DALA_TRUSTED_PROXIES: '127.0.0.1',
    ...env,
  });
  try {
    await run(s);
  } finally {
    await s.stop();
  }
}

test('without a configured public URL, a forged Host never reaches an answer: the reconciliation manifest names the listening address for every client after it', async () => {
  await withServe({}, async (s) => {
    // on several connections, so that every worker answers one forged request first
    for (let i = 0; i < 4; i++) {
      const forged = await send(s.url, '/api/v1/reconcile', FORGED);
      assert.equal(forged.status, 200, forged.body);
      assert.doesNotMatch(forged.body, /evil|gopher/, 'the forged request itself');
    }
    for (let i = 0; i < 4; i++) {
      const r = await send(s.url, '/api/v1/reconcile', [`Host: ${s.host}`]);
      assert.equal(r.status, 200);
      assert.doesNotMatch(r.body, /evil|gopher/);
      const m = JSON.parse(r.body) as Record<string, any>;
      for (const url of [
        m.identifierSpace,
        m.schemaSpace,
        m.view.url,
        m.preview.url,
        m.suggest.entity.service_url,
      ])
        assert.ok(String(url).startsWith(s.url), `${url} is on ${s.url}`);
    }
  });
});

test('with DALA_PUBLIC_URL, a request for another host is 421 misdirected_request as a problem document on every family, and the manifest names the public URL', async () => {
  await withServe({ DALA_PUBLIC_URL: 'https://data.example.kz' }, async (s) => {
    for (const path of [
      '/api/v1/reconcile',
      '/data/release-manifest.json',
      '/api/timemachine/info',
      '/sdmx/2.1/dataflow',
      '/api/v1/health',
      '/',
    ]) {
      for (const headers of [FORGED, ['Host: data.example.kz.evil.example'], [`Host: ${s.host}`]]) {
        const r = await send(s.url, path, headers);
        assert.equal(r.status, 421, `${path} ${headers[0]}: ${r.head}`);
        assert.match(r.head, /content-type: application\/problem\+json/i);
        assert.match(r.head, /x-content-type-options: nosniff/i);
        const p = JSON.parse(r.body) as { code: string; status: number; detail: string };
        assert.equal(p.code, 'misdirected_request');
        assert.equal(p.status, 421);
        assert.match(p.detail, /https:\/\/data\.example\.kz/);
      }
    }
    // the absolute form names the request's authority, whatever Host says (RFC 9112 section 3.2.2)
    const absolute = await send(s.url, 'http://evil.example/api/v1/reconcile', [
      'Host: data.example.kz',
    ]);
    assert.equal(absolute.status, 421, absolute.head);
    const twice = await send(s.url, '/api/v1/reconcile', [
      'Host: data.example.kz',
      'Host: evil.example',
    ]);
    assert.equal(twice.status, 400, 'two Host headers are malformed (RFC 9112 section 3.2)');
    assert.equal((JSON.parse(twice.body) as { code: string }).code, 'malformed_request');

    for (const host of [
      'data.example.kz',
      'DATA.Example.KZ',
      'data.example.kz:443',
      'data.example.kz.',
    ]) {
      const r = await send(s.url, '/api/v1/reconcile', [`Host: ${host}`, ...FORGED.slice(1)]);
      assert.equal(r.status, 200, `${host}: ${r.body}`);
      const m = JSON.parse(r.body) as Record<string, any>;
      assert.equal(m.identifierSpace, 'https://data.example.kz/api/v1/entities/');
      assert.equal(m.suggest.entity.service_url, 'https://data.example.kz');
      assert.doesNotMatch(r.body, /evil|gopher/);
    }
    const file = await send(s.url, '/data/release-manifest.json', ['Host: data.example.kz']);
    assert.equal(file.status, 200);
    assert.equal(
      (await send(s.url, '/api/v1/reconcile', ['Host: data.example.kz:8443'])).status,
      421,
      'another port of the public host is another origin',
    );
  });
});

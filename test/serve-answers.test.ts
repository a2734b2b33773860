// v1 and timemachine answers are immutable for their revision (a sealed release never changes): strong ETags, 304,
// gzip/br, Cache-Control, a cache keyed by revision and canonical URL that sits after the rate limit
// and never stores a problem. Through buildApp, on fixture releases.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { AnswerCache, CachedAnswer } from '../src/serve/answers/cache.js';
import { canonicalUrl } from '../src/serve/answers/canonical-url.js';
import { CompressedAnswer } from '../src/serve/answers/compressed.js';
import { makeV1Release } from './support/v1-fixture.js';

let app: DalaApp;
let releasesDir: string;
before(async () => {
  releasesDir = (await makeV1Release()).releasesDir;
  app = await buildApp({ releasesDir, pollMs: 60_000 });
});
after(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const SERIES = '/api/timemachine/series?metric=population&granularity=month';

describe('timemachine answers', () => {
  test('carry a strong ETag and Cache-Control, and the same URL gives the same bytes and ETag again', async () => {
    const a = await get(SERIES);
    const b = await get(SERIES);
    assert.equal(a.statusCode, 200);
    assert.match(String(a.headers.etag), /^"[0-9a-f]{64}"$/);
    assert.equal(a.headers['cache-control'], 'public, max-age=60, must-revalidate');
    assert.equal(a.headers.vary, 'Accept, Accept-Encoding');
    assert.equal(a.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(b.headers.etag, a.headers.etag);
    assert.equal(b.body, a.body);
    assert.equal(a.headers['x-dala-revision'], app.releases.current().revision);
  });

  test('If-None-Match with the current ETag gives 304 without a body; another tag gives 200', async () => {
    const etag = String((await get(SERIES)).headers.etag);
    for (let i = 0; i < 2; i++) {
      const r = await get(SERIES, { 'if-none-match': `"nope", ${etag}` });
      assert.equal(r.statusCode, 304);
      assert.equal(r.rawPayload.length, 0);
      assert.equal(r.headers.etag, etag);
      assert.equal(r.headers['x-dala-revision'], app.releases.current().revision);
    }
    assert.equal((await get(SERIES, { 'if-none-match': '"0"' })).statusCode, 200);
  });

  test('gzip and br are negotiated, decode to the identity bytes and carry their own ETag', async () => {
    const url = '/api/timemachine/layers';
    const plain = await get(url);
    assert.ok(plain.rawPayload.length > 300, 'big enough to compress');
    for (const [coding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const r = await get(url, { 'accept-encoding': coding });
        assert.equal(r.headers['content-encoding'], coding);
        assert.deepEqual(decode(r.rawPayload), plain.rawPayload);
        assert.equal(r.headers.etag, String(plain.headers.etag).replace(/"$/, `-${coding}"`));
        assert.equal(
          (await get(url, { 'accept-encoding': coding, 'if-none-match': String(r.headers.etag) }))
            .statusCode,
          304,
        );
      }
    }
    assert.equal(
      (await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding'],
      undefined,
    );
  });

  test('a refused request is a problem every time, never cached and without an ETag', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await get('/api/timemachine/series?metric=no_such_metric&granularity=month');
      assert.equal(r.statusCode, 404);
      assert.equal(r.headers['content-type'], 'application/problem+json');
      assert.equal(r.headers.etag, undefined);
      assert.equal(r.headers['cache-control'], 'no-store');
      const bad = await get('/api/timemachine/snapshot?date=2024-02-30');
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.headers.etag, undefined);
    }
  });
});

describe('v1 answers', () => {
  test('every spelling of the same query gives the same bytes, ETag and canonical self link', async () => {
    const spellings = [
      '/api/v1/search?q=Almaty&limit=5',
      '/api/v1/search?limit=5&q=Almaty',
      '/api/v1/search?limit=5&q=%41lmaty',
    ];
    const answers = [];
    for (const url of spellings) answers.push(await get(url));
    for (const r of answers) {
      assert.equal(r.statusCode, 200);
      assert.match(String(r.headers.etag), /^"[0-9a-f]{64}"$/);
      assert.equal(r.headers.etag, answers[0]!.headers.etag);
      assert.equal(r.body, answers[0]!.body);
      assert.equal(JSON.parse(r.body).links.self, '/api/v1/search?limit=5&q=Almaty');
      assert.equal(r.headers['cache-control'], 'public, max-age=60, must-revalidate');
    }
    const again = await get(spellings[1]!, { 'if-none-match': String(answers[0]!.headers.etag) });
    assert.equal(again.statusCode, 304);
  });

  test('the rate limit counts cached answers too: the 31st request is 429, never a cached 200', async () => {
    // The bucket's clock stands still: on a busy machine 30 requests can take over a second, and a
    // token refilled meanwhile would move `remaining` off the count this test checks.
    const own = await buildApp({ releasesDir, pollMs: 60_000, v1: { bucketClock: () => 0 } });
    try {
      const url = '/api/v1/places';
      for (let i = 0; i < 30; i++) {
        const r = await own.inject({ method: 'GET', url });
        assert.equal(r.statusCode, 200, `request ${i + 1}`);
        assert.match(String(r.headers.ratelimit), new RegExp(`remaining=${29 - i},`));
      }
      const limited = await own.inject({ method: 'GET', url });
      assert.equal(limited.statusCode, 429);
      assert.equal(JSON.parse(limited.body).code, 'rate_limited');
      assert.equal(limited.headers.etag, undefined);
    } finally {
      await own.close();
    }
  });
});

test('after a release swap the same URL answers from the new revision, with a new ETag', async () => {
  const dir = (await makeV1Release()).releasesDir;
  const own = await buildApp({ releasesDir: dir, pollMs: 60_000 });
  try {
    const url = '/api/timemachine/series?metric=population&granularity=month';
    const before = await own.inject({ method: 'GET', url });
    const second = await makeV1Release(dir, { karaganda2024: 1_999_999 });
    await own.releases.refresh();
    assert.equal(own.releases.current().revision, second.revision);
    const after = await own.inject({ method: 'GET', url });
    assert.equal(after.headers['x-dala-revision'], second.revision);
    assert.notEqual(after.headers.etag, before.headers.etag);
    assert.match(after.body, /1999999/);
    assert.doesNotMatch(before.body, /1999999/);
  } finally {
    await own.close();
  }
});

test('the answer cache stays within its byte budget, evicting the least recently used', () => {
  const answer = (n: number) =>
    new CachedAnswer(Buffer.alloc(n, 'x'), 'application/json', 'public');
  const cache = new AnswerCache({ maxBytes: 3 * answer(1000).weight });
  for (const k of ['a', 'b', 'c']) cache.set(k, answer(1000));
  assert.ok(cache.get('a')); // a is now the most recent
  cache.set('d', answer(1000));
  assert.equal(cache.size, 3);
  assert.equal(cache.get('b'), undefined);
  assert.ok(cache.get('a') && cache.get('c') && cache.get('d'));
  cache.set('huge', answer(10_000));
  assert.equal(cache.get('huge'), undefined, 'an entry over the budget is not kept');
});

test('the answer cache counts the bytes its answers hold: a variant made after an answer is stored is charged and can evict, and a kept variant holds only its own bytes', () => {
  const body = () => randomBytes(1000); // incompressible: its gzip is about as large as it
  const answer = () => new CachedAnswer(body(), 'application/json', 'public');
  const cache = new AnswerCache({ maxBytes: 3 * (1000 + 256) + 500 });
  for (const k of ['a', 'b', 'c']) cache.set(k, answer());
  assert.equal(cache.size, 3);
  const a = cache.get('a')!; // a is now the most recent, b the least
  const gzip = a.gzip;
  // zlib's answer is a view of its 16 KiB output chunk; kept as it was, it would hold all of it
  assert.equal(gzip.buffer.byteLength, gzip.length, 'the kept gzip owns exactly its bytes');
  assert.equal(cache.get('b'), undefined, 'the growth of a evicted the least recently used');
  assert.ok(cache.get('a') && cache.get('c'));
  assert.equal(cache.heldBytes, a.weight + cache.get('c')!.weight);
  assert.ok(cache.heldBytes <= cache.maxBytes);
});

test('an answer kept only in Brotli makes its identity and gzip bytes once, when a client first asks for them, and the cache charges them', () => {
  const body = Buffer.from(JSON.stringify({ values: Array.from({ length: 20_000 }, (_, i) => i) }));
  const answer = new CompressedAnswer(body);
  const cache = new AnswerCache();
  cache.set('k', answer);
  const held = cache.heldBytes;
  const gzip = answer.gzip;
  assert.deepEqual(gunzipSync(gzip), body);
  assert.equal(answer.gzip, gzip, 'the gzip bytes are kept, not made again');
  assert.equal(cache.heldBytes, held + gzip.length, 'a gzip client alone keeps no identity bytes');
  const identity = answer.body;
  assert.deepEqual(identity, body);
  assert.equal(answer.body, identity, 'the identity bytes are kept, not made again');
  assert.equal(identity.buffer.byteLength, identity.length, 'they own exactly their bytes');
  assert.equal(cache.heldBytes, held + gzip.length + body.length);
  assert.equal(cache.heldBytes, answer.weight);
  assert.deepEqual(brotliDecompressSync(answer.br), body);
});

test('an answer past the cache’s entry bound is kept in Brotli alone, and every coding of a repeat is the same answer', async () => {
  const cache = new AnswerCache({ maxEntryBytes: 1024 });
  const small = await buildApp({ releasesDir, pollMs: 60_000, answerCache: cache });
  try {
    const whole = await get(SERIES); // from the app whose bound the answer fits
    assert.ok(whole.rawPayload.length > 1024, `${whole.rawPayload.length} bytes`);
    const ask = (coding: string) =>
      small.inject({ method: 'GET', url: SERIES, headers: { 'accept-encoding': coding } });
    const br = await ask('br');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.deepEqual(brotliDecompressSync(br.rawPayload), whole.rawPayload);
    assert.equal(cache.size, 1, 'kept, though larger than the bound');
    const held = cache.heldBytes;
    assert.ok(held < whole.rawPayload.length, `${held} bytes held for ${whole.rawPayload.length}`);
    for (const coding of ['identity', 'identity', 'gzip']) {
      const res = await ask(coding);
      assert.equal(res.statusCode, 200);
      const body = coding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
      assert.deepEqual(body, whole.rawPayload, coding);
    }
    assert.equal(cache.size, 1);
    const gzipped = await ask('gzip');
    assert.equal(
      cache.heldBytes,
      held + gzipped.rawPayload.length,
      'the gzip bytes are kept, the identity bytes past the bound never',
    );
  } finally {
    await small.close();
  }
});

test('canonical URLs sort parameters by name, keep repeated names in order and normalise encoding', () => {
  assert.equal(canonicalUrl('/a?b=2&a=1'), '/a?a=1&b=2');
  assert.equal(canonicalUrl('/a?x=2&a=%41&x=1'), '/a?a=A&x=2&x=1');
  assert.equal(canonicalUrl('/a?q=a+b'), canonicalUrl('/a?q=a%20b'));
  assert.equal(canonicalUrl('/a?'), '/a');
  assert.equal(canonicalUrl('/a'), '/a');
});

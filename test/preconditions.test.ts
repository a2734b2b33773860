// Conditional GET and HEAD on a real listening server (RFC 9110 section 13.2.2): If-Match naming no
// current representation is 412 precondition_failed as a problem document (13.1.1: strong
// comparison; `*` matches), on a v1 answer made now, the same answer from the cache, and a /data/
// file on the fast path; If-None-Match still gives 304. OPTIONS * names the server's methods
// (section 9.3.7); no other method may ask for *.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readSeal } from '../src/release/verify.js';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { makeV1Release } from './support/v1-fixture.js';
import { send } from './support/raw-request.js';

let app: DalaApp;
let url: string;
let dataFile: string;

before(async () => {
  const { releasesDir, dir } = await makeV1Release();
  dataFile = '/' + (await readSeal(dir)).files.find((f) => f.path.startsWith('data/'))!.path;
  app = await buildApp({ releasesDir, pollMs: 60_000, logger: false });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
});

after(() => app?.close());

async function failsPrecondition(path: string, method = 'GET'): Promise<void> {
  const r = await fetch(url + path, { method, headers: { 'if-match': '"not-this-one"' } });
  assert.equal(r.status, 412, `${method} ${path}`);
  assert.equal(r.headers.get('content-type'), 'application/problem+json');
  if (method === 'GET') {
    const p = (await r.json()) as { code: string; status: number; detail: string };
    assert.equal(p.code, 'precondition_failed');
    assert.equal(p.status, 412);
    assert.match(p.detail, /If-Match/);
  }
}

async function etagOf(path: string): Promise<string> {
  const r = await fetch(url + path);
  assert.equal(r.status, 200, path);
  await r.arrayBuffer();
  return r.headers.get('etag')!;
}

for (const [what, path] of [
  ['a v1 answer', '/api/v1/places?limit=2'],
  ['a /data/ file', ''],
] as const)
  test(`If-Match naming another representation of ${what} is 412 (made now and kept alike); its own ETag or * is 200; If-None-Match still 304`, async () => {
    const target = path || dataFile;
    await failsPrecondition(target); // the first request: the answer is made now
    const etag = await etagOf(target);
    await failsPrecondition(target); // kept (the answer cache, or the fast path's table)
    await failsPrecondition(target, 'HEAD');
    for (const ifMatch of [etag, '*', `"other", ${etag}`]) {
      const r = await fetch(url + target, { headers: { 'if-match': ifMatch } });
      assert.equal(r.status, 200, `If-Match: ${ifMatch}`);
      await r.arrayBuffer();
    }
    const weak = await fetch(url + target, { headers: { 'if-match': `W/${etag}` } });
    assert.equal(weak.status, 412, 'a weak tag never matches strongly (RFC 9110 section 8.8.3.2)');
    const r = await fetch(url + target, { headers: { 'if-none-match': etag, 'if-match': etag } });
    assert.equal(r.status, 304);
  });

test('OPTIONS * is 200 with the methods the server takes; GET * is 400', async () => {
  const host = `Host: ${new URL(url).host}`;
  const options = await send(url, '*', [host], 'OPTIONS');
  assert.equal(options.status, 200, options.head);
  assert.match(options.head, /\r\nallow: GET, HEAD, POST, OPTIONS\r\n/i);
  const get = await send(url, '*', [host]);
  assert.equal(get.status, 400, get.head);
  assert.equal((JSON.parse(get.body) as { code: string }).code, 'malformed_request');
});

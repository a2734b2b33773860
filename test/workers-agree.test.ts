// `dala serve` in its default shape, several workers on one port: whichever worker a connection
// reaches, a paging cursor continues and an answer is the same bytes under the same ETag, so a
// client that opens a new connection per request (most do not reuse them) sees one server.
// The rate limit is one budget per address shared by the workers (a burst of 30): each part of
// these tests asks from a loopback address of its own (any of 127.0.0.0/8 on Linux), within it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { makeV1Release } from './support/v1-fixture.js';
import { startServe, type ServeChild } from './support/serve-child.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request on a connection of its own (cluster hands connections, not requests, to workers),
 * from the loopback address `from`.
 */
function fresh(url: string, from: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { agent: false, localAddress: from, headers: { connection: 'close', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let s: ServeChild;
before(async () => {
  const { releasesDir } = await makeV1Release();
  s = await startServe(releasesDir, { DALA_WORKERS: '2' });
});
after(() => s.stop());

test('a paging cursor continues on every worker: page 2 on six new connections is 200 each time', async () => {
  const from = '127.0.0.2';
  const first = await fresh(`${s.url}/api/v1/places?limit=1`, from);
  assert.equal(first.status, 200, first.body);
  const cursor = (JSON.parse(first.body) as { meta: { next_cursor: string | null } }).meta
    .next_cursor;
  assert.ok(cursor, 'the first page has a next page');
  const statuses: number[] = [];
  const pids = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const r = await fresh(
      `${s.url}/api/v1/places?limit=1&cursor=${encodeURIComponent(cursor)}`,
      from,
    );
    statuses.push(r.status);
  }
  for (let i = 0; i < 6; i++) {
    const h = await fresh(`${s.url}/api/v1/health`, from);
    for (const w of (JSON.parse(h.body) as { data: { workers: { pid: number }[] } }).data.workers)
      pids.add(String(w.pid));
  }
  assert.equal(pids.size, 2, 'two workers serve this port');
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200]);
});

test('an answer has one ETag whichever worker makes it, so If-None-Match gets 304 on every connection', async () => {
  const paths = [
    '/api/v1/places?limit=1',
    '/api/v1/places/place:KZ-35',
    '/api/v1/search?q=karaganda&limit=1',
    '/api/timemachine/snapshot?layers=demography&date=2024-12-31',
    '/api/v1/reconcile',
  ];
  for (const [i, path] of paths.entries()) {
    const from = `127.0.0.${10 + i}`; // 8 requests: within this address's burst
    const tags = new Set<string>();
    for (let i = 0; i < 4; i++) tags.add(String((await fresh(s.url + path, from)).headers.etag));
    assert.equal(tags.size, 1, `${path}: ${[...tags].join(' ')}`);
    const [etag] = [...tags] as [string];
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await fresh(s.url + path, from, { 'if-none-match': etag })).status);
    assert.deepEqual(statuses, [304, 304, 304, 304], path);
  }
});

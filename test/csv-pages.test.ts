// CSV answers of v1 collections page exactly like JSON (limit, cursor, Link header) and go through
// the same answer machinery: a strong ETag per representation, 304, gzip/br with Vary. Whole
// collections are the sealed CSVs under /data/, linked as rel="alternate". A real listening server.
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { after, before, test } from 'node:test';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

let server: V1Server;
before(async () => {
  server = await startV1((await makeV1Release()).releasesDir);
});
after(async () => server.close());

const origin = () => server.base.replace(/\/api\/v1$/, '');
const csvRows = async (res: Response) =>
  parse(await res.text(), { columns: true }) as Record<string, string>[];
const linkOf = (header: string | null, rel: string) =>
  header
    ?.split(/,\s*(?=<)/)
    .find((l) => l.includes(`rel="${rel}"`))
    ?.match(/^<([^>]+)>/)?.[1];

test('CSV of a collection honours limit and follows the same cursors and Link header as its JSON', async () => {
  for (const path of [
    '/observations',
    '/places',
    '/indicators',
    '/relations',
    '/search?q=karaganda',
  ]) {
    const sep = path.includes('?') ? '&' : '?';
    const json = await call(`${server.base}${path}${sep}limit=1`);
    const csv = await fetch(`${server.base}${path}${sep}limit=1&format=csv`);
    assert.equal(csv.status, 200, path);
    const rows = await csvRows(csv);
    assert.equal(rows.length, 1, `${path}: limit=1 gives one row`);
    assert.deepEqual(
      rows.map((r) => r['id']),
      json.body.data.map((d: { id: string }) => d.id),
      path,
    );
    assert.equal(
      linkOf(csv.headers.get('link'), 'first'),
      linkOf(json.headers.get('link'), 'first')?.replace('limit=1', 'format=csv&limit=1'),
      path,
    );
    const next = linkOf(csv.headers.get('link'), 'next');
    if (json.body.meta.count > 1) {
      assert.ok(next, `${path}: a next link`);
      const second = await fetch(origin() + next);
      const jsonSecond = await call(origin() + json.body.links.next);
      assert.deepEqual(
        (await csvRows(second)).map((r) => r['id']),
        jsonSecond.body.data.map((d: { id: string }) => d.id),
        path,
      );
      assert.ok(linkOf(second.headers.get('link'), 'prev'), `${path}: the second page links back`);
    }
  }
});

test('observations link the whole table as the sealed CSV under /data/, in the JSON links and the Link header', async () => {
  const json = await call(`${server.base}/observations?limit=1`);
  assert.equal(json.body.links.alternate, '/data/public-observations.csv');
  assert.match(
    json.headers.get('link') ?? '',
    /<\/data\/public-observations\.csv>; rel="alternate"; type="text\/csv"/,
  );
  const csv = await fetch(`${server.base}/observations?limit=1&format=csv`);
  assert.equal(linkOf(csv.headers.get('link'), 'alternate'), '/data/public-observations.csv');
});

test('CSV answers are tagged, revalidated and compressed like JSON, each representation with its own ETag', async () => {
  const url = `${server.base}/observations?limit=5`;
  const csv = await fetch(url, { headers: { accept: 'text/csv', 'accept-encoding': 'identity' } });
  const body = Buffer.from(await csv.arrayBuffer());
  const etag = csv.headers.get('etag');
  assert.match(etag ?? '', /^"[^"]+"$/);
  assert.match(
    csv.headers.get('vary') ?? '',
    /Accept\b.*Accept-Encoding|Accept-Encoding.*Accept\b/,
  );
  const json = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  await json.arrayBuffer();
  assert.notEqual(json.headers.get('etag'), etag);
  const again = await fetch(url, {
    headers: { accept: 'text/csv', 'accept-encoding': 'identity', 'if-none-match': etag! },
  });
  assert.equal(again.status, 304);
  assert.equal((await again.arrayBuffer()).byteLength, 0);
  // fetch inflates by itself: a raw request sees the coding
  const { request } = await import('node:http');
  const gz = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers: { accept: 'text/csv', 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res
          .on('data', (c: Buffer) => chunks.push(c))
          .on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    },
  );
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.deepEqual(gunzipSync(gz.body), body);
  assert.notEqual(gz.headers['etag'], etag);
});

// Content negotiation of answers computed per request (RFC 9110 12.5.3): when br and gzip are equally
// acceptable, an answer whose variants are compressed on first use is sent in br, and gzip is never
// made only to compare sizes; a representation whose variants already exist keeps "the smaller wins".
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { chooseCoding, type Encodable } from '../src/serve/data/encoding.js';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

// Records which variants negotiation read (each getter may be read more than once, as a cached one is).
function counted(
  body: Buffer,
  lazy: boolean,
  gzipBytes?: number,
): Encodable & { made: Set<string> } {
  const made = new Set<string>();
  return {
    body,
    sha256: 'x',
    lazy,
    made,
    get gzip() {
      made.add('gzip');
      return gzipBytes === undefined ? gzipSync(body) : Buffer.alloc(gzipBytes);
    },
    get br() {
      made.add('br');
      return Buffer.alloc(Math.floor(body.length / 2));
    },
  };
}

test('a lazily compressed answer asked for in gzip and br alike is sent in br without making gzip', () => {
  const body = Buffer.from(
    JSON.stringify({
      data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `place ${i}` })),
    }),
  );
  for (const header of ['gzip, deflate, br', 'br, gzip', 'br;q=1, gzip;q=0.5']) {
    const lazy = counted(body, true);
    assert.equal(chooseCoding(header, lazy), 'br', header);
    assert.deepEqual([...lazy.made], ['br'], header);
  }
  const gzipOnly = counted(body, true);
  assert.equal(chooseCoding('gzip;q=1, br;q=0.5', gzipOnly), 'gzip', 'a higher q still decides');
});

test('a representation with its variants made keeps the smaller of equally acceptable codings', () => {
  const body = Buffer.alloc(1000, 'a');
  const smallerGzip = counted(body, false, 10);
  assert.equal(chooseCoding('gzip, br', smallerGzip), 'gzip');
  assert.deepEqual([...smallerGzip.made].sort(), ['br', 'gzip']);
});

let server: V1Server;
before(async () => {
  server = await startV1((await makeV1Release()).releasesDir);
});
after(async () => server.close());

test('a v1 search answer asked for as a browser asks (gzip, deflate, br) comes in br and decodes to the JSON answer', async () => {
  const url = `${server.base}/search?q=Karaganda`;
  const res = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-encoding'), 'br');
  const identity = await call(url, { headers: { 'accept-encoding': 'identity' } });
  assert.equal(identity.headers.get('content-encoding'), null);
  // fetch decodes br itself: the decoded bytes equal the identity answer
  assert.deepEqual(await res.json(), identity.body);
});

// POST /api/v1/resolve on a real server: found, homonymy (300, no pick), none (404 with candidates),
// and the body rules (16 KiB, JSON only, malformed, schema).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

let server: V1Server;
before(async () => {
  server = await startV1((await makeV1Release()).releasesDir);
});
after(async () => server.close());

const resolve = (body: unknown, type = 'application/json') =>
  call(`${server.base}/resolve`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

test('one sure match is 200 found with that id', async () => {
  const res = await resolve({ name: 'Qaraghandy', type: 'place' });
  assert.equal(res.status, 200);
  assert.equal(res.body.data.result, 'found');
  assert.equal(res.body.data.id, 'place:KZ-35');
  const [c] = res.body.data.candidates;
  assert.equal(c.match, true);
  assert.deepEqual(
    c.features.find((f: { id: string }) => f.id === 'match_type'),
    { id: 'match_type', value: 'exact' },
  );
  assert.match(res.body.meta.revision, /^[0-9a-f]{16}$/);
});

test('homonymy is 300 with every candidate and no pick: Almaty is the region KZ-19 and the city KZ-75', async () => {
  const res = await resolve({ name: 'Almaty' });
  assert.equal(res.status, 300);
  assert.equal(res.body.data.result, 'ambiguous');
  assert.equal(res.body.data.id, null);
  assert.deepEqual(res.body.data.candidates.map((c: { id: string }) => c.id).sort(), [
    'place:KZ-19',
    'place:KZ-75',
  ]);
  assert.ok(
    res.body.data.candidates.every(
      (c: { match: boolean; score: number; names: object; type: string }) =>
        c.match && c.score === 1 && c.names && c.type,
    ),
  );
});

test('a containing place narrows homonyms: Karaganda within KZ-35 is the city district only', async () => {
  const res = await resolve({ name: 'Karaganda', within: 'place:KZ-35' });
  assert.equal(res.status, 200);
  assert.equal(res.body.data.id, 'place:KZ-35/KZ3510');
});

test('no sure match is 404 in the envelope, still with the nearest candidates (match false)', async () => {
  const typo = await resolve({ name: 'Karagamda', type: 'place' });
  assert.equal(typo.status, 404);
  assert.equal(typo.body.data.result, 'not_found');
  assert.equal(typo.body.data.candidates[0].id, 'place:KZ-35');
  assert.equal(typo.body.data.candidates[0].match, false);
  const nothing = await resolve({ name: 'Zzyzx Springs' });
  assert.equal(nothing.status, 404);
  assert.ok(nothing.body.data.candidates.length > 0, 'nearest candidates offered');
});

test('body rules: over 16 KiB is 413, not JSON is 415, malformed is 400 malformed_body, wrong shape is 400 invalid_body', async () => {
  const big = await resolve({ name: 'x'.repeat(17 * 1024) });
  assert.equal(big.status, 413);
  assert.equal(big.body.code, 'body_too_large');
  const text = await resolve('Almaty', 'text/plain');
  assert.equal(text.status, 415);
  assert.equal(text.body.code, 'unsupported_media_type');
  const broken = await resolve('{"name": ', 'application/json');
  assert.equal(broken.status, 400);
  assert.equal(broken.body.code, 'malformed_body');
  for (const body of [
    {},
    { name: '' },
    { name: 'Almaty', type: 'planet' },
    { name: 'Almaty', locale: 'de' },
  ]) {
    const res = await resolve(body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(res.body.code, 'invalid_body', JSON.stringify(body));
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
  }
});

// A reconciliation batch shares one query's candidate budget among its queries (no request within
// the input limits may cost more than 50 ms of CPU): on the production app, over a store where
// hundreds of names share a word, a query in a full batch reads a share of the candidates a query
// alone reads, and still finds its sure match.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { stableJson } from '../src/lib/canonical-json.js';
import { batchCandidates, LIMITS } from '../src/serve/v1/search/candidates.js';
import { MAX_BATCH } from '../src/serve/v1/reconcile-query.js';
import { MAX_LIMIT } from '../src/serve/v1/reconcile.js';
import { sealFixture } from './support/fixture-release.js';
import { call, startV1, v1Store, type V1Server } from './support/v1-fixture.js';

const STEMS = [
  'ak',
  'kara',
  'su',
  'tau',
  'bay',
  'zhan',
  'kol',
  'sar',
  'tobe',
  'kum',
  'bulak',
  'ozek',
  'shy',
  'mir',
  'nur',
];
const DISTRICTS = 400;
const stem = (i: number) =>
  STEMS[i % 15]! + STEMS[Math.floor(i / 15) % 15]! + STEMS[Math.floor(i / 225) % 15]!;
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

let server: V1Server;
before(async () => {
  const base = v1Store();
  const districts = Array.from({ length: DISTRICTS }, (_, i) => ({
    id: `place:KZ-35/KZ35${String(5000 + i).padStart(5, '0')}`,
    type: 'district',
    name_en: `${cap(stem(i))} district`,
    name_ru: `${cap(stem(i))}ский район`,
    name_kk: `${cap(stem(i))} ауданы`,
    data: stableJson({ parent: 'place:KZ-35', kind: 'district' }),
  }));
  const { releasesDir } = await sealFixture(
    undefined,
    { 'data/country-pulse.json': stableJson({ kind: 'test-fixture', indicators: [] }) },
    { ...base, entities: [...base.entities, ...districts] },
  );
  server = await startV1(releasesDir);
});
after(async () => server.close());

const reconcile = (queries: Record<string, object>) =>
  call(`${server.base}/reconcile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(queries),
  });

test("a query alone reads one query's candidates; in a batch of MAX_BATCH it reads its share of them", async () => {
  const share = batchCandidates(MAX_BATCH);
  assert.ok(
    share < MAX_LIMIT && MAX_LIMIT < LIMITS.candidates,
    'the share is smaller than what a query may ask for',
  );
  const alone = await reconcile({ q0: { query: 'district', limit: MAX_LIMIT } });
  assert.equal(alone.status, 200);
  assert.equal(alone.body.q0.result.length, MAX_LIMIT);
  const batch = await reconcile(
    Object.fromEntries(
      Array.from({ length: MAX_BATCH }, (_, k) => [
        `q${k}`,
        { query: 'district', limit: MAX_LIMIT },
      ]),
    ),
  );
  assert.equal(batch.status, 200);
  for (let k = 0; k < MAX_BATCH; k++) {
    const result = batch.body[`q${k}`].result as { id: string }[];
    assert.ok(
      result.length > 0 && result.length <= share,
      `q${k}: ${result.length} candidates, share ${share}`,
    );
    assert.deepEqual(
      result.map((r) => r.id),
      alone.body.q0.result.slice(0, result.length).map((r: { id: string }) => r.id),
      'the shortest names sharing the word come first either way',
    );
  }
});

test('a query in a full batch still finds its one sure match among hundreds of names sharing its words', async () => {
  const asked = 'place:KZ-35/KZ3505377'; // district 377
  const name = `${cap(stem(377))}ский район`;
  const queries: Record<string, object> = Object.fromEntries(
    Array.from({ length: MAX_BATCH - 1 }, (_, k) => [
      `q${k}`,
      { query: `${cap(stem(k))} district` },
    ]),
  );
  queries['asked'] = { query: name };
  const res = await reconcile(queries);
  assert.equal(res.status, 200);
  assert.equal(
    res.body.asked.result[0].id,
    asked,
    JSON.stringify(res.body.asked.result.slice(0, 3)),
  );
  assert.equal(res.body.asked.result[0].match, true);
  for (let k = 0; k < MAX_BATCH - 1; k++)
    assert.equal(res.body[`q${k}`].result[0].match, true, `q${k}`);
});

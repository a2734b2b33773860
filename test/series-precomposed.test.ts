// The series answer composed from a head made per request and parts stored deflated at build
// (src/serve/answers/precomposed.ts): over every place (the answer's end joined at build from each
// place's entry) and over one or several places (the places' entries joined per request), byte for
// byte the answer the plain path writes, in gzip and in identity, over random stores
// (property-based) through the production app; a repeat comes from the answer cache; a store sealed
// without the deflated entries answers the same. And the gzip composition itself equals gzip of the
// joined text for random parts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { crc32, gunzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { buildApp } from '../src/serve/app.js';
import Database from 'better-sqlite3';
import { crc32Combine, deflateJoined, deflatePart, gzipComposed } from '../src/lib/gzip-compose.js';
import { AnswerCache, type KeptAnswer } from '../src/serve/answers/cache.js';
import { addDays } from '../src/store/periods.js';
import type { StoreContent } from '../src/publish/store/write.js';
import type { PointRow } from '../src/store/rollup.js';
import { fixtureStore, makeFixtureRelease, sealFixture } from './support/fixture-release.js';

test('a composed gzip member decodes to the head followed by the tail, its CRC-32 that of the whole', () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ minLength: 1, maxLength: 300 }),
      fc.uint8Array({ maxLength: 5000 }),
      fc.boolean(),
      (a, b, repeat) => {
        const head = Buffer.from(a);
        const tail = repeat ? Buffer.concat(Array(20).fill(Buffer.from(b))) : Buffer.from(b);
        const whole = Buffer.concat([head, tail]);
        assert.equal(crc32Combine(crc32(head), crc32(tail), tail.length), crc32(whole));
        assert.ok(gunzipSync(gzipComposed(head, deflatePart(tail))).equals(whole));
      },
    ),
    { numRuns: 300 },
  );
});

test('a gzip member of a head and several parts deflated apart decodes to their texts joined', () => {
  const text = fc
    .uint8Array({ maxLength: 3000 })
    .chain((b) => fc.constantFrom(Buffer.from(b), Buffer.concat(Array(8).fill(Buffer.from(b)))));
  fc.assert(
    fc.property(
      fc.uint8Array({ minLength: 1, maxLength: 300 }),
      fc.array(fc.record({ text, given: fc.boolean() }), { minLength: 1, maxLength: 6 }),
      (h, list) => {
        const head = Buffer.from(h);
        const whole = Buffer.concat(list.map((p) => p.text));
        // each part open but the last
        const parts = list.map((p, i) => deflatePart(p.text, undefined, i < list.length - 1));
        assert.ok(
          gunzipSync(gzipComposed(head, ...(parts as [(typeof parts)[0]]))).equals(
            Buffer.concat([head, whole]),
          ),
        );
        // joined ahead of time from texts deflated apart (some given, open): the text's CRC, length and sha256
        const joined = deflateJoined(
          list.map((p) =>
            p.given
              ? { text: p.text, deflated: deflatePart(p.text, undefined, true).deflated }
              : { text: p.text },
          ),
        );
        assert.deepEqual(
          [joined.crc, joined.bytes, joined.sha256],
          [crc32(whole), whole.length, createHash('sha256').update(whole).digest('hex')],
        );
        assert.ok(gunzipSync(gzipComposed(head, joined)).equals(Buffer.concat([head, whole])));
      },
    ),
    { numRuns: 200 },
  );
});

test('a composed gzip member is read whole by the gzip program too', () => {
  const head = Buffer.from('{"revision":"0123456789abcdef",');
  const tail = Buffer.from(
    `"periods":${JSON.stringify(Array.from({ length: 5000 }, (_, i) => `p${i}`))}}`,
  );
  assert.equal(
    execFileSync('gzip', ['-dc'], { input: gzipComposed(head, deflatePart(tail)) }).toString(),
    `${head}${tail}`,
  );
});

const PLACES = ['KZ', 'KZ-11', 'KZ-35', 'KZ-75'];
const METRICS = [
  { id: 'm_last', aggregation: 'last' },
  { id: 'm_mean', aggregation: 'mean' },
  { id: 'm_sum', aggregation: 'sum' },
];

const pointArb = fc.record({
  metric: fc.constantFrom(...METRICS.map((m) => m.id)),
  place: fc.constantFrom(...PLACES),
  day: fc.integer({ min: 0, max: 500 }),
  value: fc.option(
    fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((v) => (Object.is(v, -0) ? 0 : v)),
    { freq: 5 },
  ),
  unit: fc.constantFrom('u1', 'u1', 'u2'),
  note: fc.option(fc.constantFrom('series break'), { freq: 4 }),
});

type RawPoint = typeof pointArb extends fc.Arbitrary<infer T> ? T : never;

function storeOf(raw: RawPoint[]): StoreContent {
  const base = fixtureStore();
  const seen = new Set<string>();
  const points: PointRow[] = [];
  for (const r of raw) {
    const day = addDays('2023-06-01', r.day);
    const key = `${r.metric}|${r.place}|${day}`;
    if (seen.has(key)) continue;
    seen.add(key);
    points.push({
      metric: r.metric,
      place: r.place,
      period: day,
      period_start: day,
      period_end: day,
      value: r.value,
      null_reason: r.value === null ? 'not published' : null,
      status: 'final',
      unit: r.unit,
      source_id: `src-${r.place}`,
      note: r.note,
    });
  }
  points.sort((a, b) =>
    a.metric !== b.metric
      ? a.metric < b.metric
        ? -1
        : 1
      : a.place < b.place
        ? -1
        : a.place > b.place
          ? 1
          : a.period < b.period
            ? -1
            : 1,
  );
  return {
    ...base,
    layers: [
      ...base.layers,
      {
        id: 'prop',
        title_en: 'prop',
        title_ru: 'prop',
        title_kk: 'prop',
        description: 'property-test fixture',
      },
    ],
    metrics: [
      ...base.metrics,
      ...METRICS.map((m) => ({
        ...m,
        layer: 'prop',
        name_en: m.id,
        name_ru: m.id,
        name_kk: m.id,
        unit: 'u1',
        frequency: 'daily',
        source_id: 'src',
        notes: '',
      })),
    ],
    points: [...base.points, ...points],
  };
}

/** An answer cache that counts the requests it answered. */
class CountingCache extends AnswerCache {
  hits = 0;
  override get(key: string): KeptAnswer | undefined {
    const hit = super.get(key);
    if (hit) this.hits++;
    return hit;
  }
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const WHOLE_RANGES = ['', '&start_date=2000-01-01&end_date=2030-12-31', '&end_date=2031-01-01'];

test('series over every place, one place and several: the composed answer equals the plain answer in gzip and identity, and a repeat comes from the cache, over random stores', async () => {
  const placesArb = fc.subarray(PLACES, { minLength: 2 });
  await fc.assert(
    fc.asyncProperty(
      fc.array(pointArb, { minLength: 1, maxLength: 120 }),
      fc.constantFrom('month', 'quarter', 'year'),
      placesArb,
      async (raw, granularity, asked) => {
        const store = storeOf(raw);
        // a place no point is about is refused (unknown_place)
        const known = PLACES.filter((p) => store.points.some((x) => x.place === p));
        const several = asked.filter((p) => known.includes(p));
        const sealed = await sealFixture(undefined, { 'data/country-pulse.json': '{}' }, store);
        const cache = new CountingCache();
        const app = await buildApp({
          releasesDir: sealed.releasesDir,
          pollMs: 60_000,
          answerCache: cache,
        });
        // the plain path, never answered from a cache
        const plainApp = await buildApp({
          releasesDir: sealed.releasesDir,
          pollMs: 60_000,
          answerCache: { maxBytes: 0 },
        });
        try {
          for (const m of METRICS) {
            // several places asked in another order and spelling than the answer echoes
            const choices: [string | null, string[]][] = [
              [null, PLACES],
              ...known.map((p): [string, string[]] => [p, [p]]),
            ];
            if (several.length)
              choices.push([
                [...several]
                  .reverse()
                  .map((p, i) => (i % 2 ? `place:${p}` : p))
                  .join(','),
                several,
              ]);
            for (const [placeParam, places] of choices) {
              for (const range of [...WHOLE_RANGES, '&start_date=2024-01-15']) {
                const url = `/api/timemachine/series?metric=${m.id}&granularity=${granularity}${range}${placeParam ? `&place=${encodeURIComponent(placeParam)}` : ''}`;
                const plain = await plainApp.inject({
                  url,
                  headers: { 'accept-encoding': 'identity' },
                });
                const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
                const hits = cache.hits;
                const repeat = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
                assert.equal(cache.hits, hits + 1, `${url}: the repeat is answered from the cache`);
                const identity = await app.inject({
                  url,
                  headers: { 'accept-encoding': 'gzip;q=0.1, identity' },
                });
                const again = await app.inject({
                  url,
                  headers: { 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers.etag) },
                });
                assert.equal(plain.statusCode, 200, url);
                assert.equal(gz.statusCode, 200);
                assert.equal(gz.headers['content-encoding'], 'gzip');
                // the plain path tags its gzip by the identity bytes' sha256
                const composed = gz.headers.etag !== `"${sha(plain.rawPayload)}-gzip"`;
                if (WHOLE_RANGES.includes(range))
                  assert.equal(
                    composed,
                    raw.some((r) => r.metric === m.id && places.includes(r.place)),
                    url,
                  );
                assert.equal(gunzipSync(gz.rawPayload).toString(), plain.body, url);
                assert.ok(repeat.rawPayload.equals(gz.rawPayload), url);
                assert.equal(repeat.headers.etag, gz.headers.etag);
                assert.equal(identity.headers['content-encoding'], undefined);
                assert.equal(identity.body, plain.body, url);
                assert.equal(again.statusCode, 304);
              }
            }
          }
        } finally {
          await app.close();
          await plainApp.close();
          await rm(sealed.releasesDir, { recursive: true, force: true });
        }
      },
    ),
    { numRuns: 12 },
  );
});

test("a store sealed without the places' deflated entries (or the stored end) answers every series as one with them does", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(pointArb, { minLength: 1, maxLength: 80 }), async (raw) => {
      const store = storeOf(raw);
      const known = PLACES.filter((p) => store.points.some((x) => x.place === p));
      const dropParts = (path: string, tail: boolean) => {
        const db = new Database(path);
        for (const c of ['part_deflated', 'part_crc', 'part_bytes', 'part_sha256'])
          db.exec(`ALTER TABLE series_answers DROP COLUMN ${c}`);
        if (tail)
          for (const c of ['tail_deflated', 'tail_crc', 'tail_bytes', 'tail_sha256'])
            db.exec(`ALTER TABLE series_totals DROP COLUMN ${c}`);
        db.close();
      };
      const releases = [
        await sealFixture(undefined, { 'data/country-pulse.json': '{}' }, store),
        await sealFixture(
          undefined,
          { 'data/country-pulse.json': '{}' },
          store,
          undefined,
          (path) => dropParts(path, false),
        ),
        await sealFixture(
          undefined,
          { 'data/country-pulse.json': '{}' },
          store,
          undefined,
          (path) => dropParts(path, true),
        ),
      ];
      const apps = await Promise.all(
        releases.map((r) => buildApp({ releasesDir: r.releasesDir, pollMs: 60_000 })),
      );
      try {
        for (const m of METRICS) {
          for (const place of [
            '',
            ...known.map((p) => `&place=${p}`),
            `&place=${known.join(',')}`,
          ]) {
            const url = `/api/timemachine/series?metric=${m.id}&granularity=month${place}`;
            const answers = await Promise.all(
              apps.map((app) => app.inject({ url, headers: { 'accept-encoding': 'gzip' } })),
            );
            const [full, ...older] = answers.map(
              (a, i) => (
                assert.equal(a.statusCode, 200, url),
                gunzipSync(a.rawPayload).toString().replace(releases[i]!.revision, 'REVISION')
              ),
            );
            for (const o of older) assert.equal(o, full, url);
          }
        }
      } finally {
        await Promise.all(apps.map((a) => a.close()));
        await Promise.all(releases.map((r) => rm(r.releasesDir, { recursive: true, force: true })));
      }
    }),
    { numRuns: 4 },
  );
});

test("the snapshot's composed answer is kept in the answer cache: a repeat sends the same bytes from it", async () => {
  const sealed = await makeFixtureRelease();
  const cache = new CountingCache();
  const app = await buildApp({
    releasesDir: sealed.releasesDir,
    pollMs: 60_000,
    answerCache: cache,
  });
  const plainApp = await buildApp({
    releasesDir: sealed.releasesDir,
    pollMs: 60_000,
    answerCache: { maxBytes: 0 },
  });
  try {
    const url = '/api/timemachine/snapshot?date=2024-12-31';
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    const repeat = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    const plain = await plainApp.inject({ url, headers: { 'accept-encoding': 'identity' } });
    assert.equal(gz.statusCode, 200);
    assert.notEqual(
      gz.headers.etag,
      `"${sha(plain.rawPayload)}-gzip"`,
      'composed, not the plain path',
    );
    assert.equal(cache.hits, 1);
    assert.ok(repeat.rawPayload.equals(gz.rawPayload));
    assert.equal(gunzipSync(repeat.rawPayload).toString(), plain.body);
  } finally {
    await app.close();
    await plainApp.close();
    await rm(sealed.releasesDir, { recursive: true, force: true });
  }
});

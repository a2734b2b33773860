// The series answer over every place composed from a head made per request and a tail stored
// deflated at build (src/serve/answers/precomposed.ts) is byte for byte the answer the plain path
// writes, in gzip and in identity, over random stores (property-based) through the production app;
// and the gzip composition itself equals gzip of the joined text for random parts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { crc32, gunzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { buildApp } from '../src/serve/app.js';
import { crc32Combine, deflatePart, gzipComposed } from '../src/lib/gzip-compose.js';
import { addDays } from '../src/store/periods.js';
import type { StoreContent } from '../src/publish/store.js';
import type { PointRow } from '../src/store/rollup.js';
import { fixtureStore, sealFixture } from './support/fixture-release.js';

test('a composed gzip member decodes to the head followed by the tail, its CRC-32 that of the whole', () => {
  fc.assert(fc.property(fc.uint8Array({ minLength: 1, maxLength: 300 }), fc.uint8Array({ maxLength: 5000 }), fc.boolean(), (a, b, repeat) => {
    const head = Buffer.from(a);
    const tail = repeat ? Buffer.concat(Array(20).fill(Buffer.from(b))) : Buffer.from(b);
    const whole = Buffer.concat([head, tail]);
    assert.equal(crc32Combine(crc32(head), crc32(tail), tail.length), crc32(whole));
    assert.ok(gunzipSync(gzipComposed(head, deflatePart(tail))).equals(whole));
  }), { numRuns: 300 });
});

test('a composed gzip member is read whole by the gzip program too', () => {
  const head = Buffer.from('{"revision":"0123456789abcdef",');
  const tail = Buffer.from(`"periods":${JSON.stringify(Array.from({ length: 5000 }, (_, i) => `p${i}`))}}`);
  assert.equal(execFileSync('gzip', ['-dc'], { input: gzipComposed(head, deflatePart(tail)) }).toString(), `${head}${tail}`);
});

const PLACES = ['KZ', 'KZ-11', 'KZ-35', 'KZ-75'];
const METRICS = [{ id: 'm_last', aggregation: 'last' }, { id: 'm_mean', aggregation: 'mean' }, { id: 'm_sum', aggregation: 'sum' }];

const pointArb = fc.record({
  metric: fc.constantFrom(...METRICS.map((m) => m.id)),
  place: fc.constantFrom(...PLACES),
  day: fc.integer({ min: 0, max: 500 }),
  value: fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((v) => (Object.is(v, -0) ? 0 : v)), { freq: 5 }),
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
    points.push({ metric: r.metric, place: r.place, period: day, period_start: day, period_end: day, value: r.value, null_reason: r.value === null ? 'not published' : null, status: 'final', unit: r.unit, source_id: `src-${r.place}`, note: r.note });
  }
  points.sort((a, b) => (a.metric !== b.metric ? (a.metric < b.metric ? -1 : 1) : a.place < b.place ? -1 : a.place > b.place ? 1 : a.period < b.period ? -1 : 1));
  return {
    ...base,
    layers: [...base.layers, { id: 'prop', title_en: 'prop', title_ru: 'prop', title_kk: 'prop', description: 'property-test fixture' }],
    metrics: [...base.metrics, ...METRICS.map((m) => ({ ...m, layer: 'prop', name_en: m.id, name_ru: m.id, name_kk: m.id, unit: 'u1', frequency: 'daily', source_id: 'src', notes: '' }))],
    points: [...base.points, ...points],
  };
}

test('series over every place: the composed answer equals the plain answer, in gzip and identity, over random stores', async () => {
  await fc.assert(fc.asyncProperty(fc.array(pointArb, { minLength: 1, maxLength: 120 }), fc.constantFrom('month', 'quarter', 'year'), async (raw, granularity) => {
    const sealed = await sealFixture(undefined, { 'data/country-pulse.json': '{}' }, storeOf(raw));
    const app = await buildApp({ releasesDir: sealed.releasesDir, pollMs: 60_000 });
    try {
      for (const m of METRICS) {
        for (const range of ['', '&start_date=2000-01-01&end_date=2030-12-31', '&end_date=2031-01-01']) {
          const url = `/api/timemachine/series?metric=${m.id}&granularity=${granularity}${range}`;
          // composed answers are not kept in the answer cache; the plain one is, so it is asked for last
          const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
          const identity = await app.inject({ url, headers: { 'accept-encoding': 'gzip;q=0.1, identity' } });
          const again = await app.inject({ url, headers: { 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers.etag) } });
          const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
          assert.equal(plain.statusCode, 200);
          assert.equal(gz.statusCode, 200);
          assert.equal(gz.headers['content-encoding'], 'gzip');
          // the plain path tags its gzip by the identity bytes' sha256; a metric without points has
          // no stored total and is answered by it
          const composed = gz.headers.etag !== `"${createHash('sha256').update(plain.rawPayload).digest('hex')}-gzip"`;
          assert.equal(composed, raw.some((r) => r.metric === m.id), url);
          assert.equal(gunzipSync(gz.rawPayload).toString(), plain.body, url);
          assert.equal(identity.headers['content-encoding'], undefined);
          assert.equal(identity.body, plain.body, url);
          assert.equal(again.statusCode, 304);
        }
      }
    } finally {
      await app.close();
      await rm(sealed.releasesDir, { recursive: true, force: true });
    }
  }), { numRuns: 12 });
});

// The snapshot answer's text and codings: each value written from its digits is the JSON text of the
// double, and over HTTP the answer made in the coding asked for decodes to the identity answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { valueJson, writeValue } from '../src/store/snapshot-blocks-json.js';
import { buildApp } from '../src/serve/app.js';
import { fixtureStore, sealFixture } from './support/fixture-release.js';
import { metricEntry, namesOf } from '../src/serve/timemachine/descriptions.js';
import { storeOf } from '../src/store/reader.js';
import { columnsOf } from '../src/store/tables.js';
import { csvBytes } from '../src/serve/answers/csv.js';
import { answerDimensions, seriesColumns } from '../src/serve/dimensions/csv-columns.js';
import { asOfDate } from '../src/serve/timemachine/query.js';

test('snapshot values: written from their digits, as JSON text equal to the String of the double', () => {
  const written = (v: number) => {
    const w = new Uint8Array(32);
    return Buffer.from(w.subarray(0, writeValue(w, 0, v))).toString('latin1');
  };
  const decimal = fc
    .tuple(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), fc.integer({ min: 0, max: 6 }))
    .map(([k, d]) => k / 10 ** d);
  const edges = fc.constantFrom(
    0,
    -0,
    0.1,
    -0.05,
    0.001,
    0.0001,
    1e-7,
    0.30000000000000004,
    999999999999999,
    1e15,
    1e15 - 0.5,
    123456789012.345,
    1e21,
    5e-324,
    Infinity,
    -Infinity,
    NaN,
  );
  fc.assert(
    fc.property(fc.oneof(fc.double(), decimal, edges), (v) => {
      assert.equal(written(v), valueJson(v), String(v));
      if (Number.isFinite(v))
        assert.ok(Number(written(v)) === v, `${written(v)} reads back as ${v}`);
    }),
    { numRuns: 20000 },
  );
});

test('snapshot over HTTP: the answer made in the coding asked for (br when acceptable, else gzip) decodes to the identity answer, and revalidates', async () => {
  const sealed = await sealFixture(undefined, { 'data/country-pulse.json': '{}' }, fixtureStore());
  const app = await buildApp({ releasesDir: sealed.releasesDir, pollMs: 60_000 });
  try {
    const queries = [
      '',
      '?date=2023-12-31',
      '?date=2024-06-30&layers=economy',
      '?date=2025-12-31&place=KZ-35,KZ',
      '?date=1999-01-01',
    ];
    for (const [i, query] of queries.entries()) {
      const url = `/api/timemachine/snapshot${query}`;
      // The answer cache keys on the URL and Accept, not Accept-Encoding: the answer is made (and kept
      // in br) by whichever coding is asked for first; both orders are tried. The plain answer, under
      // another Accept (another key), is made on the plain path.
      const ask = (coding: string, accept = '*/*') =>
        app.inject({ url, headers: { 'accept-encoding': coding, accept } });
      let br;
      let gz;
      if (i % 2 === 0) {
        br = await ask('gzip, deflate, br');
        gz = await ask('gzip');
      } else {
        gz = await ask('gzip');
        br = await ask('gzip, deflate, br');
      }
      const again = await app.inject({
        url,
        headers: {
          'accept-encoding': 'gzip, deflate, br',
          accept: '*/*',
          'if-none-match': String(br.headers.etag),
        },
      });
      const plain = await ask('identity', 'application/json');
      assert.equal(br.statusCode, 200, url);
      assert.equal(br.headers['content-encoding'], 'br', url);
      assert.equal(gz.headers['content-encoding'], 'gzip', url);
      assert.equal(plain.statusCode, 200, url);
      assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body, url);
      assert.equal(gunzipSync(gz.rawPayload).toString(), plain.body, url);
      assert.ok(
        (JSON.parse(plain.body) as { count: number }).count >= (query.includes('1999') ? 0 : 1),
        url,
      );
      assert.equal(again.statusCode, 304, url);
    }
    const names = await app.inject({
      url: '/api/timemachine/snapshot?date=2024-12-31&include=names',
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(names.statusCode, 200);
    assert.ok('names' in (JSON.parse(gunzipSync(names.rawPayload).toString()) as object));
  } finally {
    await app.close();
    await rm(sealed.releasesDir, { recursive: true, force: true });
  }
});

test('snapshot with names: its metrics and names are those of the release for the series and places it shows, in every coding, whichever answer came first', async () => {
  const sealed = await sealFixture(undefined, { 'data/country-pulse.json': '{}' }, fixtureStore());
  const app = await buildApp({ releasesDir: sealed.releasesDir, pollMs: 60_000 });
  try {
    const release = app.releases.current();
    const reader = storeOf(release);
    // the layers alone and together, so that an entry made for one answer is reused by another
    for (const query of ['layers=economy', '', 'layers=economy&place=KZ-35', 'date=2023-12-31']) {
      const url = `/api/timemachine/snapshot?include=names${query ? `&${query}` : ''}`;
      const br = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      const plain = await app.inject({
        url,
        headers: { 'accept-encoding': 'identity', accept: 'application/json' },
      });
      assert.equal(br.statusCode, 200, url);
      assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body, url);
      const answer = JSON.parse(plain.body) as {
        layers: string[];
        metrics: { id: string }[];
        points: { metric: string; place: string }[];
        names: unknown;
      };
      const series = reader.metrics.filter((m) => answer.layers.includes(m.layer));
      assert.deepEqual(
        answer.metrics,
        series.map((m) => metricEntry(release, m)),
        url,
      );
      assert.ok(answer.points.length > 0, url);
      assert.deepEqual(
        answer.names,
        namesOf(
          release,
          answer.points.map((p) => p.place),
          series.map((m) => m.id),
        ),
        url,
      );
    }
  } finally {
    await app.close();
    await rm(sealed.releasesDir, { recursive: true, force: true });
  }
});

test('snapshot as CSV: the records written from the shared tuples are the bytes the generic CSV writer gives for the same points', async () => {
  const sealed = await sealFixture(undefined, { 'data/country-pulse.json': '{}' }, fixtureStore());
  const app = await buildApp({ releasesDir: sealed.releasesDir, pollMs: 60_000 });
  try {
    const release = app.releases.current();
    const reader = storeOf(release);
    const queries: { date?: string; layers?: string; place?: string }[] = [
      {},
      { date: '2023-12-31' },
      { date: '2024-06-30', layers: 'economy' },
      { date: '2025-12-31', place: 'KZ-35,KZ' },
      { date: '1999-01-01' },
    ];
    for (const q of queries) {
      const url = `/api/timemachine/snapshot?${new URLSearchParams(Object.entries(q))}`;
      const res = await app.inject({ url, headers: { accept: 'text/csv' } });
      assert.equal(res.statusCode, 200, url);
      const layers = q.layers ? [q.layers] : reader.layers.map((l) => l.id);
      const rows = reader.snapshots.latestRowsAt(
        q.date ?? asOfDate(release),
        layers,
        q.place ? q.place.split(',') : null,
      );
      const metrics = reader.metrics.filter((m) => layers.includes(m.layer)).map((m) => m.id);
      const expected = csvBytes(
        rows,
        columnsOf('points'),
        seriesColumns(
          release,
          answerDimensions(release, metrics),
          (row) => row['metric'] as string,
        ),
      );
      assert.equal(res.body, expected.toString(), url);
      assert.equal(res.body.split('\r\n').length - 2, rows.length, url);
    }
  } finally {
    await app.close();
    await rm(sealed.releasesDir, { recursive: true, force: true });
  }
});

test('an identity snapshot kept in the answer cache is sent unchanged after other snapshots were made', async () => {
  // places enough that the answer is a buffer of its own (past Node's pool of small buffers)
  const content = fixtureStore();
  const point = content.points.find((p) => p.metric === 'population' && p.value !== null)!;
  for (let i = 0; i < 100; i++)
    content.points.push({ ...point, place: `KZ-X${i}`, value: i + 0.5 });
  const sealed = await sealFixture(undefined, { 'data/country-pulse.json': '{}' }, content);
  const app = await buildApp({ releasesDir: sealed.releasesDir, pollMs: 60_000 });
  try {
    const plain = (query: string) =>
      app.inject({
        url: `/api/timemachine/snapshot?${query}`,
        headers: { 'accept-encoding': 'identity', accept: 'application/json' },
      });
    const first = await plain('date=2025-12-31&include=names');
    assert.ok(first.body.length > 8192, `${first.body.length} bytes`);
    // smaller answers made after it, in identity and in br
    await plain('date=1999-01-01');
    await plain('date=2023-12-31&layers=economy');
    await app.inject({
      url: '/api/timemachine/snapshot?date=2024-06-30',
      headers: { 'accept-encoding': 'br' },
    });
    const again = await plain('date=2025-12-31&include=names');
    assert.equal(again.body, first.body);
    assert.equal(again.headers.etag, first.headers.etag);
    assert.ok((JSON.parse(again.body) as { count: number }).count > 0);
  } finally {
    await app.close();
    await rm(sealed.releasesDir, { recursive: true, force: true });
  }
});

// Hostile input, property-based (fast-check): random and adversarial paths, query strings, headers and
// bodies over every route family (/data/, /api/timemachine/, /api/v1/, the root), including huge and
// deep bodies, wrong types, invalid UTF-8, encoded and double-encoded traversal, duplicate parameters,
// compressed bodies, and cursors modified or replayed across queries and revisions. Every answer: no
// 5xx, every error problem+json with a code from the catalog and the catalog's status, and no byte from
// outside the release (a marker file beside the release, release.json, the store's header).
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test } from 'node:test';
import fc from 'fast-check';
import { ERROR_CATALOG } from '../src/serve/problems/errors.js';
import { startServer } from '../src/serve/server.js';
import { pool } from './support/http-client.js';
import { makeV1Release } from './support/v1-fixture.js';

// 2,000 cases in `npm test`; `npm run test:extra` (and CI) runs 20,000 of the same seed, a superset
// (DALA_HOSTILE_RUNS)
const RUNS = Number(process.env.DALA_HOSTILE_RUNS ?? 2_000);
const MARKER = 'OUTSIDE-THE-RELEASE-7f3a9c';

const PREFIXES = [
  '/data/',
  '/api/timemachine/',
  '/api/v1/',
  '/',
  '/api/',
  '/data/regions/',
  '/api/v1/places/',
  '/api/v1/releases/',
  '/api/v1/records/',
];
const NAMES = [
  'country-pulse.json',
  'release-manifest.json',
  'release.json',
  'store.sqlite',
  'CURRENT',
  'secret.txt',
  'places',
  'search',
  'snapshot',
  'series',
  'stats',
  'events',
  'snapshot-diff',
  'layers',
  'health',
  'releases',
  'indicators',
  'datasets',
  'resolve',
  'changes',
  'openapi.json',
  'karaganda',
  'place:KZ-35',
  'place%3AKZ-35',
  'place:KZ-35%2FKZ3510',
  'evidence',
  'counts.json',
  'geo',
  'regions',
  'index.csv',
];
const TRAVERSAL = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '%252e%252e',
  '..%2f',
  '%2e%2e%2f',
  '..%5c',
  '%c0%ae%c0%ae',
  '.%2e',
  '%2e.',
  '%00',
  '%ff%fe',
  '%c3',
  '%e2%82',
  '~',
  '.',
  '//',
  '%2f%2f',
  '..;',
  '%u002e%u002e',
];
const PARAMS = [
  'limit',
  'cursor',
  'q',
  'type',
  'locale',
  'date',
  'layers',
  'metric',
  'start_date',
  'end_date',
  'granularity',
  'from',
  'to',
  'place',
  'period',
  'include',
  'format',
  'sort',
  'x',
];
const ODD_VALUES = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e999',
  '-1',
  '0',
  '101',
  '99999999999999999999',
  '0x10',
  '',
  ' ',
  '%00',
  '%ff',
  '%2e%2e%2f',
  '../../release.json',
  '2024-02-30',
  '9999-12-31',
  'true',
  '[]',
  '{}',
  'a'.repeat(3000),
  '%EF%BF%BD',
  'кар',
  '%D0%BA',
];

const encode = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9._~:@!$&'()*+,;=-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

const segment = fc.oneof(
  fc.constantFrom(...NAMES),
  fc.constantFrom(...TRAVERSAL),
  fc.string({ maxLength: 20 }).map(encode),
  fc.constantFrom(...TRAVERSAL).chain((t) => fc.constantFrom(...NAMES).map((n) => `${t}/${n}`)),
);
const path = fc
  .tuple(fc.constantFrom(...PREFIXES), fc.array(segment, { maxLength: 4 }), fc.boolean())
  .map(([p, segs, slash]) => p + segs.join('/') + (slash ? '/' : ''));
const value = fc.oneof(
  fc.constantFrom(...ODD_VALUES).map(encode),
  fc.string({ maxLength: 30 }).map(encode),
  fc.integer().map(String),
);
const query = fc
  .array(
    fc.tuple(fc.oneof(fc.constantFrom(...PARAMS), fc.string({ maxLength: 8 }).map(encode)), value),
    { maxLength: 5 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
const headerValue = fc.oneof(
  fc.constantFrom(
    'gzip',
    'br',
    'identity;q=0, *;q=0',
    '*',
    'application/json',
    'text/html',
    '"x"',
    'W/"x"',
    '*/*',
    'bytes=0-10',
    '203.0.113.9, 10.0.0.1',
    'garbage',
  ),
  fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
);
const headers = fc.dictionary(
  fc.constantFrom(
    'accept',
    'accept-encoding',
    'if-none-match',
    'x-forwarded-for',
    'range',
    'accept-language',
    'origin',
    'content-type',
  ),
  headerValue,
  { maxKeys: 4 },
);
const deep = fc.integer({ min: 1, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const body = fc.oneof(
  fc.json().map((j) => Buffer.from(j)),
  fc.object().map((o) => Buffer.from(JSON.stringify(o))),
  deep.map((s) => Buffer.from(s)),
  fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)), // invalid UTF-8 more often than not
  fc.constant(Buffer.from(JSON.stringify({ name: 'x'.repeat(40_000) }))),
  fc
    .record({
      name: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string())),
      type: fc.string(),
      locale: fc.string(),
    })
    .map((o) => Buffer.from(JSON.stringify(o))),
  fc.json().map((j) => gzipSync(j)),
);

interface Case {
  method: string;
  target: string;
  headers: Record<string, string>;
  body: Buffer | null;
  coded: boolean;
}

const requestCase = fc
  .record({
    method: fc.constantFrom(
      'GET',
      'GET',
      'GET',
      'HEAD',
      'POST',
      'OPTIONS',
      'PUT',
      'DELETE',
      'PATCH',
    ),
    path,
    query,
    headers,
    body: fc.option(body, { nil: null }),
    coded: fc.boolean(),
  })
  .map((c): Case => ({
    method: c.method,
    target: c.path + (c.query ? `?${c.query}` : ''),
    headers: c.headers,
    body: c.method === 'POST' || c.method === 'PUT' ? c.body : null,
    coded: c.coded,
  }));

test(
  `${RUNS} hostile requests over every route family: no 5xx, errors are catalog problems, nothing from outside the release`,
  { timeout: 300_000 },
  async () => {
    const { releasesDir, dir } = await makeV1Release();
    await writeFile(join(dirname(releasesDir), 'secret.txt'), MARKER);
    await writeFile(join(releasesDir, 'secret.txt'), MARKER);
    const sealText = (await readFile(join(dir, 'release.json'), 'utf8')).slice(0, 60);
    const server = await startServer({
      releasesDir,
      host: '127.0.0.1',
      port: 0,
      logger: false,
      v1: { rateLimit: { burst: 1e9, refillPerSecond: 1e6 } },
    });
    const { hostname, port } = new URL(server.url);
    const agent = pool(8);
    // Real cursors, to modify and replay.
    const firstPage = await (await fetch(`${server.url}/api/v1/places?limit=1`)).json();
    const cursor: string = firstPage.meta.next_cursor;
    const cursorCase = fc
      .record({
        route: fc.constantFrom(
          '/api/v1/places',
          '/api/v1/search?q=almaty&',
          '/api/v1/indicators',
          '/api/v1/datasets',
          '/api/v1/places?limit=2&',
        ),
        edit: fc.oneof(
          fc.constant(cursor),
          fc
            .nat({ max: cursor.length - 1 })
            .chain((i) =>
              fc
                .string({ minLength: 1, maxLength: 1 })
                .map((ch: string) => cursor.slice(0, i) + ch + cursor.slice(i + 1)),
            ),
          fc.constant(cursor.split('.').reverse().join('.')),
          fc.constant(`${cursor}.${cursor}`),
          fc
            .string()
            .map((s: string) => `${Buffer.from(s).toString('base64url')}.${cursor.split('.')[1]}`),
        ),
      })
      .map(({ route, edit }): Case => ({
        method: 'GET',
        target: `${route}${route.includes('?') ? '' : '?'}cursor=${encode(edit)}`,
        headers: {},
        body: null,
        coded: false,
      }));

    const statuses = new Map<number, number>();
    const send = (c: Case) =>
      new Promise<{ status: number; type: string; body: Buffer }>((resolve, reject) => {
        const h: Record<string, string> = { ...c.headers };
        if (c.body) {
          h['content-type'] ??= 'application/json';
          h['content-length'] = String(c.body.length);
          if (c.coded) h['content-encoding'] = 'gzip';
        }
        const req = request(
          { hostname, port, path: c.target, method: c.method, headers: h, agent },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (d: Buffer) => chunks.push(d));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                type: String(res.headers['content-type'] ?? ''),
                body: Buffer.concat(chunks),
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(c.body ?? undefined);
      });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ arbitrary: requestCase, weight: 9 }, { arbitrary: cursorCase, weight: 1 }),
          async (c) => {
            const res = await send(c);
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            const label = `${c.method} ${c.target.slice(0, 200)} -> ${res.status} ${res.body.toString('utf8').slice(0, 200)}`;
            assert.ok(res.status < 500, label);
            const text = res.body.toString('latin1');
            assert.ok(!text.includes(MARKER), `a byte from outside the release: ${label}`);
            assert.ok(!text.includes(sealText), `release.json leaked: ${label}`);
            assert.ok(!text.startsWith('SQLite format 3'), `the store leaked: ${label}`);
            if (res.status >= 400 && c.method !== 'HEAD') {
              assert.equal(res.type, 'application/problem+json', label);
              const p = JSON.parse(res.body.toString('utf8'));
              const entry = (ERROR_CATALOG as Record<string, { status: number }>)[p.code];
              assert.ok(entry, `uncatalogued code: ${label}`);
              assert.equal(entry.status, res.status, label);
            }
          },
        ),
        {
          numRuns: RUNS,
          seed: Number(process.env.DALA_HOSTILE_SEED ?? 20261123),
          endOnFailure: true,
        },
      );
    } finally {
      agent.destroy();
      await server.close();
    }
    console.log(
      `# hostile: ${RUNS} cases, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
  },
);

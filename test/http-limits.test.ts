// The HTTP layer answers every failure with problem+json from the one catalog: query integers that are
// not decimal (limit=Infinity and the like) on every paged route, requests Node's parser rejects
// (unknown or lowercase methods, a 10^20 Content-Length, oversized URLs and headers), compressed
// bodies, and cursors that this server did not issue or that name a revision it does not list.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { ERROR_CATALOG, PROBLEM_TYPE_BASE, type ErrorCode } from '../src/serve/problems/errors.js';
import { startServer, type RunningServer } from '../src/serve/server.js';
import { makeV1Release } from './support/v1-fixture.js';

let server: RunningServer;
let port: number;
before(async () => {
  const { releasesDir } = await makeV1Release();
  server = await startServer({
    releasesDir,
    host: '127.0.0.1',
    port: 0,
    logger: false,
    v1: { rateLimit: { burst: 100_000, refillPerSecond: 1000 } },
  });
  port = Number(new URL(server.url).port);
});
after(() => server.close());

/** Sends bytes verbatim and returns the raw answer (the connection is closed by either side). */
function send(data: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        headers: head.toLowerCase(),
        body: rest.join('\r\n\r\n'),
      });
    });
    socket.write(data);
    setTimeout(() => socket.end(), 300);
  });
}

function assertProblem(
  res: { status: number; headers: string; body: string },
  code: ErrorCode,
  label: string,
): void {
  assert.equal(
    res.status,
    ERROR_CATALOG[code].status,
    `${label}: status (${res.body.slice(0, 200)})`,
  );
  assert.match(res.headers, /content-type: application\/problem\+json/, label);
  const body = JSON.parse(res.body);
  assert.equal(body.code, code, label);
  assert.equal(body.type, PROBLEM_TYPE_BASE + code, label);
  assert.equal(body.status, ERROR_CATALOG[code].status, label);
}

test('limit written as Infinity, -Infinity, NaN, 1e999, 1e2, 0x10, " 5" or 5.0 is 400 invalid_limit on every paged v1 route', async () => {
  const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
  };
  const paged = Object.entries(doc.paths)
    .filter(([, ops]) => ops.get?.parameters?.some((p) => p.name === 'limit' && p.in === 'query'))
    .map(([path, ops]) => {
      const required = (ops.get!.parameters ?? [])
        .filter((p) => p.in === 'query' && (p as { required?: boolean }).required)
        .map((p) => `${p.name}=almaty&`);
      return `${path.replace(/\{[^}]+\}/g, 'place:KZ-35')}?${required.join('')}`;
    });
  assert.ok(paged.length >= 4, `paged routes found in the interface document: ${paged.join(' ')}`);
  let checked = 0;
  for (const route of paged) {
    for (const bad of [
      'Infinity',
      '-Infinity',
      'NaN',
      '1e999',
      '-1e999',
      '1e2',
      '0x10',
      ' 5',
      '5.0',
      '',
      '0',
      '101',
      '-1',
      '99999999999999999999',
    ]) {
      const res = await fetch(`${server.url}${route}limit=${encodeURIComponent(bad)}`);
      const body = await res.json();
      assert.equal(
        res.status,
        400,
        `${route} limit=${JSON.stringify(bad)}: ${JSON.stringify(body).slice(0, 200)}`,
      );
      assert.equal(body.code, 'invalid_limit', `${route} limit=${JSON.stringify(bad)}`);
      assert.equal(res.headers.get('content-type'), 'application/problem+json');
      checked++;
    }
    const ok = await fetch(`${server.url}${route}limit=2`);
    assert.notEqual(ok.status, 500, route);
  }
  console.log(
    `# limit: ${checked} bad values over ${paged.length} paged routes, all 400 invalid_limit`,
  );
});

test('requests the HTTP parser rejects get problem+json from the catalog, then the connection closes', async () => {
  const cases: [string, string | Buffer, ErrorCode][] = [
    ['unknown method', 'FOO /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n', 'malformed_request'],
    ['lowercase get', 'get /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n', 'malformed_request'],
    [
      'Content-Length 10^20',
      'POST /api/v1/resolve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000000000000000\r\n\r\n{}',
      'malformed_request',
    ],
    [
      'two Content-Lengths',
      'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
      'malformed_request',
    ],
    ['garbage request line', 'GARBAGE\r\n\r\n', 'malformed_request'],
    [
      '100 KB URL',
      `GET /data/${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      'headers_too_large',
    ],
    [
      '1 MB header',
      `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(1_000_000)}\r\n\r\n`,
      'headers_too_large',
    ],
    [
      '10 KB URL',
      `GET /data/${'a'.repeat(10_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      'uri_too_long',
    ],
  ];
  for (const [label, data, code] of cases) assertProblem(await send(data), code, label);
});

test('a content-coded request body is 415, invalid JSON is 400 malformed_body, both problem+json', async () => {
  const gz = gzipSync('{"name":"Almaty"}');
  for (const coding of ['gzip', 'deflate', 'br', 'GZIP', 'x-unknown']) {
    const head = `POST /api/v1/resolve HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Encoding: ${coding}\r\nContent-Length: ${gz.length}\r\n\r\n`;
    assertProblem(
      await send(Buffer.concat([Buffer.from(head), gz])),
      'unsupported_media_type',
      coding,
    );
  }
  assertProblem(
    await send(
      'POST /api/v1/resolve HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{bad}',
    ),
    'malformed_body',
    'invalid JSON',
  );
});

test('cursors are keyed: forged, edited, replayed on another query, or naming an unlisted revision, all 400 invalid_cursor', async () => {
  const first = await (await fetch(`${server.url}/api/v1/places?limit=1`)).json();
  const cursor: string = first.meta.next_cursor;
  assert.ok(cursor, 'a first page of one has a next cursor');
  assert.equal((await fetch(`${server.url}/api/v1/places?limit=1&cursor=${cursor}`)).status, 200);
  const [payload = ''] = cursor.split('.');
  const state = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const unkeyed = (p: string) => createHash('sha256').update(p).digest('base64url').slice(0, 22);
  const forge = (s: object) => {
    const p = Buffer.from(JSON.stringify(s)).toString('base64url');
    return `${p}.${unkeyed(p)}`;
  };
  const bad = [
    forge({ ...state, off: 0 }), // the old unkeyed integrity check no longer passes
    forge({ ...state, rev: `x/../${state.rev}` }),
    forge({ ...state, rev: '0123456789abcdef' }),
    `${Buffer.from(JSON.stringify({ ...state, off: 3 })).toString('base64url')}.${cursor.split('.')[1]}`, // edited payload, old tag
    `${payload}.${'A'.repeat(32)}`,
    `${payload}`,
    'x.y.z',
  ];
  for (const token of bad) {
    const res = await fetch(
      `${server.url}/api/v1/places?limit=1&cursor=${encodeURIComponent(token)}`,
    );
    const body = await res.json();
    assert.equal(res.status, 400, `${token}: ${JSON.stringify(body)}`);
    assert.equal(body.code, 'invalid_cursor');
  }
  const replayed = await fetch(`${server.url}/api/v1/search?q=almaty&cursor=${cursor}`);
  assert.equal(
    (await replayed.json()).code,
    'invalid_cursor',
    'a cursor continues only the query that issued it',
  );
  // The holder itself never opens a revision outside the listed lineage, whatever asks.
  const releases = server.app.releases;
  for (const rev of [`x/../${state.rev}`, '../../etc', '0123456789abcdef'])
    assert.equal(await releases.get(rev), null, rev);
});

test('an HTTP/1.1 request without Host is 400 malformed_request as a problem document with nosniff and CORS; HTTP/1.0 needs none', async () => {
  const res = await send('GET /api/v1/health HTTP/1.1\r\nAccept: application/json\r\n\r\n');
  assertProblem(res, 'malformed_request', 'no Host');
  assert.match(JSON.parse(res.body).detail, /Host/);
  assert.match(res.headers, /x-content-type-options: nosniff/);
  assert.match(res.headers, /access-control-allow-origin: \*/);
  assert.doesNotMatch(res.headers, /transfer-encoding: chunked/);
  const old = await send('GET /api/v1/health HTTP/1.0\r\n\r\n');
  assert.equal(old.status, 200);
});

test('a JSON body with a __proto__ or constructor.prototype key is 400 invalid_body saying so, not "not valid JSON"', async () => {
  for (const body of [
    '{"__proto__": {"x": 1}, "name": "Astana"}',
    '{"constructor": {"prototype": {"x": 1}}, "name": "Astana"}',
  ]) {
    const res = await fetch(`${server.url}/api/v1/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const problem = (await res.json()) as { code: string; detail: string };
    assert.equal(res.status, 400, body);
    assert.equal(problem.code, 'invalid_body', body);
    assert.match(problem.detail, /__proto__/, body);
    assert.doesNotMatch(problem.detail, /not valid JSON/, body);
  }
});

test('a request with a body read whole is answered over a real socket: POST resolve (JSON) and reconcile (form)', async () => {
  // The request stream is destroyed once its body is consumed (Node's autoDestroy); the admission of
  // answers must not mistake that for a client gone, or every POST waits until the request timeout.
  const resolve = await fetch(`${server.url}/api/v1/resolve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"name":"Astana"}',
    signal: AbortSignal.timeout(5000),
  });
  assert.ok([200, 300, 404].includes(resolve.status), `resolve answered ${resolve.status}`);
  assert.ok((await resolve.json()) !== null);
  const form = new URLSearchParams({ queries: JSON.stringify({ q0: { query: 'Astana' } }) });
  const reconcile = await fetch(`${server.url}/api/v1/reconcile`, {
    method: 'POST',
    body: form,
    signal: AbortSignal.timeout(5000),
  });
  assert.equal(reconcile.status, 200);
  assert.ok('q0' in (await reconcile.json()));
});

test('a connection over the per-address bound and a request the parser rejects both get a problem document with nosniff and CORS, then the connection closes', async () => {
  const { releasesDir } = await makeV1Release();
  const capped = await startServer({
    releasesDir,
    host: '127.0.0.1',
    port: 0,
    logger: false,
    limits: { maxConnectionsPerAddress: 2 },
  });
  const cappedPort = Number(new URL(capped.url).port);
  const held = [connect(cappedPort, '127.0.0.1'), connect(cappedPort, '127.0.0.1')];
  try {
    await Promise.all(held.map((s) => new Promise((r) => s.once('connect', r))));
    const third = await new Promise<string>((resolve, reject) => {
      const socket = connect(cappedPort, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    const [head = '', body = ''] = third.split('\r\n\r\n');
    const lower = head.toLowerCase();
    assert.match(head, /^HTTP\/1\.1 503 /);
    assert.equal(JSON.parse(body).code, 'overloaded');
    for (const header of [
      /content-type: application\/problem\+json/,
      /x-content-type-options: nosniff/,
      /access-control-allow-origin: \*/,
      /retry-after: 1/,
      /connection: close/,
    ])
      assert.match(lower, header);
  } finally {
    for (const s of held) s.destroy();
    await capped.close();
  }
  const rejected = await send('get /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n');
  assertProblem(rejected, 'malformed_request', 'lowercase method');
  for (const header of [
    /x-content-type-options: nosniff/,
    /access-control-allow-origin: \*/,
    /connection: close/,
  ])
    assert.match(rejected.headers, header);
});

// The limits of /mcp on a real listening server, as raw HTTP: one rate-limit budget per client
// address shared with /api/v1/, DNS rebinding protection (Host and Origin), JSON only with the 16 KiB
// body of /api/v1/, and no stream or session (GET and DELETE are 405).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { send } from './support/http-client.js';
import { makeMcpRelease } from './support/mcp-fixture.js';
import { call, startV1, type V1Server } from './support/v1-fixture.js';

let releasesDir: string;
let s: V1Server;
before(async () => {
  releasesDir = (await makeMcpRelease()).releasesDir;
  s = await startV1(releasesDir);
});
after(() => s.close());

const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};
const rpc = (method: string, params: object = {}, id: number | null = 1) =>
  JSON.stringify({ jsonrpc: '2.0', ...(id === null ? {} : { id }), method, params });
const post = (url: string, headers: Record<string, string> = {}, body = rpc('tools/list')) =>
  send(url, { method: 'POST', path: '/mcp', headers: { ...MCP_HEADERS, ...headers }, body });
const json = (b: Buffer) => JSON.parse(b.toString('utf8'));

test('/mcp spends the same budget per client address as /api/v1/: a client that spent it there is 429 here, and back', async () => {
  let clock = 1_000_000;
  const limited = await startV1(releasesDir, {
    rateLimit: { burst: 4, refillPerSecond: 1 },
    bucketClock: () => clock,
  });
  try {
    for (let i = 0; i < 2; i++) assert.equal((await call(`${limited.base}/releases`)).status, 200);
    for (let i = 0; i < 2; i++) {
      const res = await post(limited.url);
      assert.equal(res.status, 200);
      assert.equal(res.headers['ratelimit'], `limit=4, remaining=${1 - i}, reset=${3 + i}`);
    }
    const refused = await post(limited.url);
    assert.equal(refused.status, 429);
    assert.equal(json(refused.body).code, 'rate_limited');
    assert.equal(refused.headers['retry-after'], '1');
    assert.equal((await call(`${limited.base}/releases`)).status, 429);
    clock += 1100;
    assert.equal((await post(limited.url)).status, 200);
    assert.equal((await call(`${limited.base}/releases`)).status, 429);
  } finally {
    await limited.close();
  }
});

test('DNS rebinding: a Host or Origin naming another host is 403 untrusted_host; loopback, IP addresses and no Origin pass', async () => {
  const { port } = new URL(s.url);
  for (const headers of <Record<string, string>[]>[
    { host: 'evil.example.com' },
    { host: `evil.example.com:${port}` },
    { host: `localhost.evil.example.com:${port}` },
    { origin: 'http://evil.example.com' },
    { origin: `http://evil.example.com:${port}` },
    { origin: 'null' },
  ]) {
    const res = await post(s.url, headers);
    assert.equal(res.status, 403, JSON.stringify(headers));
    assert.equal(json(res.body).code, 'untrusted_host', JSON.stringify(headers));
  }
  for (const headers of <Record<string, string>[]>[
    {},
    { host: `localhost:${port}` },
    { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` },
    { host: `[::1]:${port}`, origin: 'http://localhost:6274' },
    { host: `10.1.2.3:${port}` },
  ]) {
    const res = await post(s.url, headers);
    assert.equal(res.status, 200, JSON.stringify(headers));
    assert.ok(Array.isArray(json(res.body).result.tools), JSON.stringify(headers));
  }
});

test("with a public URL configured, Host and Origin must name it, as every route's Host must: another Host is 421 before /mcp, another Origin 403", async () => {
  const served = await startV1(releasesDir, { publicUrl: 'https://data.example.kz' });
  try {
    for (const headers of <Record<string, string>[]>[
      { host: 'data.example.kz', origin: 'https://data.example.kz' },
      { host: 'DATA.example.KZ.', origin: 'https://data.example.kz:443' },
      { host: 'data.example.kz:443' },
    ]) {
      const res = await post(served.url, headers);
      assert.equal(res.status, 200, JSON.stringify(headers));
      assert.ok(Array.isArray(json(res.body).result.tools), JSON.stringify(headers));
    }
    // the one rule of the hosts this server answers to: the front server's, for /mcp as for v1
    for (const host of [
      'localhost',
      '127.0.0.1',
      'data.example.kz.evil.com',
      'data.example.kz:8443',
    ])
      for (const path of ['/mcp', '/api/v1/releases']) {
        const res = await send(served.url, {
          method: path === '/mcp' ? 'POST' : 'GET',
          path,
          headers: { ...MCP_HEADERS, host },
          body: path === '/mcp' ? rpc('tools/list') : undefined,
        });
        assert.equal(res.status, 421, `${host} ${path}`);
        assert.equal(json(res.body).code, 'misdirected_request', `${host} ${path}`);
      }
    for (const origin of [
      'https://evil.example',
      'http://data.example.kz',
      'https://data.example.kz:8443',
      'http://localhost:6274',
      'null',
    ]) {
      const res = await post(served.url, { host: 'data.example.kz', origin });
      assert.equal(res.status, 403, origin);
      assert.equal(json(res.body).code, 'untrusted_host', origin);
    }
  } finally {
    await served.close();
  }
});

test('POST only: GET (no server stream) and DELETE (no session) are 405 with Allow; JSON within 16 KiB', async () => {
  for (const method of ['GET', 'DELETE']) {
    const res = await send(s.url, {
      method,
      path: '/mcp',
      headers: { accept: 'text/event-stream' },
    });
    assert.equal(res.status, 405, method);
    assert.equal(res.headers['allow'], 'OPTIONS, POST', method);
  }
  const big = await post(
    s.url,
    {},
    rpc('tools/call', { name: 'search', arguments: { query: 'x'.repeat(17 * 1024) } }),
  );
  assert.equal(big.status, 413);
  assert.equal(json(big.body).code, 'body_too_large');
  const broken = await post(s.url, {}, '{"jsonrpc":');
  assert.equal(broken.status, 400);
  assert.equal(json(broken.body).code, 'malformed_body');
  const text = await post(s.url, { 'content-type': 'text/plain' });
  assert.equal(text.status, 415);
  // a notification has no answer; the transport accepts it (202)
  const note = await post(s.url, {}, rpc('notifications/initialized', {}, null));
  assert.equal(note.status, 202);
  assert.equal(note.body.length, 0);
  // the transport's own rule: a client must accept both JSON and an event stream
  const narrow = await post(s.url, { accept: 'application/json' });
  assert.equal(narrow.status, 406);
});

// Slow and abusive clients, and overload: 500 slowloris senders (each from its own loopback address)
// do not keep a normal client from being served promptly and are cut off with 408 after the header
// timeout; a slow body is cut off after the request timeout; an idle keep-alive connection is closed;
// connections per address are capped with a 503 problem; and under sustained event-loop delay the
// server sheds with 503 overloaded and Retry-After while health keeps answering.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { setImmediate as yieldLoop } from 'node:timers/promises';
import { test } from 'node:test';
import { startServer } from '../src/serve/server.js';
import { get } from './support/http-client.js';
import { makeV1Release } from './support/v1-fixture.js';

const LIMITS = {
  requestTimeoutMs: 3000,
  headersTimeoutMs: 2000,
  keepAliveTimeoutMs: 1000,
  maxConnectionsPerAddress: 64,
};

function open(port: number, localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect({ port, host: '127.0.0.1', localAddress });
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}

function answerOf(s: Socket): Promise<{ text: string; at: number }> {
  return new Promise((resolve) => {
    let text = '';
    s.on('data', (d) => (text += d.toString()));
    s.on('error', () => {});
    s.on('close', () => resolve({ text, at: performance.now() }));
  });
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

test(
  '500 slow senders: a normal client is still served promptly; the senders get 408 problems after the header timeout',
  { timeout: 60_000 },
  async () => {
    const { releasesDir } = await makeV1Release();
    const server = await startServer({
      releasesDir,
      host: '127.0.0.1',
      port: 0,
      logger: false,
      limits: LIMITS,
    });
    const port = Number(new URL(server.url).port);
    const slow: Socket[] = [];
    try {
      const started = performance.now();
      for (let i = 0; i < 500; i++) {
        const s = await open(port, `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`);
        s.write('GET /data/country-pulse.json HTTP/1.1\r\nHost: x\r\n');
        slow.push(s);
      }
      const answers = slow.map(answerOf);
      const drip = setInterval(() => {
        for (const s of slow) if (!s.destroyed) s.write('X-Slow: 1\r\n');
      }, 400);
      const latencies: number[] = [];
      for (let i = 0; i < 30; i++) {
        const r = await get(server.url, '/data/country-pulse.json');
        assert.equal(r.status, 200);
        latencies.push(r.ms);
      }
      const settled = await Promise.all(answers);
      clearInterval(drip);
      const timedOut = settled.filter(
        (a) =>
          /^HTTP\/1\.1 408/.test(a.text) &&
          a.text.includes('application/problem+json') &&
          a.text.includes('"code":"request_timeout"'),
      );
      const cutAfter = Math.max(...settled.map((a) => a.at - started));
      console.log(
        `# slow senders: 500 open; normal client p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms; ${timedOut.length} got 408 problem+json; all cut within ${Math.round(cutAfter)} ms`,
      );
      assert.ok(
        percentile(latencies, 50) <= 100,
        `normal client median ${percentile(latencies, 50)} ms`,
      );
      assert.equal(timedOut.length, 500, 'every slow sender got a 408 problem');
      assert.ok(cutAfter < 15_000);
    } finally {
      for (const s of slow) s.destroy();
      await server.close();
    }
  },
);

test(
  'a slow body is cut at the request timeout, an idle keep-alive connection is closed, and connections per address are capped',
  { timeout: 60_000 },
  async () => {
    const { releasesDir } = await makeV1Release();
    const server = await startServer({
      releasesDir,
      host: '127.0.0.1',
      port: 0,
      logger: false,
      limits: LIMITS,
    });
    const port = Number(new URL(server.url).port);
    const held: Socket[] = [];
    try {
      const body = await open(port, '127.0.3.1');
      const bodyAnswer = answerOf(body);
      const t0 = performance.now();
      body.write(
        'POST /api/v1/resolve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      const drip = setInterval(() => !body.destroyed && body.write(' '), 300);
      const bodyResult = await bodyAnswer;
      clearInterval(drip);
      const bodyMs = bodyResult.at - t0;
      assert.match(bodyResult.text, /^HTTP\/1\.1 408/);
      assert.ok(bodyMs < LIMITS.requestTimeoutMs + 3000, `slow body cut after ${bodyMs} ms`);

      const idle = await open(port, '127.0.3.2');
      const idleAnswer = answerOf(idle);
      const t1 = performance.now();
      idle.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n');
      const idleResult = await idleAnswer;
      const idleMs = idleResult.at - t1;
      assert.match(idleResult.text, /^HTTP\/1\.1 200/);
      assert.ok(
        idleMs < LIMITS.keepAliveTimeoutMs + 2500,
        `idle keep-alive closed after ${idleMs} ms`,
      );

      for (let i = 0; i < LIMITS.maxConnectionsPerAddress; i++)
        held.push(await open(port, '127.0.4.1'));
      const extra = await open(port, '127.0.4.1');
      const extraResult = await answerOf(extra);
      assert.match(extraResult.text, /^HTTP\/1\.1 503/);
      assert.match(extraResult.text, /"code":"overloaded"/);
      assert.match(extraResult.text.toLowerCase(), /retry-after: 1/);
      const other = await get(server.url, '/api/v1/health');
      assert.equal(other.status, 200, 'other addresses are unaffected');
      console.log(
        `# slow body cut after ${Math.round(bodyMs)} ms (request timeout ${LIMITS.requestTimeoutMs}); idle keep-alive closed after ${Math.round(idleMs)} ms (timeout ${LIMITS.keepAliveTimeoutMs}); connection ${LIMITS.maxConnectionsPerAddress + 1} from one address refused with 503`,
      );
    } finally {
      for (const s of held) s.destroy();
      await server.close();
    }
  },
);

test(
  'sustained event-loop delay past the bound: 503 overloaded with Retry-After, health still 200, normal service after',
  { timeout: 30_000 },
  async () => {
    const { releasesDir } = await makeV1Release();
    const server = await startServer({
      releasesDir,
      host: '127.0.0.1',
      port: 0,
      logger: false,
      limits: { maxEventLoopDelayMs: 100 },
    });
    try {
      let stalling = true;
      const stall = (async () => {
        const until = performance.now() + 2500;
        while (performance.now() < until) {
          const busy = performance.now() + 250;
          while (performance.now() < busy) {} // the overload: each turn of the loop runs 250 ms late
          await yieldLoop();
        }
        stalling = false;
      })();
      const answers: {
        path: string;
        status: number;
        retryAfter: string | undefined;
        code: string;
      }[] = [];
      const fire = async (path: string) => {
        const r = await get(server.url, path);
        const code = r.status >= 400 ? JSON.parse(r.body.toString()).code : '';
        answers.push({
          path,
          status: r.status,
          retryAfter: r.headers['retry-after'] as string | undefined,
          code,
        });
      };
      const inflight: Promise<void>[] = [];
      while (stalling) {
        inflight.push(fire('/data/country-pulse.json'), fire('/api/v1/health'));
        await new Promise((r) => setTimeout(r, 20));
      }
      await stall;
      await Promise.all(inflight);
      const shed = answers.filter((a) => a.path.startsWith('/data') && a.status === 503);
      const health = answers.filter((a) => a.path.endsWith('/health'));
      console.log(
        `# overload: ${answers.length} requests during a 2.5 s stall; ${shed.length} shed with 503, ${health.filter((h) => h.status === 200).length}/${health.length} health answers 200`,
      );
      assert.ok(shed.length >= 1, 'some requests were shed');
      for (const s of shed) {
        assert.equal(s.code, 'overloaded');
        assert.equal(s.retryAfter, '1');
      }
      assert.ok(
        health.every((h) => h.status === 200),
        'health keeps answering',
      );
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(
        (await get(server.url, '/data/country-pulse.json')).status,
        200,
        'served again once the loop is on time',
      );
    } finally {
      await server.close();
    }
  },
);

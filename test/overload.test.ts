// Admission (src/serve/load/admission.ts) through a real listening server: answers that cost work are
// bounded in flight per address and per process (503 overloaded with Retry-After beyond, decided
// before any work), health is never refused.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { before, test } from 'node:test';
import { sealFixture } from './support/fixture-release.js';
import { startServe, storeVerified, type ServeChild } from './support/serve-child.js';
import { v1Store } from './support/v1-fixture.js';

// The v1 fixture with 10,000 daily points of one series (labelled test fixture): a page of
// observations sorted by value then costs the server real work, as the costliest requests do.
let releasesDir: string;
before(async () => {
  const store = v1Store();
  for (let i = 0; i < 10_000; i++) {
    const day = new Date(Date.UTC(1990, 0, 1) + i * 864e5).toISOString().slice(0, 10);
    store.points.push({
      metric: 'population',
      place: 'KZ-19',
      period: day,
      period_start: day,
      period_end: day,
      value: (i * 7919) % 100_003,
      null_reason: null,
      status: 'final',
      unit: 'persons',
      source_id: 'bns-population',
      note: 'test fixture',
    });
  }
  // the store takes a series' points together (by metric, then place)
  store.points.sort((a, b) =>
    a.metric < b.metric
      ? -1
      : a.metric > b.metric
        ? 1
        : a.place < b.place
          ? -1
          : a.place > b.place
            ? 1
            : 0,
  );
  releasesDir = (await sealFixture(undefined, {}, store)).releasesDir;
});

interface Answer {
  label: string;
  status: number;
  text: string;
  ms: number;
}

/**
 * Opens every connection first (and lets the server accept them), then writes every request at
 * once; the answers in the order they came.
 */
async function burst(port: number, requests: { label: string; head: string }[]): Promise<Answer[]> {
  const sockets = await Promise.all(
    requests.map(
      () =>
        new Promise<Socket>((resolve, reject) => {
          const s = connect({ port, host: '127.0.0.1' });
          s.once('connect', () => resolve(s)).once('error', reject);
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, 300));
  const order: Answer[] = [];
  let sent = 0;
  const done = sockets.map(
    (s, i) =>
      new Promise<void>((resolve) => {
        let text = '';
        s.on('data', (d) => (text += d.toString()));
        s.on('error', () => {});
        s.on('close', () => {
          order.push({
            label: requests[i]!.label,
            status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
            text,
            ms: performance.now() - sent,
          });
          resolve();
        });
      }),
  );
  sent = performance.now();
  sockets.forEach((s, i) => s.write(requests[i]!.head));
  await Promise.all(done);
  return order;
}

const get = (path: string, headers = '') =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAccept-Encoding: gzip\r\n${headers}\r\n`;
// distinct limits: no answer is in the cache, each costs its work
const expensive = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    label: 'expensive',
    head: get(
      `/api/v1/observations?format=csv&limit=${100 - (i % 100)}&sort=${i % 2 ? 'value' : '-value'}`,
    ),
  }));

// `dala serve` in its own process, so the burst reaches it as a client's would: a running server,
// its app built and its store verified (health answers from the app) before the burst comes
async function withServe(
  env: Record<string, string>,
  run: (port: number) => Promise<void>,
): Promise<void> {
  const server: ServeChild = await startServe(releasesDir, env);
  try {
    await storeVerified(server.url, server.stderr);
    await run(Number(new URL(server.url).port));
  } finally {
    await server.stop();
  }
}

function assertShed(answers: Answer[]): void {
  const shed = answers.filter((a) => a.status === 503);
  assert.ok(
    shed.length >= 1,
    `some of the burst is refused (statuses ${answers.map((a) => a.status)})`,
  );
  for (const a of shed) {
    assert.match(a.text, /"code":"overloaded"/);
    assert.match(a.text.toLowerCase(), /\r\nretry-after: 1\r\n/);
    assert.match(a.text.toLowerCase(), /content-type: application\/problem\+json/);
  }
  assert.ok(
    answers.every((a) => a.status === 200 || a.status === 503),
    `only answers and refusals (${answers.map((a) => a.status)})`,
  );
  assert.equal(answers.find((a) => a.label === 'health')?.status, 200, 'health is never shed');
}

test('one address spending its burst of 30 on uncached answers: beyond the per-address bound 503 overloaded with Retry-After, health answers', async () => {
  await withServe(
    { DALA_MAX_ANSWERS_PER_ADDRESS: '2', DALA_MAX_ANSWERS_IN_FLIGHT: '64' },
    async (port) => {
      const answers = await burst(port, [
        ...expensive(30),
        { label: 'health', head: get('/api/v1/health') },
      ]);
      assertShed(answers);
      assert.match(answers.find((a) => a.status === 503)!.text, /from this address/);
    },
  );
});

test('many addresses behind a trusted proxy: the per-process bound refuses what is beyond it, health answers', async () => {
  await withServe(
    {
      DALA_TRUSTED_PROXIES: '127.0.0.1',
      DALA_MAX_ANSWERS_PER_ADDRESS: '8',
      DALA_MAX_ANSWERS_IN_FLIGHT: '2',
    },
    async (port) => {
      const requests = expensive(40).map((r, i) => ({
        ...r,
        head: r.head.replace('\r\n\r\n', `\r\nX-Forwarded-For: 10.0.${i}.1\r\n\r\n`),
      }));
      const answers = await burst(port, [
        ...requests,
        { label: 'health', head: get('/api/timemachine/health') },
      ]);
      assertShed(answers);
      assert.match(
        answers.find((a) => a.status === 503)!.text,
        /answers are in progress \(bound 2\)/,
      );
    },
  );
});

/** Health is not queued behind the burst: it comes back before at least half of the answers admitted with it. */
function assertHealthAhead(answers: Answer[], health: string): void {
  const at = answers.findIndex((a) => a.label === health);
  assert.equal(answers[at]?.status, 200, `${health} answers`);
  const admittedAfter = answers.slice(at + 1).filter((a) => a.status === 200).length;
  const admitted = answers.filter((a) => a.label === 'expensive' && a.status === 200).length;
  assert.ok(
    admitted >= 2,
    `the burst is answered in part (statuses ${answers.map((a) => a.status)})`,
  );
  const last = answers[answers.length - 1]!.ms;
  console.log(
    `# ${health}: ${answers[at]!.ms.toFixed(0)} ms, after ${admitted - admittedAfter} of ${admitted} admitted answers; the last answer at ${last.toFixed(0)} ms`,
  );
  assert.ok(
    admittedAfter * 2 >= admitted,
    `${health} came back after ${admitted - admittedAfter} of the ${admitted} admitted answers (${answers[at]!.ms.toFixed(0)} ms; the last answer ${last.toFixed(0)} ms; statuses in order ${answers.map((a) => a.status).join(',')})`,
  );
}

test('one address spending its burst of 30 on the costliest page, with the default bounds: health comes back ahead of the admitted answers', async () => {
  await withServe({}, async (port) => {
    const answers = await burst(port, [
      ...expensive(30),
      { label: 'health', head: get('/api/v1/health') },
    ]);
    assertHealthAhead(answers, 'health');
  });
});

// The server accepts one connection per turn of its event loop: unless answers wait while
// connections are still arriving (admission.ts), the requests on the 241 connections come in one per
// admitted answer and health, on the last connection, comes back after all of them.
test('eight addresses behind a trusted proxy spending their bursts on the costliest page: both health routes come back ahead of the admitted answers', async () => {
  await withServe({ DALA_TRUSTED_PROXIES: '127.0.0.1' }, async (port) => {
    const requests = expensive(240).map((r, i) => ({
      ...r,
      head: r.head.replace('\r\n\r\n', `\r\nX-Forwarded-For: 10.0.${i % 8}.1\r\n\r\n`),
    }));
    const answers = await burst(port, [
      ...requests,
      { label: 'health', head: get('/api/v1/health') },
      { label: 'timemachine health', head: get('/api/timemachine/health') },
    ]);
    assertHealthAhead(answers, 'health');
    assertHealthAhead(answers, 'timemachine health');
  });
});

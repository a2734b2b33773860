// Clients that ask for a large answer and never read it: the server lets each go after the write
// timeout (DALA_WRITE_TIMEOUT_MS, short here), and its memory does not grow with them. `dala serve` in
// its own processes (the default configuration: a primary and a worker per core), so their resident
// memory is their own.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { test } from 'node:test';
import { sealFixture } from './support/fixture-release.js';
import { startServe } from './support/serve-child.js';
import { v1Store } from './support/v1-fixture.js';
import { addDays } from '../src/store/periods.js';
import { makeDailyRelease } from './serve-support.js';
import { watchResident } from './support/process-tree.js';
import { heldByServer, kernelSockets } from './support/tcp-states.js';
import { waitFor } from './support/wait.js';

const CLIENTS = 20;
const LARGE = 32 * 2 ** 20; // more than loopback's socket buffers hold, so the server's writes stall

/** Waits until the server has closed its end of every one of `sockets` (they read nothing, so see nothing). */
async function letGo(port: number, sockets: Socket[]): Promise<number> {
  await Promise.all(
    sockets.map((s) => new Promise((r) => (s.localPort ? r(0) : s.once('connect', r)))),
  );
  return waitFor(
    () =>
      heldByServer(
        port,
        sockets.map((s) => s.localPort!),
      ).length === 0,
    30_000,
    'the server closes every never-reading connection',
  );
}

/** `dala serve` with a short write timeout and a LARGE labelled test file, not compressible
 * (application/pdf), served by the /data/ fast path. */
async function serveLargeFile() {
  const body = Buffer.alloc(LARGE, 'test fixture, never published\n');
  const { releasesDir } = await sealFixture(
    undefined,
    { 'data/test-large.pdf': body.toString('latin1') },
    v1Store(),
  );
  return startServe(releasesDir, { DALA_WRITE_TIMEOUT_MS: '1000' });
}

test(
  `${CLIENTS} clients that never read a large answer: each connection is closed after the write timeout, memory stays bounded`,
  { timeout: 120_000 },
  async () => {
    const server = await serveLargeFile();
    const port = Number(new URL(server.url).port);
    const sockets: Socket[] = [];
    try {
      // the file held by the server before its memory is measured; a reader this test starves of
      // the CPU for the write timeout (on a loaded machine) is cut like any other, so it tries again
      for (let attempt = 1; ; attempt++) {
        try {
          const warm = await fetch(`${server.url}/data/test-large.pdf`);
          assert.equal((await warm.arrayBuffer()).byteLength, LARGE);
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
      // each serving process's memory (the primary's and every worker's: any may hold a connection)
      const stopWatching = watchResident(server.child.pid!);
      const clients = Array.from({ length: CLIENTS }, () => {
        const s = connect({ port, host: '127.0.0.1' });
        sockets.push(s);
        const state = { received: 0, closed: false, reading: false };
        s.on('data', (d) => {
          state.received += d.length;
          if (!state.reading) s.pause(); // takes the first chunk, then reads no more
        });
        s.on('error', () => {});
        s.on('close', () => (state.closed = true));
        s.write('GET /data/test-large.pdf HTTP/1.1\r\nHost: x\r\n\r\n');
        return { socket: s, state };
      });
      await letGo(port, sockets); // the write timeout (1 s) and its check passed
      // A paused socket sees no end: read again now. A connection the server cut ends before the
      // answer is whole; one it kept (no write timeout) delivers all of it and stays open.
      const closed = await Promise.all(
        clients.map(
          ({ socket, state }) =>
            new Promise<{ received: number; byServer: boolean }>((resolve) => {
              socket.on('close', () =>
                resolve({ received: state.received, byServer: state.received < LARGE }),
              );
              if (state.closed)
                resolve({ received: state.received, byServer: state.received < LARGE });
              setTimeout(
                () => resolve({ received: state.received, byServer: false }),
                15_000,
              ).unref();
              state.reading = true;
              socket.resume();
            }),
        ),
      );
      const { before, growth } = stopWatching();
      assert.deepEqual(
        closed.filter((c) => !c.byServer),
        [],
        'every never-reading connection is closed by the server',
      );
      assert.ok(
        closed.every((c) => c.received > 0),
        'each client got the start of the answer',
      );
      console.log(
        `# ${CLIENTS} never-reading clients of a ${LARGE / 2 ** 20} MiB answer: RSS ${Math.round(before / 2 ** 20)} MiB, largest growth of one process ${Math.round(growth / 2 ** 20)} MiB; all closed by the server`,
      );
      // The warm-up reached one worker; another reads the sealed file while it is measured (on its
      // first use, or reading ahead behind its first answers: release-holder.ts) and holds it from then
      // on: one copy of the answer, which the bound allows beside 64 MiB. A copy per client would be
      // 20 of them (640 MiB).
      assert.ok(
        growth < LARGE + 64 * 2 ** 20,
        `a serving process grew ${Math.round(growth / 2 ** 20)} MiB with ${CLIENTS} never-reading clients`,
      );
      assert.equal((await fetch(`${server.url}/api/v1/health`)).status, 200);
    } finally {
      for (const s of sockets) s.destroy();
      await server.stop();
    }
  },
);

const ADDRESSES = 4; // x 16 answers in flight per address: the process's 64

// The costliest answers the server makes per request (a series window of the most buckets an answer
// holds, identity, with every bucket's source periods), pipelined on connections from distinct
// addresses (behind a trusted proxy) that never read, each past what the socket buffers hold. Node makes every pipelined request's answer
// and holds those not yet written, so what a process holds is bounded by the answers admitted in
// flight (DALA_MAX_ANSWERS_IN_FLIGHT, 64) times the largest answer (MAX_SERIES_POINTS buckets), and
// each stalled connection is let go after the write timeout, its answers with it.
test(
  `${ADDRESSES} clients pipelining the largest series answers and never reading: memory stays bounded, each connection is closed after the write timeout`,
  { timeout: 180_000 },
  async () => {
    const extra = ['KZ-35', 'KZ-75'].flatMap((place) =>
      Array.from({ length: 1600 }, (_, i) => ({ place, day: addDays('2015-01-01', i), value: i })),
    );
    const releasesDir = await makeDailyRelease(extra);
    const server = await startServe(releasesDir, {
      DALA_WRITE_TIMEOUT_MS: '1000',
      DALA_TRUSTED_PROXIES: '127.0.0.1',
    });
    const port = Number(new URL(server.url).port);
    const PIPELINED = 40;
    const url = (k: number) =>
      `/api/timemachine/series?metric=media_mentions&granularity=day&include=from_periods&start_date=${addDays('2014-01-01', k)}`;
    const sockets: Socket[] = [];
    try {
      const one = await fetch(server.url + url(0), { headers: { 'accept-encoding': 'identity' } });
      const answerBytes = (await one.arrayBuffer()).byteLength;
      assert.ok(answerBytes > 500_000, `the answer is large (${answerBytes} bytes)`);
      // each serving process's memory (the primary's and every worker's: any may hold a connection)
      const stopWatching = watchResident(server.child.pid!);
      const clients = Array.from({ length: ADDRESSES }, (_, c) => {
        const s = connect({ port, host: '127.0.0.1' });
        sockets.push(s);
        const state = { received: 0, answers: 0, closed: false, first: '' };
        s.pause(); // reads nothing
        s.on('data', (d: Buffer) => {
          state.received += d.length;
          const text = d.toString('latin1');
          state.first ||= text.slice(0, 12);
          state.answers += text.split('HTTP/1.1 ').length - 1; // status lines (no body holds one)
        });
        s.on('error', () => {});
        s.on('close', () => (state.closed = true));
        s.write(
          Array.from(
            { length: PIPELINED },
            (_, k) =>
              `GET ${url(1 + c * PIPELINED + k)} HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 10.1.${c}.1\r\nAccept-Encoding: identity\r\n\r\n`,
          ).join(''),
        );
        return { socket: s, state };
      });
      await letGo(port, sockets); // the write timeout (1 s) and its check passed
      // A paused socket sees no end: read now. A connection the server cut ends before all its answers
      // came; one it kept delivers one answer (or refusal) per request.
      const closedByServer = clients.map(
        ({ socket, state }) =>
          new Promise<boolean>((resolve) => {
            const cut = () => resolve(state.answers < PIPELINED);
            if (state.closed) return cut();
            socket.on('close', cut);
            setTimeout(cut, 20_000).unref();
            socket.resume();
          }),
      );
      const closed = await Promise.all(closedByServer);
      const { before, growth } = stopWatching();
      // a client whose answers were all refused (the bounds in flight) got small answers it could hold
      const answered = clients
        .map((c, i) => ({ i, first: c.state.first, cut: closed[i] }))
        .filter((c) => c.first === 'HTTP/1.1 200');
      assert.equal(
        answered.length,
        ADDRESSES,
        'each client is answered (16 in flight per address, 64 in all)',
      );
      assert.deepEqual(
        answered.filter((c) => !c.cut),
        [],
        'every never-reading connection holding answers is closed by the server',
      );
      const unbounded = ADDRESSES * PIPELINED * answerBytes;
      console.log(
        `# ${ADDRESSES} never-reading clients x ${PIPELINED} pipelined answers of ${Math.round(answerBytes / 1024)} KiB (${Math.round(unbounded / 2 ** 20)} MiB if all were made): RSS ${Math.round(before / 2 ** 20)} MiB, largest growth of one process ${Math.round(growth / 2 ** 20)} MiB`,
      );
      // 64 answers in flight of this size and the garbage of making them (a collection may come late on
      // a loaded machine: 103 MiB seen); the write timeout above is what fails without the bound
      assert.ok(
        growth < 64 * answerBytes + 128 * 2 ** 20,
        `a serving process grew ${Math.round(growth / 2 ** 20)} MiB`,
      );
      assert.equal((await fetch(`${server.url}/api/v1/health`)).status, 200);
    } finally {
      for (const s of sockets) s.destroy();
      await server.stop();
    }
  },
);

// A connection closed with its answer unsent stays in the kernel (FIN-WAIT-1) holding that answer in
// its send queue for as long as the client keeps its window shut: minutes, megabytes each. Let go
// after the write timeout, it is reset instead, and the kernel frees the queue at once.
test('a client let go after the write timeout holds no kernel memory: its connection is reset, not left closing with its unsent answer', async () => {
  const server = await serveLargeFile();
  const port = Number(new URL(server.url).port);
  const client = connect({ port, host: '127.0.0.1' });
  try {
    client.on('error', () => {});
    await new Promise((r) => client.once('connect', r));
    client.pause(); // reads nothing: the server's writes stall once the socket buffers are full
    client.write('GET /data/test-large.pdf HTTP/1.1\r\nHost: x\r\n\r\n');
    const serverSide = () => kernelSockets(port, client.localPort!);
    await waitFor(
      () => serverSide().some((s) => s.state === 'ESTABLISHED' && s.sendQueue > 0),
      10_000,
      'the answer fills the send queue',
    );
    await letGo(port, [client]);
    assert.deepEqual(
      serverSide().filter((s) => s.sendQueue > 0),
      [],
      'no socket of the server still holds the unsent answer',
    );
  } finally {
    client.destroy();
    await server.stop();
  }
});

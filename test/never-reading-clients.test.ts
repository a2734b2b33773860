// Clients that ask for a large answer and never read it: the server lets each go after the write
// timeout (DALA_WRITE_TIMEOUT_MS, short here), and its memory does not grow with them. `dala serve` in
// its own process, so its resident memory is its own.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { test } from 'node:test';
import { sealFixture } from './support/fixture-release.js';
import { startServe } from './support/serve-child.js';
import { v1Store } from './support/v1-fixture.js';

const CLIENTS = 20;
const LARGE = 32 * 2 ** 20; // more than loopback's socket buffers hold, so the server's writes stall

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

test(`${CLIENTS} clients that never read a large answer: each connection is closed after the write timeout, memory stays bounded`, { timeout: 120_000 }, async () => {
  // a labelled test file, not compressible (application/pdf), served by the /data/ fast path
  const body = Buffer.alloc(LARGE, 'test fixture, never published\n');
  const { releasesDir } = await sealFixture(undefined, { 'data/test-large.pdf': body.toString('latin1') }, v1Store());
  const server = await startServe(releasesDir, { DALA_WRITE_TIMEOUT_MS: '1000' });
  const port = Number(new URL(server.url).port);
  const sockets: Socket[] = [];
  try {
    const warm = await fetch(`${server.url}/data/test-large.pdf`);
    assert.equal((await warm.arrayBuffer()).byteLength, LARGE);
    const before = rssOf(server.child.pid!);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.child.pid!))), 100);
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
    await new Promise((r) => setTimeout(r, 3000)); // the write timeout (1 s) and its check passed
    // A paused socket sees no end: read again now. A connection the server cut ends before the
    // answer is whole; one it kept (no write timeout) delivers all of it and stays open.
    const closed = await Promise.all(clients.map(({ socket, state }) => new Promise<{ received: number; byServer: boolean }>((resolve) => {
      socket.on('close', () => resolve({ received: state.received, byServer: state.received < LARGE }));
      if (state.closed) resolve({ received: state.received, byServer: state.received < LARGE });
      setTimeout(() => resolve({ received: state.received, byServer: false }), 15_000).unref();
      state.reading = true;
      socket.resume();
    })));
    clearInterval(sampler);
    assert.deepEqual(closed.filter((c) => !c.byServer), [], 'every never-reading connection is closed by the server');
    assert.ok(closed.every((c) => c.received > 0), 'each client got the start of the answer');
    const growth = peak - before;
    console.log(`# ${CLIENTS} never-reading clients of a ${LARGE / 2 ** 20} MiB answer: RSS ${Math.round(before / 2 ** 20)} MiB, peak growth ${Math.round(growth / 2 ** 20)} MiB; all closed by the server`);
    assert.ok(growth < 64 * 2 ** 20, `RSS grew ${Math.round(growth / 2 ** 20)} MiB with ${CLIENTS} never-reading clients`);
    assert.equal((await fetch(`${server.url}/api/v1/health`)).status, 200);
  } finally {
    for (const s of sockets) s.destroy();
    await server.stop();
  }
});

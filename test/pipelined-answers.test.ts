// A client that pipelines many requests for large answers and does not read: the server makes the
// answer of one request of a connection at a time, the next once the one before it is sent, so what
// one connection makes the process hold is one answer plus what its socket buffers, not one answer
// per request pipelined. Read later, every answer comes, in request order. Through a real
// listening server (the production app), its answers in flight read from the app.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { test } from 'node:test';
import { buildApp } from '../src/serve/app.js';
import { addDays } from '../src/store/periods.js';
import { makeDailyRelease } from './serve-support.js';

// Pipelined on one connection, each answer over 500 kB: many times what loopback's socket buffers
// take from a client that reads nothing (the per-address bound raised so that none is refused).
const PIPELINED = 40;

/** The HTTP/1.1 responses in `bytes` (each framed by Content-Length): status and body. */
function responses(bytes: Buffer): { status: number; body: Buffer }[] {
  const out: { status: number; body: Buffer }[] = [];
  let at = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', at);
    if (end < 0) return out;
    const head = bytes.toString('latin1', at, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
    assert.ok(Number.isInteger(length), `each answer has a Content-Length: ${head}`);
    if (end + 4 + length > bytes.length) return out;
    out.push({
      status: Number(head.slice(9, 12)),
      body: bytes.subarray(end + 4, end + 4 + length),
    });
    at = end + 4 + length;
  }
}

test(
  `a connection pipelining ${PIPELINED} requests for large answers and not reading holds one answer in flight, not one per request; read later, every answer comes in order`,
  { timeout: 120_000 },
  async () => {
    const extra = ['KZ-35', 'KZ-75'].flatMap((place) =>
      Array.from({ length: 1600 }, (_, i) => ({ place, day: addDays('2015-01-01', i), value: i })),
    );
    const releasesDir = await makeDailyRelease(extra);
    const app = await buildApp({
      releasesDir,
      logger: false,
      answerCache: { maxBytes: 0 },
      limits: {
        maxAnswersInFlight: 2 * PIPELINED,
        maxAnswersPerAddress: 2 * PIPELINED,
        writeTimeoutMs: 120_000,
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const start = (k: number) => addDays('2014-01-01', k);
    const url = (k: number) =>
      `/api/timemachine/series?metric=media_mentions&granularity=day&include=from_periods&start_date=${start(k)}`;
    let socket: Socket | undefined;
    try {
      const one = await fetch(`http://127.0.0.1:${port}${url(PIPELINED)}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      const answerBytes = (await one.arrayBuffer()).byteLength;
      assert.ok(answerBytes > 500_000, `the answer is large (${answerBytes} bytes)`);
      const made = app.answersLoad().made;

      const received: Buffer[] = [];
      socket = connect({ port, host: '127.0.0.1' });
      socket.pause(); // reads nothing until told
      socket.on('data', (d: Buffer) => received.push(d));
      socket.write(
        Array.from(
          { length: PIPELINED },
          (_, k) => `GET ${url(k)} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n`,
        ).join(''),
      );
      // until the server makes no more answers for a second (the socket's buffers full)
      let last = -1;
      for (let quiet = 0; quiet < 10;) {
        await new Promise((r) => setTimeout(r, 100));
        const now = app.answersLoad().made;
        quiet = now === last ? quiet + 1 : 0;
        last = now;
      }
      const load = app.answersLoad();
      const madeHere = load.made - made;
      console.log(
        `# ${PIPELINED} pipelined answers of ${Math.round(answerBytes / 1024)} KiB, none read: ${madeHere} made (the rest in the socket's buffers), ${load.inFlight} held in flight`,
      );
      assert.ok(
        load.inFlight <= 1,
        `the connection holds ${load.inFlight} answers in flight (bound: 1)`,
      );
      assert.ok(
        madeHere < PIPELINED,
        `${madeHere} of ${PIPELINED} answers made before the client read any`,
      );

      // read now: every answer, in the order asked
      socket.resume();
      let got: { status: number; body: Buffer }[] = [];
      while ((got = responses(Buffer.concat(received))).length < PIPELINED)
        await new Promise((r) => setTimeout(r, 50));
      assert.deepEqual(
        got.map((r) => r.status),
        Array(PIPELINED).fill(200),
      );
      assert.deepEqual(
        got.map((r) => (JSON.parse(r.body.toString()) as { start_date: string }).start_date),
        Array.from({ length: PIPELINED }, (_, k) => start(k)),
      );
    } finally {
      socket?.destroy();
      await app.close();
    }
  },
);

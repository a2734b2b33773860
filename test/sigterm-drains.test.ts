// SIGTERM drains a busy `dala serve`: every request sent before it is answered whole (a request the
// server has read gets its answer; none is reset, none gets a 500 from a store closed under it), and
// the process exits 0 once they are. With one serving process and with several workers alike, and
// with the access log on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { makeV1Release } from './support/v1-fixture.js';
import { startServe } from './support/serve-child.js';

const REQUESTS = 60;
/** Store-backed and outside the rate limit, so every one of them reaches the store. */
const PATH = '/api/timemachine/snapshot?layers=demography&date=2024-12-31';

/** One request on a connection of its own from `from`: its status, or how it failed. */
function ask(url: string, from: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, localAddress: from }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
      res.on('error', (e: NodeJS.ErrnoException) =>
        resolve(`cut mid-answer: ${e.code ?? e.message}`),
      );
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end();
  });
}

// The access log turns the /data/ fast path off and has the app make its own server: drained alike.
for (const { workers, args } of [
  { workers: 1, args: [] },
  { workers: 2, args: [] },
  { workers: 2, args: ['--access-log'] },
])
  test(`SIGTERM with ${workers} serving process(es)${args.length ? ` and ${args.join(' ')}` : ''} under ${REQUESTS} concurrent requests: each is answered 200, none reset or 500, and the server exits 0`, async () => {
    const s = await startServe(
      (await makeV1Release()).releasesDir,
      { DALA_WORKERS: String(workers) },
      args,
    );
    // 12 a loopback address: within the per-address bounds (answers in flight, connections)
    const answers = Array.from({ length: REQUESTS }, (_, i) =>
      ask(s.url + PATH, `127.0.0.${40 + Math.floor(i / 12)}`),
    );
    await new Promise((r) => setTimeout(r, 30)); // the requests sent, some being answered
    const exit = new Promise<number | null>((r) => s.child.once('exit', (code) => r(code)));
    s.child.kill('SIGTERM');
    const statuses = await Promise.all(answers);
    const counts: Record<string, number> = {};
    for (const st of statuses) counts[st] = (counts[st] ?? 0) + 1;
    assert.deepEqual(counts, { '200': REQUESTS }, JSON.stringify(counts));
    assert.equal(await exit, 0, s.stderr());
  });

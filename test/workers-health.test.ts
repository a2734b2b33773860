// Health with several workers answers at once, from the statuses the workers report to the primary
// unasked: a worker whose event loop is held (busy with a large answer, or stopped) or one just killed
// costs health nothing, and is named in its reasons instead of being waited for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { makeV1Release } from './support/v1-fixture.js';
import { workersOf } from './support/process-tree.js';
import { startServe } from './support/serve-child.js';
import { connectionHolder } from './support/tcp-states.js';

interface Health {
  status: string;
  reasons: string[];
  workers: { pid: number; in_flight: number }[];
}

/** GET health on agent's connection: how long it took, the answer, and the client's port. */
function health(url: string, agent: Agent): Promise<{ ms: number; h: Health; port: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/v1/health`, { agent, timeout: 5_000 }, (res) => {
      const port = res.socket.localPort!; // the socket goes back to the agent by the end
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        resolve({
          ms: performance.now() - started,
          h: (JSON.parse(text) as { data: Health }).data,
          port,
        }),
      );
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', reject);
    req.end();
  });
}

test('with 2 workers, health answers within 500 ms while the other worker is stopped and right after it is killed, naming it in its reasons', async () => {
  const s = await startServe((await makeV1Release()).releasesDir, { DALA_WORKERS: '2' });
  // one kept-alive connection: every health request below reaches the same worker
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let stopped: number | null = null;
  try {
    const first = await health(s.url, agent);
    // The worker holding this connection, as the kernel sees it: the workers list cannot say (the
    // other worker's latest report may also count a request in flight, the last of startServe's).
    const workers = workersOf(s.child.pid!);
    const answering = connectionHolder(workers, Number(new URL(s.url).port), first.port);
    assert.ok(answering, `one of the workers ${workers.join(', ')} holds the connection`);
    const other = workers.find((pid) => pid !== answering)!;
    const same = (port: number) =>
      assert.equal(port, first.port, 'every health request goes on the one kept-alive connection');
    process.kill(other, 'SIGSTOP');
    stopped = other;
    const slow: number[] = [];
    let named = false;
    for (let i = 0; i < 30 && !named; i++) {
      const { ms, h, port } = await health(s.url, agent);
      same(port);
      if (ms > 500) slow.push(Math.round(ms));
      named = h.reasons.some((r) => r.includes(`pid ${other} `));
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(slow, [], 'health answers within 500 ms with the other worker stopped');
    assert.ok(named, 'the stopped worker is named in the reasons once its reports stop');

    process.kill(other, 'SIGKILL');
    stopped = null;
    const { ms, h, port } = await health(s.url, agent);
    same(port);
    assert.ok(ms < 500, `health ${Math.round(ms)} ms right after a worker was killed`);
    assert.ok(!h.workers.some((w) => w.pid === other), 'the killed worker is not listed');
  } finally {
    if (stopped) process.kill(stopped, 'SIGCONT');
    agent.destroy();
    await s.stop();
  }
});

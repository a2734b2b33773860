// Health with several workers answers at once, from the statuses the workers report to the primary
// unasked: a worker whose event loop is held (busy with a large answer, or stopped) or one just killed
// costs health nothing, and is named in its reasons instead of being waited for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { readFile } from 'node:fs/promises';
import { makeV1Release } from './support/v1-fixture.js';
import { startServe } from './support/serve-child.js';

interface Health {
  status: string;
  reasons: string[];
  workers: { pid: number; in_flight: number }[];
}

function health(url: string, agent: Agent): Promise<{ ms: number; h: Health }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/v1/health`, { agent, timeout: 5_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        resolve({
          ms: performance.now() - started,
          h: (JSON.parse(text) as { data: Health }).data,
        }),
      );
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
    req.on('error', reject);
    req.end();
  });
}

const childrenOf = async (pid: number) =>
  (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim().split(/\s+/).map(Number);

test('with 2 workers, health answers within 500 ms while the other worker is stopped and right after it is killed, naming it in its reasons', async () => {
  const s = await startServe((await makeV1Release()).releasesDir, { DALA_WORKERS: '2' });
  // one kept-alive connection: every health request below reaches the same worker
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let stopped: number | null = null;
  try {
    const first = await health(s.url, agent);
    const answering = first.h.workers.find((w) => w.in_flight >= 1)!.pid;
    const other = (await childrenOf(s.child.pid!)).find((pid) => pid !== answering)!;
    process.kill(other, 'SIGSTOP');
    stopped = other;
    const slow: number[] = [];
    let named = false;
    for (let i = 0; i < 30 && !named; i++) {
      const { ms, h } = await health(s.url, agent);
      if (ms > 500) slow.push(Math.round(ms));
      named = h.reasons.some((r) => r.includes(`pid ${other} `));
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(slow, [], 'health answers within 500 ms with the other worker stopped');
    assert.ok(named, 'the stopped worker is named in the reasons once its reports stop');

    process.kill(other, 'SIGKILL');
    stopped = null;
    const { ms, h } = await health(s.url, agent);
    assert.ok(ms < 500, `health ${Math.round(ms)} ms right after a worker was killed`);
    assert.ok(!h.workers.some((w) => w.pid === other), 'the killed worker is not listed');
  } finally {
    if (stopped) process.kill(stopped, 'SIGCONT');
    agent.destroy();
    await s.stop();
  }
});

// A worker killed outright (SIGKILL: no drain, no goodbye) never leaves a connection hanging: every
// connection opened after it died is answered by a worker still serving (or the restarted one), or
// closed, promptly. Under round-robin the primary accepts each connection and hands it to a worker;
// one handed to the worker as it died was held by the primary, never answered nor closed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { makeV1Release } from './support/v1-fixture.js';
import { workersOf } from './support/process-tree.js';
import { startServe } from './support/serve-child.js';

/** Longer than any answer here takes, far shorter than a client's patience. */
const PROMPT_MS = 5_000;
const CONNECTIONS = 40;

/** One health request on a connection of its own: its status, how it failed, or `hanging`. */
function ask(url: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request(`${url}/api/v1/health`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
      res.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    });
    req.setTimeout(PROMPT_MS, () => {
      resolve('hanging');
      req.destroy();
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end();
  });
}

test(`with 2 workers, after kill -9 of one, each of ${CONNECTIONS} new connections is answered within ${PROMPT_MS} ms`, async () => {
  const s = await startServe((await makeV1Release()).releasesDir, { DALA_WORKERS: '2' });
  try {
    const [victim] = workersOf(s.child.pid!);
    process.kill(victim!, 'SIGKILL');
    // new connections while the primary learns of the death and restarts the worker
    const answers: Promise<string>[] = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      answers.push(ask(s.url));
      await new Promise((r) => setTimeout(r, 25));
    }
    const counts: Record<string, number> = {};
    for (const a of await Promise.all(answers)) counts[a] = (counts[a] ?? 0) + 1;
    assert.deepEqual(counts, { '200': CONNECTIONS }, JSON.stringify(counts));
  } finally {
    await s.stop();
  }
});

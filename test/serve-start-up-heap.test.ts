// Once its start-up work is done, the server runs one full garbage collection
// (src/serve/runtime/start-up-heap.ts), so the start-up's garbage is not collected in the middle of
// the first requests; the server still answers afterwards, and its global scope gains no `gc`.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { startServer, type RunningServer } from '../src/serve/server.js';
import { makeV1Release } from './support/v1-fixture.js';

let server: RunningServer;
const collections: PerformanceEntry[] = [];
const observer = new PerformanceObserver((list) => collections.push(...list.getEntries()));

before(async () => {
  observer.observe({ entryTypes: ['gc'] });
  const { releasesDir } = await makeV1Release();
  server = await startServer({ releasesDir, host: '127.0.0.1', port: 0, logger: false });
});
after(async () => {
  observer.disconnect();
  await server.close();
});

test('a full collection runs once the start-up work is done, and the server answers after it', async () => {
  const started = performance.now();
  await server.settled;
  const settledAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 50)); // gc entries are delivered after the collection, in a later turn
  // asked for (forced), not one V8 started by itself while the app was built
  const forced = collections.filter((e) => {
    const detail = (e as PerformanceEntry & { detail?: { kind?: number; flags?: number } }).detail;
    return (
      detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR &&
      ((detail.flags ?? 0) & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0
    );
  });
  assert.equal(forced.length, 1, `one forced full collection, got ${forced.length}`);
  assert.ok(forced[0]!.startTime >= started && forced[0]!.startTime <= settledAt);
  assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined');
  const res = await fetch(`${server.url}/api/v1/search?q=almaty`);
  assert.equal(res.status, 200);
});

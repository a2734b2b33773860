// Throughput and latency of typical requests on 127.0.0.1 (bounded: N requests per route).
// Run: node --import tsx bench/serve.bench.ts
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { buildRelease } from '../src/release/build.js';
import { buildApp } from '../src/serve/app.js';

const N = 2000;
const CONCURRENCY = 16;
const releasesDir = await mkdtemp(join(tmpdir(), 'dala-bench-'));
await buildRelease({ snapshotsDir: snapshotsDir(), releasesDir, sourcesDir: SOURCES_DIR, builtAt: buildTime() });
const loadStart = performance.now();
const app = await buildApp({ releasesDir, logger: false });
const loadMs = performance.now() - loadStart;
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const routes = [
  ['data json (gzip)', '/data/official-regional-indicators.json', { 'accept-encoding': 'gzip' }],
  ['data geojson (br)', '/data/kz_adm1_current.geojson', { 'accept-encoding': 'br' }],
  ['timemachine snapshot', '/api/timemachine/snapshot?date=2024-06-30', {}],
  ['timemachine series', '/api/timemachine/series?metric=population&granularity=month', {}],
] as const;

const results: Record<string, unknown> = { release_load_ms: Math.round(loadMs) };
for (const [name, path, headers] of routes) {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < N) {
      next++;
      const t = performance.now();
      const res = await fetch(base + path, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      latencies.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  results[name] = { requests: latencies.length, rps: Math.round(latencies.length / seconds), p50_ms: +latencies[Math.floor(latencies.length * 0.5)]!.toFixed(2), p99_ms: +latencies[Math.floor(latencies.length * 0.99)]!.toFixed(2) };
}
results.rss_mb = Math.round(process.memoryUsage().rss / 2 ** 20);
console.log(JSON.stringify(results, null, 2));
await app.close();

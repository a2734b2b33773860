// `dala serve` with DALA_WORKERS=1 vs DALA_WORKERS=2 on the real release, both up at once and measured
// alternately in the same run with wrk beside them on 127.0.0.1 (-t1 -c50). The route is store-backed
// and never answered from the answer cache: /api/v1/observations?limit=10 with a distinct `from` date
// and `sort` per request (54,000 URLs; a cached route would measure the cache, not the store). Each
// request carries a distinct X-Forwarded-For (127.0.0.1 is a trusted proxy here), so the rate limit
// stays in the path, as a production address mix keeps it, without answering 429: with 2 workers
// every request spends its token through the primary over IPC, and that cost is in the figure.
// A second pair of runs, one connection (-c1) on a cached route, shows the latency that IPC take adds.
// Run: node --import tsx bench/workers.bench.ts (DALA_BENCH_RELEASES=DIR skips the build).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { atLeast, emit } from './row.js';
import {
  benchReleases,
  load,
  median,
  startServe,
  stopServe,
  wrk as wrkRun,
  requireWrk,
  type Run,
  type Server,
} from './served.js';

const SECONDS = Number(process.env.DALA_BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.DALA_BENCH_ROUNDS ?? 3);

// Distinct path and client address per request (wrk's LuaJIT; one counter per wrk thread).
const DISTINCT_LUA = `
local i = 0
local sorts = { "indicator", "place", "period", "-period", "value", "-value" }
request = function()
  i = i + 1
  local from = os.date("!%Y-%m-%d", 946684800 + (i % 9000) * 86400)
  local path = "/api/v1/observations?limit=10&from=" .. from .. "&sort=" .. sorts[(math.floor(i / 9000) % 6) + 1]
  local xff = "10." .. (math.floor(i / 65536) % 256) .. "." .. (math.floor(i / 256) % 256) .. "." .. (i % 256)
  return wrk.format("GET", path, { ["X-Forwarded-For"] = xff })
end
`;
const CACHED_LUA = DISTINCT_LUA.replace(/local path = .*\n/, 'local path = "/api/v1/releases"\n');

const wrk = (url: string, script: string, connections: number, seconds: number): Run =>
  wrkRun(url, { script, connections, seconds });

requireWrk('workers');
const releasesDir = await benchReleases();
const dir = await mkdtemp(join(tmpdir(), 'dala-bench-wrk-'));
const distinct = join(dir, 'distinct.lua');
const cached = join(dir, 'cached.lua');
await writeFile(distinct, DISTINCT_LUA);
await writeFile(cached, CACHED_LUA);

const started: Server[] = []; // stopped in `finally`, even when the second never gets ready
try {
  for (const n of [1, 2]) started.push(await startServe(releasesDir, n));
  const servers = started as [Server, Server];
  const loadBefore = load();
  for (const s of servers) wrk(s.url, distinct, 50, 3); // not counted: JIT, lazily compiled schemas, page cache
  const runs: [Run[], Run[]] = [[], []];
  for (let i = 0; i < ROUNDS; i++)
    servers.forEach((s, k) => runs[k]!.push(wrk(s.url, distinct, 50, SECONDS)));
  const ratios = runs[1].map((r, i) => r.rps / runs[0][i]!.rps);
  const ratio = +median(ratios, (x) => x).toFixed(3);
  const [one, two] = runs.map((r) => median(r, (x) => x.rps)) as [Run, Run];
  const describe = (r: Run) =>
    `${Math.round(r.rps)} req/s, p50 ${r.p50}, p99 ${r.p99}, ${r.non2xx} non-2xx`;
  emit(
    atLeast(
      'workers',
      'observations?limit=10, distinct URLs, 50 connections: 2 workers >= 1.3x 1 worker',
      ratio,
      1.3,
      'ratio',
      `1 worker ${describe(one)}; 2 workers ${describe(two)} (medians of ${ROUNDS} alternated ${SECONDS}s wrk -t1 -c50 runs; per-round ratios ${ratios.map((x) => x.toFixed(2)).join(', ')}; load average ${loadBefore} -> ${load()})`,
    ),
  );

  // One connection, a cached answer: what is left is mostly the per-request path, the rate-limit take included.
  const latency = servers.map((s) => {
    wrk(s.url, cached, 1, 2);
    return wrk(s.url, cached, 1, SECONDS);
  }) as [Run, Run];
  emit({
    target: 'workers',
    bound: 'latency added by the primary-held budget (IPC take), one connection, cached route',
    value: null,
    unit: 'ms',
    met: null,
    note: `/api/v1/releases, wrk -t1 -c1 ${SECONDS}s: 1 worker (bucket in process) p50 ${latency[0].p50} p99 ${latency[0].p99} ${Math.round(latency[0].rps)} req/s; 2 workers (bucket in the primary) p50 ${latency[1].p50} p99 ${latency[1].p99} ${Math.round(latency[1].rps)} req/s`,
  });
} finally {
  for (const s of started) await stopServe(s.child);
}

// `dala serve` with DALA_WORKERS=1 vs DALA_WORKERS=2 on the real release, both up at once and measured
// alternately in the same run with wrk beside them on 127.0.0.1 (-t1 -c50). The route is store-backed
// and never answered from the answer cache: /api/v1/observations?limit=10 with a distinct `from` date
// and `sort` per request (54,000 URLs; a cached route would measure the cache, not the store). Each
// request carries a distinct X-Forwarded-For (127.0.0.1 is a trusted proxy here), so the rate limit
// stays in the path, as a production address mix keeps it, without answering 429: with 2 workers
// every request spends its token through the primary over IPC, and that cost is in the figure.
// A second pair of runs, one connection (-c1) on a cached route, shows the latency that IPC take adds.
// Run: node --import tsx bench/workers.bench.ts (DALA_BENCH_RELEASES=DIR skips the build).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { buildRelease } from '../src/release/build.js';
import { freePort } from '../test/support/ports.js';
import { atLeast, emit } from './row.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.DALA_BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.DALA_BENCH_ROUNDS ?? 3);
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find(
  (p) => spawnSync(p, ['-v']).error === undefined,
);

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

interface Server {
  workers: number;
  url: string;
  child: ChildProcess;
}

async function start(releasesDir: string, workers: number): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/dala.js'), 'serve', '--releases', releasesDir, '--port', String(port)],
    {
      env: { ...process.env, DALA_WORKERS: String(workers), DALA_TRUSTED_PROXIES: '127.0.0.1' },
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      const h = (await (await fetch(`${url}/api/v1/health`)).json()) as {
        data?: { workers?: { status: string }[] };
      };
      if (h.data?.workers?.length === workers && h.data.workers.every((w) => w.status === 'ready'))
        return { workers, url, child };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      child.kill('SIGTERM'); // never left serving after the bench
      throw new Error(`${workers} workers not ready within 120 s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const done = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  return done;
}

interface Run {
  rps: number;
  p50: string;
  p99: string;
  non2xx: number;
}

function wrk(url: string, script: string, connections: number, seconds: number): Run {
  const out = spawnSync(
    WRK!,
    ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, url],
    { encoding: 'utf8' },
  ).stdout;
  const rps = /Requests\/sec:\s+([0-9.]+)/.exec(out);
  if (!rps) throw new Error(`wrk gave no rate for ${url}: ${out}`);
  return {
    rps: Number(rps[1]),
    p50: /^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? '?',
    p99: /^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? '?',
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

const median = <T>(xs: T[], key: (x: T) => number) =>
  [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)]!;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

if (!WRK) {
  emit({
    target: 'workers',
    bound: 'ratio',
    value: null,
    unit: 'ratio',
    met: false,
    note: 'wrk is not installed (apt-get install wrk)',
  });
  process.exit(0);
}
let releasesDir = process.env.DALA_BENCH_RELEASES ?? '';
if (!releasesDir) {
  releasesDir = await mkdtemp(join(tmpdir(), 'dala-bench-workers-'));
  await buildRelease({
    snapshotsDir: snapshotsDir(),
    releasesDir,
    sourcesDir: SOURCES_DIR,
    builtAt: buildTime(),
  });
}
const dir = await mkdtemp(join(tmpdir(), 'dala-bench-wrk-'));
const distinct = join(dir, 'distinct.lua');
const cached = join(dir, 'cached.lua');
await writeFile(distinct, DISTINCT_LUA);
await writeFile(cached, CACHED_LUA);

const started: Server[] = []; // stopped in `finally`, even when the second never gets ready
try {
  for (const n of [1, 2]) started.push(await start(releasesDir, n));
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
  for (const s of started) await stop(s.child);
}

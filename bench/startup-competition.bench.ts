// The default configuration against one process, on the real release, one server at a time with wrk
// beside it on 127.0.0.1: for DALA_WORKERS=1 and DALA_WORKERS=2, (1) the time from spawning
// `dala serve` to its first 200 of a store-backed answer (the snapshot of all layers at a date),
// (2) that snapshot's p99 and rate with 10 connections in the 5 s right after that first answer,
// while start-up work may still run, and in 5 s after it, and (3) health's latency (its 500 ms
// promise, docs/interface.md) asked every 50 ms on a connection of its own while 40 connections ask
// for SDMX data answers within the observation cap. Every figure of both configurations comes from
// the same run (DALA_BENCH_ROUNDS=N alternates them N times). The snapshot is not rate-limited (the
// budget governs /api/v1/ and /mcp), so its figures hold no IPC to the primary.
// bin/dala.js serves the built dist/ when there is one, else the sources through tsx (slower to start):
// build first (npm run build) for the figures `npm start` gives.
// Run: node --import tsx bench/startup-competition.bench.ts (DALA_BENCH_RELEASES=DIR skips the build).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { buildRelease } from '../src/release/build.js';
import { freePort } from '../test/support/ports.js';
import { atMost, emit } from './row.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find(
  (p) => spawnSync(p, ['-v']).error === undefined,
);
const SNAPSHOT = '/api/timemachine/snapshot?date=2020-12-31';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** One GET on a connection of its own: status, body length and milliseconds taken. */
function get(url: string): Promise<{ status: number; bytes: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - start }),
      );
    });
    req.on('error', () => resolve({ status: 0, bytes: 0, ms: performance.now() - start }));
    req.end();
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const done = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  return done;
}

/** wrk's rate and p99 (ms) over `seconds`, `connections` connections, on url (or a Lua script's paths). */
async function wrk(url: string, connections: number, seconds: number, script?: string) {
  // spawned, not spawnSync: health is asked from this process's event loop while wrk runs
  const child = spawn(
    WRK!,
    [
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      ...(script ? ['-s', script] : []),
      url,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise((r) => child.once('close', r));
  const p99 = /^\s+99%\s+([0-9.]+)(us|ms|s)/m.exec(out);
  const scale = { us: 0.001, ms: 1, s: 1000 } as const;
  return {
    rps: Number(/Requests\/sec:\s+([0-9.]+)/.exec(out)?.[1] ?? NaN),
    p99: p99 ? Number(p99[1]) * scale[p99[2] as keyof typeof scale] : NaN,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

/** SDMX data queries of the release answered 200 (within the observation cap), largest first. */
async function sdmxWithinCap(url: string): Promise<string[]> {
  const r = await fetch(`${url}/sdmx/2.1/dataflow`, {
    headers: { accept: 'application/vnd.sdmx.structure+json;version=1.0.0' },
  });
  const body = (await r.json()) as { data?: { dataflows?: { id: string }[] } };
  const sized: [string, number][] = [];
  for (const { id } of body.data?.dataflows ?? []) {
    const path = `/sdmx/2.1/data/${id}`;
    const a = await get(url + path);
    if (a.status === 200) sized.push([path, a.bytes]);
  }
  return sized.sort((a, b) => b[1] - a[1]).map(([p]) => p);
}

async function measure(releasesDir: string, workers: number, dir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawned = performance.now();
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/dala.js'), 'serve', '--releases', releasesDir, '--port', String(port)],
    { env: { ...process.env, DALA_WORKERS: String(workers) }, stdio: 'ignore' },
  );
  try {
    let firstMs = NaN;
    while (performance.now() - spawned < 120_000) {
      const a = await get(url + SNAPSHOT);
      if (a.status === 200) {
        firstMs = performance.now() - spawned;
        break;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const early = await wrk(url + SNAPSHOT, 10, 5);
    const later = await wrk(url + SNAPSHOT, 10, 5);
    const paths = (await sdmxWithinCap(url)).slice(0, 20);
    const script = join(dir, `sdmx-${workers}.lua`);
    await writeFile(
      script,
      `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1])\nend\n`,
    );
    const health: number[] = [];
    let asking = true;
    const poll = (async () => {
      while (asking) {
        health.push((await get(`${url}/api/v1/health`)).ms);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const sdmx = await wrk(url, 40, 10, script);
    asking = false;
    await poll;
    health.sort((a, b) => a - b);
    return { workers, firstMs, early, later, sdmx, paths: paths.length, health };
  } finally {
    await stop(child);
  }
}

if (!WRK) {
  console.log('wrk is not installed (apt-get install wrk)');
  process.exit(0);
}
let releasesDir = process.env.DALA_BENCH_RELEASES ?? '';
if (!releasesDir) {
  releasesDir = await mkdtemp(join(tmpdir(), 'dala-bench-startup-'));
  await buildRelease({
    snapshotsDir: snapshotsDir(),
    releasesDir,
    sourcesDir: SOURCES_DIR,
    builtAt: buildTime(),
  });
}
const dir = await mkdtemp(join(tmpdir(), 'dala-bench-startup-wrk-'));
// Rounds alternate the configurations (1, 2, 1, 2 ...), so both meet the same load of a shared machine.
const ROUNDS = Number(process.env.DALA_BENCH_ROUNDS ?? 1);
const runs: Awaited<ReturnType<typeof measure>>[] = [];
for (let round = 0; round < ROUNDS; round++)
  for (const workers of [1, 2]) {
    const loadBefore = load();
    const r = await measure(releasesDir, workers, dir);
    const note = `DALA_WORKERS=${r.workers}; snapshot first 5 s ${r.early.rps} req/s p99 ${r.early.p99} ms, next 5 s ${r.later.rps} req/s p99 ${r.later.p99} ms; health under 40 SDMX connections (${r.paths} queries, ${r.sdmx.rps} req/s, ${r.sdmx.non2xx} not 2xx): p50 ${Math.round(r.health[r.health.length >> 1] ?? NaN)} ms of ${r.health.length}; load ${loadBefore} before, ${load()} after`;
    runs.push(r);
    const w = `${r.workers} worker(s)`;
    emit(
      atMost('cold-start', `first store-backed 200, ${w}`, Math.round(r.firstMs), 1000, 'ms', note),
    );
    emit(
      atMost(
        'cold-start',
        `snapshot p99 in the first 5 s after it, ${w}`,
        r.early.p99,
        50,
        'ms',
        note,
      ),
    );
    emit(
      atMost(
        'cold-start',
        `snapshot p99 in the 5 s after those, ${w}`,
        r.later.p99,
        50,
        'ms',
        note,
      ),
    );
    for (const [when, rps] of [
      ['in the first 5 s', r.early.rps],
      ['in the 5 s after those', r.later.rps],
    ] as const)
      emit({
        target: 'workers',
        bound: `snapshot of all layers ${when}, 10 connections, ${w}`,
        value: rps,
        unit: 'req/s',
        met: null,
        note,
      });
    emit(
      atMost(
        'workers',
        `health max while 40 connections ask SDMX data, ${w}`,
        Math.round(r.health.at(-1) ?? NaN),
        500,
        'ms',
        note,
      ),
    );
  }
for (let round = 0; round < ROUNDS; round++) {
  const [one, two] = [runs[2 * round]!, runs[2 * round + 1]!];
  for (const [when, key] of [
    ['right after start-up', 'early'],
    ['after start-up', 'later'],
  ] as const)
    emit({
      target: 'workers',
      bound: `snapshot of all layers ${when}, 10 connections: 2 workers / 1 (never below 1)`,
      value: Number((two[key].rps / one[key].rps).toFixed(2)),
      unit: 'ratio',
      met: two[key].rps >= one[key].rps,
      note: `${two[key].rps} vs ${one[key].rps} req/s; load ${load()}`,
    });
}

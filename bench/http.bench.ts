// HTTP targets on the real release, each compared in the same run with the same load tool (wrk,
// -t1 -c50, against 127.0.0.1 only): /data/ on Node vs a minimal Fastify route sending the same bytes
// from memory; /data/ through the generated nginx config vs nginx serving the release directory
// plainly (the cold start of `dala serve` is bench/serve.bench.ts). Run: node --import tsx bench/http.bench.ts
// Servers run as their own processes so the load tool and the server do not share an event loop.
// Set DALA_BENCH_RELEASES to a releases directory to skip the build.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { requireWrk, WRK } from './served.js';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nginxConfig } from '../src/deploy/nginx-config.js';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { buildRelease } from '../src/release/build.js';
import { readCurrent } from '../src/release/pointer.js';
import { readSeal } from '../src/release/verify.js';
import { freePort } from '../test/support/ports.js';
import { atLeast, emit } from './row.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.DALA_BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.DALA_BENCH_ROUNDS ?? 3); // A/B alternated, the median ratio reported: the machine is shared and noisy
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => spawnSync(p, ['-v']).status === 0);

async function firstOk(url: string, ms: number): Promise<number> {
  const start = performance.now();
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return performance.now() - start;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - start > ms) throw new Error(`${url}: no 200 within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const done = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  return done;
}

// CPU seconds (user + system) a process has used, from /proc/<pid>/stat (Linux; clock ticks of 10 ms).
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return NaN;
    }
  }
  return ticks / 100;
}

/** The serving processes under a pid: itself, or its children for an nginx master (the workers serve). */
function servingPids(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return children.length ? children : [pid];
  } catch {
    return [pid];
  }
}

/** One wrk run: requests per second, and the server's CPU microseconds per request (contention inflates it less). */
function wrk(url: string, server: number, seconds = SECONDS): { rps: number; cpuUs: number } {
  const pids = servingPids(server);
  const before = cpuSeconds(pids);
  const out = spawnSync(WRK!, ['-t1', '-c50', `-d${seconds}s`, url], { encoding: 'utf8' }).stdout;
  const used = cpuSeconds(pids) - before;
  const m = /Requests\/sec:\s+([0-9.]+)/.exec(out);
  const n = /(\d+) requests in/.exec(out);
  if (!m || !n) throw new Error(`wrk gave no rate for ${url}: ${out}`);
  if (/Non-2xx or 3xx responses/.test(out)) throw new Error(`wrk saw errors from ${url}: ${out}`);
  return { rps: Number(m[1]), cpuUs: (used * 1e6) / Number(n[1]) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () => loadavg()[0]!.toFixed(1);

/** Alternates the two URLs ROUNDS times; returns the median of each and of their per-round ratio. */
function compare(mine: { url: string; pid: number }, yardstick: { url: string; pid: number }) {
  const a: { rps: number; cpuUs: number }[] = [];
  const b: { rps: number; cpuUs: number }[] = [];
  // Not counted: the JIT warms up, and a just-started `dala serve` finishes compiling route schemas.
  wrk(mine.url, mine.pid, 2);
  wrk(yardstick.url, yardstick.pid, 2);
  const loadBefore = load();
  for (let i = 0; i < ROUNDS; i++) {
    a.push(wrk(mine.url, mine.pid));
    b.push(wrk(yardstick.url, yardstick.pid));
  }
  const cpu = (xs: { cpuUs: number }[]) => median(xs.map((x) => x.cpuUs)).toFixed(1);
  return {
    mine: median(a.map((x) => x.rps)),
    yardstick: median(b.map((x) => x.rps)),
    ratio: +median(a.map((x, i) => x.rps / b[i]!.rps)).toFixed(3),
    conditions: `server CPU per request ${cpu(a)} vs ${cpu(b)} us; load average ${loadBefore} -> ${load()}`,
  };
}

// --- the real release
let releasesDir = process.env.DALA_BENCH_RELEASES ?? '';
if (!releasesDir) {
  releasesDir = await mkdtemp(join(tmpdir(), 'dala-bench-http-'));
  await buildRelease({
    snapshotsDir: snapshotsDir(),
    releasesDir,
    sourcesDir: SOURCES_DIR,
    builtAt: buildTime(),
  });
}
const revision = (await readCurrent(releasesDir))!;
const releaseDir = join(releasesDir, revision);
const seal = await readSeal(releaseDir);
const json = seal.files.filter((f) => /^data\/[^/]+\.json$/.test(f.path));
const nearest = (bytes: number) =>
  json.reduce((best, f) => (Math.abs(f.bytes - bytes) < Math.abs(best.bytes - bytes) ? f : best));
const targets = [nearest(5_000), nearest(200_000)];

requireWrk('data-node', 'data-nginx');

// --- /data/ on Node vs a minimal Fastify route with the same bytes
const nodePort = await freePort();
// One serving process against one minimal Fastify process (several workers: bench/workers.bench.ts).
const node = spawn(
  process.execPath,
  [join(ROOT, 'bin/dala.js'), 'serve', '--releases', releasesDir, '--port', String(nodePort)],
  { stdio: 'ignore', env: { ...process.env, DALA_WORKERS: '1' } },
);
const nodeUrl = `http://127.0.0.1:${nodePort}`;
await firstOk(`${nodeUrl}/data/country-pulse.json`, 60_000);
try {
  for (const f of targets) {
    const baseline = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'bench/http/baseline-server.ts'), join(releaseDir, f.path)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const base = await new Promise<string>((resolve) =>
        baseline.stdout!.on('data', (c: Buffer) => {
          const m = /listening (\S+)/.exec(c.toString());
          if (m) resolve(m[1]!);
        }),
      );
      const r = compare(
        { url: `${nodeUrl}/${f.path}`, pid: node.pid! },
        { url: `${base}/${f.path}`, pid: baseline.pid! },
      );
      emit(
        atLeast(
          'data-node',
          `${f.path} (${f.bytes} B): Node >= 0.8x minimal Fastify`,
          r.ratio,
          0.8,
          'ratio',
          `Node ${Math.round(r.mine)} req/s vs minimal Fastify ${Math.round(r.yardstick)} req/s (medians of ${ROUNDS} alternated ${SECONDS}s wrk -t1 -c50 runs; identity coding; ${r.conditions})`,
        ),
      );
    } finally {
      await stop(baseline);
    }
  }

  // --- /data/ through the generated config vs nginx serving the release directory plainly
  if (!NGINX) {
    emit({
      target: 'data-nginx',
      bound: 'ratio',
      value: null,
      unit: 'ratio',
      met: false,
      note: 'nginx is not installed (apt-get install nginx)',
    });
  } else {
    spawnSync('chmod', ['-R', 'a+rX', releasesDir]); // nginx workers run unprivileged
    const prefix = await mkdtemp(join(tmpdir(), 'dala-bench-nginx-'));
    const [genPort, plainPort] = [await freePort(), await freePort()];
    const main = (name: string) => ({
      pid: join(prefix, `${name}.pid`),
      errorLog: join(prefix, `${name}.log`),
      prefixTemp: prefix,
      workerProcesses: 1,
    });
    const generated = nginxConfig({
      releasesDir,
      seal,
      upstreams: [`127.0.0.1:${nodePort}`],
      listen: `127.0.0.1:${genPort}`,
      main: main('generated'),
    });
    const m = main('plain');
    const plain = [
      `worker_processes 1; pid ${m.pid}; error_log ${m.errorLog} warn; events { worker_connections 1024; }`,
      `http { access_log off; sendfile on; tcp_nopush on; include /etc/nginx/mime.types;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `${t}_temp_path ${prefix}/${t};`,
      ),
      `server { listen 127.0.0.1:${plainPort}; root ${releaseDir}; location /data/ { } } }`,
    ].join('\n');
    await writeFile(join(prefix, 'generated.conf'), generated);
    await writeFile(join(prefix, 'plain.conf'), plain);
    const nginxes = ['generated', 'plain'].map((name) =>
      spawn(NGINX, ['-c', join(prefix, `${name}.conf`), '-p', prefix, '-g', 'daemon off;'], {
        stdio: 'ignore',
      }),
    );
    try {
      for (const f of targets) {
        await firstOk(`http://127.0.0.1:${genPort}/${f.path}`, 10_000);
        await firstOk(`http://127.0.0.1:${plainPort}/${f.path}`, 10_000);
        const r = compare(
          { url: `http://127.0.0.1:${genPort}/${f.path}`, pid: nginxes[0]!.pid! },
          { url: `http://127.0.0.1:${plainPort}/${f.path}`, pid: nginxes[1]!.pid! },
        );
        emit(
          atLeast(
            'data-nginx',
            `${f.path} (${f.bytes} B): generated config >= 0.9x plain nginx`,
            r.ratio,
            0.9,
            'ratio',
            `generated ${Math.round(r.mine)} req/s vs plain ${Math.round(r.yardstick)} req/s (1 worker each; medians of ${ROUNDS} alternated ${SECONDS}s wrk -t1 -c50 runs; ${r.conditions})`,
          ),
        );
      }
    } finally {
      for (const n of nginxes) await stop(n, 'SIGQUIT');
    }
  }
} finally {
  await stop(node);
}

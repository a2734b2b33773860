// What the benches of `dala serve` over HTTP share: the real release built once (or DALA_BENCH_RELEASES),
// `dala serve` started with N workers and waited for until health says every worker is ready, stopped
// with SIGTERM, and one wrk run read into its rate, latency and non-2xx count.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { buildRelease } from '../src/release/build.js';
import { freePort } from '../test/support/ports.js';
import { emit, type TargetId } from './row.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find(
  (p) => spawnSync(p, ['-v']).error === undefined,
);

/** Without wrk, one row per target saying so, and the bench ends. */
export function requireWrk(...targets: TargetId[]): void {
  if (WRK) return;
  for (const target of targets)
    emit({
      target,
      bound: 'ratio',
      value: null,
      unit: 'ratio',
      met: false,
      note: 'wrk is not installed (apt-get install wrk)',
    });
  process.exit(0);
}

export interface Server {
  workers: number;
  url: string;
  child: ChildProcess;
}

/** DALA_BENCH_RELEASES, or the real release built into a directory of its own. */
export async function benchReleases(): Promise<string> {
  if (process.env.DALA_BENCH_RELEASES) return process.env.DALA_BENCH_RELEASES;
  const releasesDir = await mkdtemp(join(tmpdir(), 'dala-bench-serve-'));
  await buildRelease({
    snapshotsDir: snapshotsDir(),
    releasesDir,
    sourcesDir: SOURCES_DIR,
    builtAt: buildTime(),
  });
  return releasesDir;
}

/** `dala serve` with `workers` workers (127.0.0.1 a trusted proxy), once health says each is ready. */
export async function startServe(releasesDir: string, workers: number): Promise<Server> {
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

export function stopServe(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const done = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  return done;
}

export interface Run {
  rps: number;
  p50: string;
  p99: string;
  non2xx: number;
}

/** One wrk run on `url`: `-t threads -c connections -d seconds`, with a Lua script or headers. */
export function wrk(
  url: string,
  opts: {
    threads?: number;
    connections: number;
    seconds: number;
    script?: string;
    headers?: string[];
  },
): Run {
  const args = [
    `-t${opts.threads ?? 1}`,
    `-c${opts.connections}`,
    `-d${opts.seconds}s`,
    '--latency',
  ];
  if (opts.script) args.push('-s', opts.script);
  for (const h of opts.headers ?? []) args.push('-H', h);
  const out = spawnSync(WRK!, [...args, url], { encoding: 'utf8' }).stdout;
  const rps = /Requests\/sec:\s+([0-9.]+)/.exec(out);
  if (!rps) throw new Error(`wrk gave no rate for ${url}: ${out}`);
  return {
    rps: Number(rps[1]),
    p50: /^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? '?',
    p99: /^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? '?',
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

export const median = <T>(xs: T[], key: (x: T) => number) =>
  [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)]!;

export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

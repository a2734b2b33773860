// Cold start of `dala serve` (bin/dala.js, running dist/ when built) to its first answers, on the real
// release and on a scaled one. From the spawn, one client asks every 5 ms for a sealed /data/ file and
// another for a store-backed route (/api/timemachine/layers): `dala serve` answers /data/ once the seal
// is verified (each data file is read and hashed on its first request) and store-backed routes (503
// store_verifying until then) once the app is built and its store is open:
// in place whatever its size, every page checked as it is read (its whole-file hash runs behind it).
// The target row is the first 200 (from /data/); the first 200 of a store-backed route is its own row,
// with the start-up phases the server logs (ms since its process started). Run: npm run bench -- serve
// DALA_BENCH_RELEASES: a real releases directory (built here when unset). DALA_SCALED_RELEASES: a
// scaled one (bench/scale/; default releases-scaled, not built here: a full scaled build takes an hour).
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { buildRelease } from '../src/release/build.js';
import { readCurrent } from '../src/release/pointer.js';
import { freePort } from '../test/support/ports.js';
import { atMost, emit } from './row.js';
import type { ScaledBuildRecord } from './scale/record.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATA_PATH = '/data/country-pulse.json';
const STORE_PATH = '/api/timemachine/layers';
const ROUNDS = Number(process.env.DALA_BENCH_COLD_ROUNDS ?? 3);
const startNote =
  process.env.DALA_FROM_SOURCE === '1'
    ? 'bin/dala.js through tsx'
    : 'bin/dala.js running dist/ (npm run build)';

interface ColdStart {
  data: number; // ms from spawn to the first 200 of DATA_PATH
  store: number; // ... of STORE_PATH
  storeStatuses: string; // what STORE_PATH answered before its first 200
  phases: Record<string, number>; // the server's own start-up log (ms since its process started)
}

async function firstOk(
  url: string,
  started: number,
  until: number,
  seen: Map<number, number>,
): Promise<number> {
  for (;;) {
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (r.status === 200) return performance.now() - started;
      seen.set(r.status, (seen.get(r.status) ?? 0) + 1);
    } catch {
      /* not listening yet */
    }
    if (performance.now() > until) throw new Error(`${url}: no 200 in time`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function coldStart(
  releasesDir: string,
  args: string[],
  timeoutMs: number,
): Promise<ColdStart> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'bin/dala.js'),
      'serve',
      '--releases',
      releasesDir,
      '--port',
      String(port),
      ...args,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DALA_WORKERS: '1' }, // the cold start of one serving process, not of a cluster's primary
    },
  );
  let log = '';
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    const base = `http://127.0.0.1:${port}`;
    const until = started + timeoutMs;
    const statuses = new Map<number, number>();
    const [data, store] = await Promise.all([
      firstOk(base + DATA_PATH, started, until, new Map()),
      firstOk(base + STORE_PATH, started, until, statuses),
    ]);
    await new Promise((r) => setTimeout(r, 50)); // the "store open" log line follows the opening
    const phases =
      [...log.matchAll(/"startup_ms":(\{[^}]*\})/g)]
        .map((m) => JSON.parse(m[1]!) as Record<string, number>)
        .pop() ?? {};
    return {
      data,
      store,
      storeStatuses: [...statuses].map(([s, n]) => `${n} x ${s}`).join(', ') || 'none',
      phases,
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () => loadavg()[0]!.toFixed(1);
const phaseText = (p: Record<string, number>) =>
  Object.entries(p)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

async function measure(
  label: string,
  releasesDir: string,
  args: string[],
  rounds: number,
  bound: number,
  timeoutMs: number,
): Promise<void> {
  const runs: ColdStart[] = [];
  const loadBefore = load();
  for (let i = 0; i < rounds; i++) runs.push(await coldStart(releasesDir, args, timeoutMs));
  const data = Math.round(median(runs.map((r) => r.data)));
  const store = Math.round(median(runs.map((r) => r.store)));
  const mid = runs.find((r) => Math.round(r.data) === data) ?? runs[0]!;
  const conditions = `${startNote}; load average ${loadBefore} -> ${load()}`;
  emit(
    atMost(
      'cold-start',
      `${label}: spawn \`dala serve\` to the first 200 (${DATA_PATH}) <= ${bound / 1000} s`,
      data,
      bound,
      'ms',
      `${rounds === 1 ? 'one run' : `median of ${runs.map((r) => Math.round(r.data)).join(', ')} ms`}; store-backed routes answered 200 at ${store} ms; server phases (ms since its start) ${phaseText(mid.phases)}; ${conditions}`,
    ),
  );
  emit({
    target: 'cold-start',
    bound: `${label}: spawn to the first 200 of a store-backed route (${STORE_PATH}): reported`,
    value: store,
    unit: 'ms',
    met: null,
    note: `${rounds === 1 ? 'one run' : `median of ${runs.map((r) => Math.round(r.store)).join(', ')} ms`}; before it: ${mid.storeStatuses}; ${conditions}`,
  });
}

// --- the real release
let real = process.env.DALA_BENCH_RELEASES ?? '';
if (!real) {
  real = await mkdtemp(join(tmpdir(), 'dala-bench-serve-'));
  await buildRelease({
    snapshotsDir: snapshotsDir(),
    releasesDir: real,
    sourcesDir: SOURCES_DIR,
    builtAt: buildTime(),
  });
}
await measure('real release', real, [], ROUNDS, 1000, 60_000);

// --- a scaled release: its store is opened in place (copied and hashed first when written before page checksums)
const scaled = process.env.DALA_SCALED_RELEASES ?? 'releases-scaled';
if (!(await readCurrent(scaled))) {
  emit(
    atMost(
      'cold-start',
      'scaled release: spawn `dala serve` to the first 200 <= 3 s',
      null,
      3000,
      'ms',
      `no scaled release in ${scaled}: set DALA_SCALED_RELEASES (bench/scale/build.ts builds one)`,
    ),
  );
} else {
  const record = JSON.parse(
    await readFile(join(scaled, 'scaled-build.json'), 'utf8').catch(() => 'null'),
  ) as ScaledBuildRecord | null;
  const revision = (await readCurrent(scaled))!;
  const storeBytes = statSync(join(scaled, revision, 'store.sqlite')).size;
  const scale = record
    ? `${record.points} points, ${record.events} events, ${record.entities} entities`
    : 'scale unknown';
  const rounds = Number(process.env.DALA_BENCH_SCALED_COLD_ROUNDS ?? 1);
  await measure(
    `scaled release (${scale}; store ${(storeBytes / 2 ** 30).toFixed(2)} GiB)`,
    scaled,
    ['--benchmark'],
    rounds,
    3000,
    600_000,
  );
}

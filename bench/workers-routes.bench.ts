// Two workers against one, route by route: `dala serve` with DALA_WORKERS=1 and =2 on the real
// release, both up at once, wrk beside them on 127.0.0.1 (-t1 -c10; the rounds alternate the two
// servers, so a neighbour's burst falls on both), the median of each configuration's rates and the
// median of the per-round ratios. The routes span what a worker spends a request on: a small
// structure answer (CPU in the worker), a static file, the snapshot of every layer compressed (what a
// browser gets) and uncompressed (3.4 MB, what wrk gets: most of its cost is copying in the kernel,
// on the worker's side and on wrk's), and an 845 KB structure answer uncompressed. The uncompressed
// snapshot is also run with two wrk threads, a client that may use both cores as the workers do.
// Run: node --import tsx bench/workers-routes.bench.ts (DALA_BENCH_RELEASES=DIR skips the build).
import { atLeast, emit } from './row.js';
import {
  benchReleases,
  load,
  median,
  startServe,
  stopServe,
  wrk,
  requireWrk,
  type Server,
} from './served.js';

const SECONDS = Number(process.env.DALA_BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.DALA_BENCH_ROUNDS ?? 5);
const SNAPSHOT = '/api/timemachine/snapshot?date=2020-12-31';

const ROUTES: { label: string; path: string; headers?: string[]; threads?: number }[] = [
  { label: 'SDMX dataflow of one flow (1 KB)', path: '/sdmx/2.1/dataflow/DALA/population' },
  { label: '/data/ static file', path: '/data/country-pulse.json' },
  { label: 'snapshot of every layer, br', path: SNAPSHOT, headers: ['Accept-Encoding: br'] },
  { label: 'snapshot of every layer, identity (3.4 MB)', path: SNAPSHOT },
  { label: 'snapshot of every layer, identity, wrk -t2', path: SNAPSHOT, threads: 2 },
  { label: 'SDMX dataflow list, identity (845 KB)', path: '/sdmx/2.1/dataflow' },
];

requireWrk('workers-routes');
const releasesDir = await benchReleases();
const started: Server[] = []; // stopped in `finally`, even when the second never gets ready
try {
  for (const n of [1, 2]) started.push(await startServe(releasesDir, n));
  const servers = started as [Server, Server];
  for (const route of ROUTES) {
    const run = (s: Server, seconds: number) =>
      wrk(`${s.url}${route.path}`, {
        threads: route.threads,
        connections: 10,
        seconds,
        headers: route.headers,
      });
    const loadBefore = load();
    for (const s of servers) run(s, 2); // not counted: each worker's answer cache and JIT warmed
    const rates: [number[], number[]] = [[], []];
    let non2xx = 0;
    for (let i = 0; i < ROUNDS; i++)
      servers.forEach((s, k) => {
        const r = run(s, SECONDS);
        rates[k]!.push(r.rps);
        non2xx += r.non2xx;
      });
    const ratios = rates[1].map((r, i) => r / rates[0][i]!);
    const [one, two] = rates.map((r) => median(r, (x) => x));
    emit(
      atLeast(
        'workers-routes',
        `${route.label}: 2 workers >= 1 worker`,
        +median(ratios, (x) => x).toFixed(3),
        1,
        'ratio',
        `1 worker ${Math.round(one!)} req/s, 2 workers ${Math.round(two!)} req/s (medians of ${ROUNDS} alternated ${SECONDS} s wrk -t${route.threads ?? 1} -c10 runs; per-round ratios ${ratios.map((x) => x.toFixed(2)).join(', ')}; ${non2xx} non-2xx; load average ${loadBefore} -> ${load()})`,
      ),
    );
  }
} finally {
  for (const s of started) await stopServe(s.child);
}

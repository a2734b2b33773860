// Build wall time (and the time of each phase, from the build's own log lines), peak memory and release
// size of the real release, and the recorded figures of the
// last scaled synthetic build (bench/scale/build.ts writes scaled-build.json beside its releases, in
// DALA_SCALED_RELEASES, default ./releases-scaled; a 30M-point build takes minutes, so it is not
// rerun here). Run: node --import tsx bench/build.bench.ts
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { buildRelease } from '../src/release/build.js';
import { verifyRelease } from '../src/release/verify.js';
import { atMost, emit } from './row.js';
import { scaledBuildRow, type ScaledBuildRecord } from './scale/record.js';

const releasesDir = await mkdtemp(join(tmpdir(), 'dala-bench-'));
// Each phase ends with a log line of the build: model assembled, artifacts published, validated,
// data files written, store written; the seal ends the build. Wall and CPU seconds of each (CPU of
// every thread of this process: the PDF render threads and the store's entity thread included).
const phases: { phase: string; wall_s: number; cpu_s: number }[] = [];
const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};
let lap = { t: performance.now(), cpu: cpuNow() };
const phaseEnd = (line: string) => {
  const now = { t: performance.now(), cpu: cpuNow() };
  phases.push({
    phase: line.split(':')[0]!.split(' ').slice(0, 2).join(' '),
    wall_s: +((now.t - lap.t) / 1000).toFixed(2),
    cpu_s: +(now.cpu - lap.cpu).toFixed(2),
  });
  lap = now;
};
const load = [loadavg()[0]!];
const started = performance.now();
const result = await buildRelease({
  snapshotsDir: snapshotsDir(),
  releasesDir,
  sourcesDir: SOURCES_DIR,
  builtAt: buildTime(),
  log: phaseEnd,
});
phaseEnd('sealed');
load.push(loadavg()[0]!);
const buildMs = performance.now() - started;
const verifyStart = performance.now();
const seal = await verifyRelease(result.dir);
const verifyMs = performance.now() - verifyStart;
const total = seal.files.reduce((n, f) => n + f.bytes, 0);
const by = (re: RegExp) =>
  seal.files.filter((f) => re.test(f.path)).reduce((n, f) => n + f.bytes, 0);
console.log(
  JSON.stringify({
    revision: result.revision,
    build_seconds: +(buildMs / 1000).toFixed(2),
    verify_seconds: +(verifyMs / 1000).toFixed(2),
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    files: seal.files.length,
    release_bytes: total,
    pdf_bytes: by(/\.pdf$/),
    geojson_bytes: by(/\.geojson$/),
    store_bytes: by(/store\.sqlite$/),
    adm1_bytes: seal.files.find((f) => f.path === 'data/kz_adm1_current.geojson')?.bytes,
    cpu_seconds: +cpuNow().toFixed(1),
    load_average_1min: { start: load[0], end: load[1] },
    phases,
  }),
);
emit(
  atMost(
    'build',
    'real release: build + seal <= 30 s',
    +(buildMs / 1000).toFixed(2),
    30,
    's',
    `peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB; load average ${load[0]} at start, ${load[1]} at end; ${phases.map((p) => `${p.phase} ${p.wall_s} s`).join(', ')}`,
  ),
);
await rm(releasesDir, { recursive: true, force: true });

const scaledDir = process.env.DALA_SCALED_RELEASES ?? 'releases-scaled';
const record = JSON.parse(
  await readFile(join(scaledDir, 'scaled-build.json'), 'utf8').catch(() => 'null'),
) as ScaledBuildRecord | null;
emit(scaledBuildRow(record, scaledDir));

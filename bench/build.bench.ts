// Build wall time, peak memory and release size of the real release, and the recorded figures of the
// last scaled synthetic build (bench/scale/build.ts writes scaled-build.json beside its releases, in
// DALA_SCALED_RELEASES, default ./releases-scaled; a 30M-point build takes minutes, so it is not
// rerun here). Run: node --import tsx bench/build.bench.ts
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { buildRelease } from '../src/release/build.js';
import { verifyRelease } from '../src/release/verify.js';
import { atMost, emit } from './row.js';
import { scaledBuildRow, type ScaledBuildRecord } from './scale/record.js';

const releasesDir = await mkdtemp(join(tmpdir(), 'dala-bench-'));
const started = performance.now();
const result = await buildRelease({ snapshotsDir: snapshotsDir(), releasesDir, sourcesDir: SOURCES_DIR, builtAt: buildTime() });
const buildMs = performance.now() - started;
const verifyStart = performance.now();
const seal = await verifyRelease(result.dir);
const verifyMs = performance.now() - verifyStart;
const total = seal.files.reduce((n, f) => n + f.bytes, 0);
const by = (re: RegExp) => seal.files.filter((f) => re.test(f.path)).reduce((n, f) => n + f.bytes, 0);
console.log(JSON.stringify({
  revision: result.revision,
  build_seconds: +(buildMs / 1000).toFixed(2),
  verify_seconds: +(verifyMs / 1000).toFixed(2),
  peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  files: seal.files.length,
  release_bytes: total,
  pdf_bytes: by(/\.pdf$/), geojson_bytes: by(/\.geojson$/), store_bytes: by(/store\.sqlite$/),
  adm1_bytes: seal.files.find((f) => f.path === 'data/kz_adm1_current.geojson')?.bytes,
}));
emit(atMost('build', 'real release: build + seal <= 30 s', +(buildMs / 1000).toFixed(2), 30, 's', `peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`));
await rm(releasesDir, { recursive: true, force: true });

const scaledDir = process.env.DALA_SCALED_RELEASES ?? 'releases-scaled';
const record = JSON.parse(await readFile(join(scaledDir, 'scaled-build.json'), 'utf8').catch(() => 'null')) as ScaledBuildRecord | null;
emit(scaledBuildRow(record, scaledDir));

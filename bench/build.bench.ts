// Build wall time, peak memory and release size. Run: node --import tsx bench/build.bench.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { buildRelease } from '../src/release/build.js';
import { verifyRelease } from '../src/release/verify.js';
import { atMost, emit } from './row.js';

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

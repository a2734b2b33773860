// hit@1 of v1 search over the labelled queries, on the release built from the pinned snapshots and
// served by the production app (buildApp). Prints one row (bench/row.ts) and the misses as log lines.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTime, snapshotsDir, SOURCES_DIR } from '../src/lib/config.js';
import { buildRelease } from '../src/release/build.js';
import { buildApp } from '../src/serve/app.js';
import { atLeast, emit } from './row.js';
import { measureHitAt1, topOverHttp } from './search/quality.js';

const releasesDir = await mkdtemp(join(tmpdir(), 'dala-bench-search-'));
try {
  await buildRelease({
    snapshotsDir: snapshotsDir(),
    releasesDir,
    sourcesDir: SOURCES_DIR,
    builtAt: buildTime(),
  });
  const app = await buildApp({
    releasesDir,
    logger: false,
    v1: { rateLimit: { burst: 10_000, refillPerSecond: 1000 } },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const q = await measureHitAt1(topOverHttp(base));
    for (const m of q.misses)
      console.log(`miss: "${m.q}" expected ${m.expect}, first hit ${m.got ?? '(none)'}`);
    for (const [c, n] of Object.entries(q.byCategory)) console.log(`${c}: ${n.hits}/${n.total}`);
    emit(
      atLeast(
        'search-hit1',
        'hit@1 >= 95%',
        q.hitAt1,
        95,
        '%',
        `${q.hits} of ${q.total} labelled queries`,
      ),
    );
  } finally {
    await app.close();
  }
} finally {
  await rm(releasesDir, { recursive: true, force: true });
}

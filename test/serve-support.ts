// Shared by test/serve-*.test.ts: a real server on port 0 over a releases directory, raw HTTP for
// paths fetch() would normalise, and a release with daily points for the series bucketing rules.
import { request } from 'node:http';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { stableJson } from '../src/lib/canonical-json.js';
import { writeStore } from '../src/publish/store/write.js';
import { makeStaging } from '../src/release/staging.js';
import { sealRelease } from '../src/release/seal.js';
import { startServer, type RunningServer } from '../src/serve/server.js';
import { fixtureStore, makeFixtureRelease } from './support/fixture-release.js';
import { tempDir } from './support/temp-dir.js';

/** Parameterised by releasesDir so the same tests can run on the real-data release. */
export async function serve(
  releasesDir?: string,
): Promise<RunningServer & { releasesDir: string }> {
  const dir = releasesDir ?? (await makeFixtureRelease()).releasesDir;
  const server = await startServer({ releasesDir: dir, host: '127.0.0.1', port: 0, logger: false });
  return { ...server, releasesDir: dir };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Sends `path` verbatim (no URL normalisation), as a hostile client would. */
export function raw(
  base: string,
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const day = (d: string, value: number | null) => ({
  metric: 'media_mentions',
  place: 'KZ',
  period: d,
  period_start: d,
  period_end: d,
  value,
  null_reason: value === null ? 'sample not collected that day' : null,
  status: 'sample',
  unit: 'publications',
  source_id: 'media-sample',
  note: 'test fixture: labelled media sample',
});

/** The fixture store plus a daily `sum` metric (and `extra` points of it), sealed like makeFixtureRelease (test fixture). */
export async function makeDailyRelease(
  extra: { place: string; day: string; value: number | null }[] = [],
): Promise<string> {
  const dir = tempDir('dala-daily-');
  const staging = await makeStaging(dir);
  const store = fixtureStore();
  store.layers.push({
    id: 'media',
    title_en: 'Media',
    title_ru: 'Медиа',
    title_kk: 'Медиа',
    description: 'Labelled media sample',
  });
  store.metrics.push({
    id: 'media_mentions',
    layer: 'media',
    name_en: 'Mentions',
    name_ru: 'Упоминания',
    name_kk: 'Атаулар',
    unit: 'publications',
    frequency: 'daily',
    aggregation: 'sum',
    source_id: 'media-sample',
    notes: 'test fixture',
  });
  // 2024-01-01 is a Monday (ISO week 1); 2024-01-08 starts week 2; 2024-02-01 has a gap (null).
  store.points.push(
    day('2024-01-01', 3),
    day('2024-01-02', 4),
    day('2024-01-07', 1),
    day('2024-01-08', 10),
    day('2024-02-01', null),
    day('2024-02-02', 5),
  );
  store.points.push(...extra.map((p) => ({ ...day(p.day, p.value), place: p.place })));
  for (const [path, body] of [
    ['data/country-pulse.json', stableJson({ kind: 'test-fixture' })],
    ['evidence/validation.json', stableJson({ ok: true, kind: 'test-fixture' })],
    ['evidence/counts.json', stableJson({ kind: 'test-fixture' })],
  ] as const) {
    await mkdir(dirname(join(staging, path)), { recursive: true });
    await writeFile(join(staging, path), body);
  }
  writeStore(join(staging, 'store.sqlite'), store);
  await sealRelease({
    releasesDir: dir,
    stagingDir: staging,
    schemaVersion: '1.0.0',
    builtAt: '2026-01-01T00:00:00Z',
    asOf: '2025-12-31',
    releaseManifest: (seal) => ({ ...seal, kind: 'test-fixture' }),
    validate: () => {},
  });
  return dir;
}

// SDMX 2.1 REST updatedAfter over a lineage of sealed releases, through the production server: a
// client that synchronises incrementally gets exactly the observations added or changed since the
// instant it names (against the newest release built by then), no results when nothing was built
// after it, everything when the lineage reaches no release that old, and an SDMX syntax error for
// an instant that is not one.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { startServer, type RunningServer } from '../src/serve/server.js';
import { makeV1Release } from './support/v1-fixture.js';

const CSV = 'application/vnd.sdmx.data+csv;version=1.0.0';
let server: RunningServer;

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dala-updated-after-'));
  // Karaganda's 2024 population is 1,200,000 in February's release and 1,300,000 in March's
  await makeV1Release(dir, { karaganda2024: 1_200_000, builtAt: '2026-02-01T00:00:00Z' });
  await makeV1Release(dir, { karaganda2024: 1_300_000, builtAt: '2026-03-01T00:00:00Z' });
  server = await startServer({ releasesDir: dir, host: '127.0.0.1', port: 0, logger: false });
});
after(async () => server.close());

async function get(path: string) {
  const res = await fetch(`${server.url}/sdmx/2.1${path}`, { headers: { accept: CSV } });
  const body = await res.text();
  const rows =
    res.status === 200
      ? (parse(body, { columns: true }) as Record<string, string>[]).map(
          (r) => `${r.REF_AREA} ${r.TIME_PERIOD} ${r.OBS_VALUE}`,
        )
      : [];
  return { status: res.status, body, rows };
}

test('updatedAfter between two releases answers only the observation that changed, with its new value', async () => {
  const whole = await get('/data/population/A.KZ-35');
  assert.ok(whole.rows.length > 1);
  for (const instant of ['2026-02-15T00:00:00Z', '2026-02-01T00:00:00Z', '2026-02-15'])
    assert.deepEqual(
      (await get(`/data/population/A.KZ-35?updatedAfter=${instant}`)).rows,
      ['KZ-35 2024 1300000'],
      instant,
    );
  // the whole flow too: no other place changed
  assert.deepEqual((await get('/data/population?updatedAfter=2026-02-15T00:00:00Z')).rows, [
    'KZ-35 2024 1300000',
  ]);
});

test('updatedAfter before every release answers everything selected; after the served one, no results', async () => {
  const whole = await get('/data/population/A.KZ-35');
  assert.deepEqual(
    (await get('/data/population/A.KZ-35?updatedAfter=2026-01-01')).rows,
    whole.rows,
  );
  const none = await get('/data/population/A.KZ-35?updatedAfter=2026-03-15T00:00:00Z');
  assert.equal(none.status, 404);
  assert.match(none.body, /<mes:ErrorMessage code="100">/);
  const unchanged = await get('/data/population/A.KZ-75?updatedAfter=2026-02-15T00:00:00Z');
  assert.equal(unchanged.status, 404, 'Almaty did not change between the releases');
});

test('an updatedAfter that is not an instant is an SDMX syntax error (400, code 140)', async () => {
  for (const bad of ['yesterday', '2026-02-30T00:00:00Z', '2026-13-01', '2026-02-15T10:00']) {
    const res = await get(`/data/population/A.KZ-35?updatedAfter=${bad}`);
    assert.equal(res.status, 400, bad);
    assert.match(res.body, /<mes:ErrorMessage code="140">/, bad);
  }
});

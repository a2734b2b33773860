// Resource, release and alias routes of /api/v1/ on a real server.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { evaluateFreshness } from '../src/serve/v1/freshness.js';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

let server: V1Server;
let releasesDir: string;
before(async () => {
  releasesDir = (await makeV1Release()).releasesDir;
  server = await startV1(releasesDir, { now: () => new Date('2026-03-01T00:00:00Z') });
});
after(async () => server.close());

const get = (path: string) => call(server.base + path);
const PROVENANCE = ['unit', 'period', 'geography', 'source', 'revision'];

test('a place answers by canonical id with unit, period, geography, source and revision', async () => {
  const res = await get('/places/place:KZ-35');
  assert.equal(res.status, 200);
  for (const key of PROVENANCE) assert.ok(key in res.body.data, key);
  assert.equal(res.body.data.geography.iso, 'KZ-35');
  assert.equal(res.body.data.geometry, '/api/v1/places/place:KZ-35/geometry');
  const encoded = await get('/places/place%3AKZ-35%2FKZ3510');
  assert.equal(encoded.body.data.id, 'place:KZ-35/KZ3510');
});

test('aliases (slug, legacy code, former name) answer 308 to the canonical URL', async () => {
  for (const [alias, target] of [
    ['karaganda', '/api/v1/places/place:KZ-35'],
    ['KZ-KAR', '/api/v1/places/place:KZ-35'],
    ['Nur-Sultan', '/api/v1/places/place:KZ-71'],
    ['KZ-35', '/api/v1/places/place:KZ-35'],
  ]) {
    const res = await get(`/places/${encodeURIComponent(alias!)}`);
    assert.equal(res.status, 308, alias);
    assert.equal(res.headers.get('location'), target, alias);
  }
  const geometry = await get('/places/karaganda/geometry');
  assert.equal(geometry.headers.get('location'), '/api/v1/places/place:KZ-35/geometry');
  assert.equal(
    (await get('/indicators/population')).headers.get('location'),
    '/api/v1/indicators/indicator:population',
  );
  const homonym = await get('/places/Almaty');
  assert.equal(homonym.status, 404);
  assert.deepEqual(homonym.body.candidates, ['place:KZ-19', 'place:KZ-75']);
});

test('geometry comes from the release files with its provenance; a place without one is 404', async () => {
  const res = await get('/places/place:KZ-35/geometry');
  assert.equal(res.status, 200);
  assert.equal(res.body.data.geojson.type, 'FeatureCollection');
  assert.equal(res.body.data.path, 'data/geo/regions/karaganda.geojson');
  for (const key of PROVENANCE) assert.ok(key in res.body.data, key);
  assert.equal((await get('/places/place:KZ-71/geometry')).body.code, 'not_found');
});

test('indicators and observations keep unit, period, geography, source; null values carry a reason', async () => {
  const ind = await get('/indicators/indicator:population');
  assert.equal(ind.body.data.unit, 'persons');
  assert.equal(ind.body.data.source, 'source:bns-population');
  const obs = await get('/observations?indicator=population&place=place:KZ-35');
  assert.equal(obs.body.meta.count, 3);
  const missing = obs.body.data.find((o: { period: string }) => o.period === '2025');
  assert.equal(missing.value, null);
  assert.equal(typeof missing.null_reason, 'string');
  for (const key of PROVENANCE) assert.ok(key in missing, key);
  const one = await get(`/observations/${encodeURIComponent('observation:population:KZ-35:2024')}`);
  assert.equal(one.body.data.value, 1_131_000);
  const byPeriod = await get('/observations?period=2024-Q1');
  assert.deepEqual(
    byPeriod.body.data.map((o: { id: string }) => o.id),
    ['observation:grp_cumulative:KZ-35:2024-Q1'],
  );
});

test('observations page with a cursor to the end', async () => {
  const ids: string[] = [];
  let path = '/observations?limit=3';
  for (;;) {
    const res = await get(path);
    ids.push(...res.body.data.map((o: { id: string }) => o.id));
    if (!res.body.meta.next_cursor) {
      assert.equal(ids.length, res.body.meta.count);
      break;
    }
    path = `/observations?limit=3&cursor=${res.body.meta.next_cursor}`;
  }
  assert.equal(new Set(ids).size, 8);
});

test('datasets carry the freshness contract evaluated now; without as_of it is unknown', async () => {
  const pop = await get('/datasets/dataset:population');
  assert.equal(pop.body.data.freshness.status, 'fresh');
  assert.equal(pop.body.data.freshness.age_days, 60);
  const archive = await get('/datasets/dataset:grp-2010');
  assert.equal(archive.body.data.freshness.status, 'unknown');
  assert.equal(archive.body.data.freshness.historical, true);
  const at = (d: string) =>
    evaluateFreshness({ as_of: '2025-01-01', sla_days: 30 }, new Date(d)).status;
  assert.deepEqual(
    [at('2025-01-31'), at('2025-02-01'), at('2025-03-02'), at('2025-03-03')],
    ['fresh', 'degraded', 'degraded', 'stale'],
  );
});

test('sources, relations, claims and evidence have collection and item routes', async () => {
  assert.equal((await get('/sources/source:bns-population')).status, 200);
  const rel = await get('/relations?subject=place:KZ-35/KZ3510');
  assert.deepEqual(
    rel.body.data.map((r: { id: string }) => r.id),
    ['relation:kz3510-in-kz35'],
  );
  assert.equal((await get('/relations/relation:kz3510-in-kz35')).body.data.object, 'place:KZ-35');
  assert.equal((await get('/claims')).body.meta.count, 1);
  assert.equal(
    (await get('/claims/claim:kz35-population-2024')).body.data.evidence_id,
    'evidence:bns-population-table',
  );
  assert.equal(
    (await get('/evidence/evidence:bns-population-table')).body.data.kind,
    'source-file',
  );
  assert.equal((await get('/evidence/evidence:none')).body.code, 'not_found');
  assert.equal((await get('/entities/person:akim-karaganda')).body.data.type, 'person');
});

test('releases, snapshots and changes: one release has no changes and says so; two consecutive ones differ', async () => {
  const list = await get('/releases');
  assert.equal(list.body.meta.count, 1);
  const first = list.body.data[0].revision;
  assert.equal(
    (await get(`/releases/${first}`)).body.data.files.length,
    list.body.data[0].file_count,
  );
  assert.equal((await get('/releases/0000000000000000')).body.code, 'unknown_release');
  assert.equal((await get('/snapshots')).body.data[0].revision, first);
  const none = await get('/changes');
  assert.equal(none.body.meta.count, 0);
  assert.match(none.body.meta.note, /no changes/);

  const second = await makeV1Release(releasesDir, {
    karaganda2024: 1_200_000,
    builtAt: '2026-02-01T00:00:00Z',
  });
  await server.holder.refresh();
  const third = await makeV1Release(releasesDir, {
    karaganda2024: 1_300_000,
    builtAt: '2026-03-01T00:00:00Z',
  });
  await server.holder.refresh();
  const latest = await get('/changes');
  assert.match(latest.body.meta.note, new RegExp(`${second.revision} to ${third.revision}`));
  assert.ok(
    latest.body.data.some(
      (c: { key: string; change: string }) => c.key === 'store.sqlite' && c.change === 'modified',
    ),
  );
  const named = await get(`/changes?from=${first}&to=${second.revision}`);
  assert.equal(named.status, 200);
  const skip = await get(`/changes?from=${first}&to=${third.revision}`);
  assert.equal(skip.status, 400);
  assert.equal(skip.body.code, 'non_consecutive_releases');
});

// A small scaled synthetic release (bench/scale/), a third of its points breakdowns by sex, urban/rural
// and age, served by a real listening server: the time-slice routes answer its breakdowns through the
// dimension filters (one place, every place, the snapshot), and refuse a code or a dimension that
// does not exist, as on the real release.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { stableJson } from '../src/lib/canonical-json.js';
import { allowSyntheticStores } from '../src/store/open.js';
import { placeCount, scaledRows } from '../bench/scale/rows.js';
import { fixtureStore, sealFixture } from './support/fixture-release.js';
import { serve } from './serve-support.js';

const OPTS = { points: 40_000, events: 100, entities: 100, dayStep: 7 };
let server: Awaited<ReturnType<typeof serve>>;

before(async () => {
  const { releasesDir } = await sealFixture(
    undefined,
    { 'data/country-pulse.json': stableJson({ kind: 'test-fixture' }) },
    scaledRows(fixtureStore(), OPTS),
  );
  allowSyntheticStores(true);
  server = await serve(releasesDir);
});
after(async () => {
  await server?.close();
  allowSyntheticStores(false);
});

const get = async (path: string) => {
  const r = await fetch(server.url + path);
  return { status: r.status, body: await r.json() };
};

test('a series filtered by sex answers that breakdown for one place and for every place', async () => {
  const one = await get(
    '/api/timemachine/series?metric=syn_m11&sex=F&granularity=month&place=SYN-001',
  );
  assert.equal(one.status, 200);
  assert.equal(one.body.metric.id, 'syn_m11;sex=F');
  assert.deepEqual(one.body.metric.dimensions, { area: '_T', sex: 'F' });
  assert.equal(one.body.series.length, 1);
  assert.ok(one.body.series[0].points.length > 100);
  const male = await get(
    '/api/timemachine/series?metric=syn_m11&sex=M&granularity=month&place=SYN-001',
  );
  assert.notDeepEqual(male.body.series[0].points, one.body.series[0].points);
  const all = await get('/api/timemachine/series?metric=syn_m12&sex=M&age=Y16T62&granularity=year');
  assert.equal(all.status, 200);
  assert.equal(all.body.metric.id, 'syn_m12;sex=M;age=Y16T62');
  assert.equal(all.body.series.length, placeCount(OPTS.points, OPTS.dayStep));
  // no filter: the indicator's totals
  const totals = await get(
    '/api/timemachine/series?metric=syn_m11&granularity=month&place=SYN-001',
  );
  assert.equal(totals.body.metric.id, 'syn_m11');
});

test('a snapshot holds every breakdown by default and only the series at sex=F when asked', async () => {
  const date = '2010-06-30';
  const every = await get(`/api/timemachine/snapshot?date=${date}&layers=synthetic`);
  assert.equal(every.status, 200);
  const ids = every.body.metrics.map((m: { id: string }) => m.id);
  assert.equal(ids.filter((id: string) => id.includes(';')).length, 6);
  assert.equal(
    every.body.points.filter((p: { metric: string }) => p.metric.includes(';')).length * 3,
    every.body.points.length,
    'a third of the latest points are breakdowns',
  );
  const female = await get(`/api/timemachine/snapshot?date=${date}&sex=F`);
  assert.equal(female.status, 200);
  assert.deepEqual(
    female.body.metrics.map((m: { id: string }) => m.id),
    ['syn_m11;sex=F'],
  );
  assert.ok(female.body.points.length > 0);
  assert.ok(female.body.points.every((p: { metric: string }) => p.metric === 'syn_m11;sex=F'));
});

test('a code or a dimension that does not exist is refused with the allowed ones', async () => {
  const code = await get('/api/timemachine/snapshot?sex=X');
  assert.equal(code.status, 400);
  assert.equal(code.body.code, 'unknown_dimension_code');
  assert.deepEqual(code.body.allowed_values, ['_T', 'M', 'F']);
  const dim = await get('/api/timemachine/series?metric=syn_m02&area=U&place=SYN-001');
  assert.equal(dim.status, 400);
  assert.equal(dim.body.code, 'dimension_not_applicable');
  const age = await get('/api/timemachine/series?metric=syn_m11&age=Y0T15&place=SYN-001');
  assert.equal(age.status, 400);
  assert.deepEqual(age.body.dimensions, ['sex', 'area']);
});

// /api/v1/ query rules on the production app: several values per filter, a period range, places
// by any id, code, slug or alias, sort, places by type, CSV of every collection with the same
// filters, 406 for an unsupported Accept, Link headers and the links of observations and indicators.
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { after, before, test } from 'node:test';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

let server: V1Server;
before(async () => {
  server = await startV1((await makeV1Release()).releasesDir);
});
after(async () => server.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  call(server.base + path, { headers });
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((o) => o.id);

test('observation filters take several values, repeated or comma-separated, and places by slug, code or alias', async () => {
  const both = await get('/observations?place=KZ-19&place=KZ-75&indicator=population');
  assert.deepEqual(ids(both), [
    'observation:population:KZ-19:2024',
    'observation:population:KZ-75:2024',
  ]);
  const commas = await get('/observations?place=KZ-19,KZ-75&indicator=indicator:population');
  assert.deepEqual(ids(commas), ids(both));
  for (const name of ['karaganda', 'KZ-KAR', 'Karagandy', 'place:KZ-35', 'KZ-35']) {
    const res = await get(`/observations?indicator=population&place=${encodeURIComponent(name)}`);
    assert.equal(res.body.meta.count, 3, name);
  }
  const homonym = await get('/observations?place=Almaty');
  assert.equal(homonym.status, 400);
  assert.deepEqual(homonym.body.candidates, ['place:KZ-19', 'place:KZ-75']);
  assert.equal((await get('/observations?place=Atlantis')).body.code, 'invalid_parameter');
});

test('a period range keeps periods inside it; a reversed range is refused', async () => {
  const range = await get('/observations?place=KZ-35&from=2024&to=2024-06');
  assert.deepEqual(ids(range), [
    'observation:grp_cumulative:KZ-35:2024-Q1',
    'observation:grp_cumulative:KZ-35:2024-H1',
  ]);
  const years = await get('/observations?indicator=population&place=KZ-35&from=2023-01-01&to=2024');
  assert.deepEqual(ids(years), [
    'observation:population:KZ-35:2023',
    'observation:population:KZ-35:2024',
  ]);
  assert.equal((await get('/observations?from=2025&to=2024')).body.code, 'invalid_date_range');
  assert.equal((await get('/observations?from=2024-02-30')).body.code, 'invalid_date');
});

test('sort orders by value (missing last) or period, and an unknown sort lists the allowed ones', async () => {
  const byValue = await get('/observations?indicator=population&sort=-value');
  const values = byValue.body.data.map((o: { value: number | null }) => o.value);
  assert.deepEqual(values.slice(0, 2), [20_000_000, 2_200_000]);
  assert.equal(values.at(-1), null);
  const bad = await get('/observations?sort=colour');
  assert.equal(bad.body.code, 'invalid_parameter');
  assert.deepEqual(bad.body.allowed_values, [
    'indicator',
    'place',
    'period',
    '-period',
    'value',
    '-value',
  ]);
});

test('places filter by type region or district', async () => {
  const districts = await get('/places?type=district');
  assert.deepEqual(ids(districts), ['place:KZ-35/KZ3510', 'place:KZ-35/KZ3520']);
  const regions = await get('/places?type=region');
  assert.ok(ids(regions).includes('place:KZ-35'));
  assert.ok(!ids(regions).some((id: string) => id.includes('/')));
});

test('every collection answers CSV with the same filters, by Accept or format=csv; JSON-only routes answer 406', async () => {
  const res = await fetch(`${server.base}/observations?indicator=population&place=KZ-35`, {
    headers: { accept: 'text/csv' },
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/csv/);
  const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
  assert.equal(rows.length, 3);
  const missing = rows.find((r) => r['period'] === '2025')!;
  assert.equal(missing['value'], '');
  assert.notEqual(missing['null_reason'], '');
  assert.equal(rows[0]!['links.indicator'], '/api/v1/indicators/indicator:population');
  for (const path of [
    '/places?type=district',
    '/indicators',
    '/datasets',
    '/sources',
    '/entities',
    '/relations',
    '/claims',
    '/evidence',
    '/search?q=karaganda',
  ]) {
    const csv = await fetch(`${server.base}${path}${path.includes('?') ? '&' : '?'}format=csv`);
    assert.equal(csv.status, 200, path);
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/, path);
    const parsed = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    assert.ok(parsed.length >= 1 && 'id' in parsed[0]!, path);
  }
  const districts = parse(
    await (await fetch(`${server.base}/places?type=district&format=csv`)).text(),
    { columns: true },
  ) as Record<string, string>[];
  assert.deepEqual(
    districts.map((r) => r['id']),
    ['place:KZ-35/KZ3510', 'place:KZ-35/KZ3520'],
  );
  const item = await get('/places/place:KZ-35', { accept: 'text/csv' });
  assert.equal(item.status, 406);
  assert.equal(item.body.code, 'not_acceptable');
  assert.equal((await get('/observations', { accept: 'application/xml' })).status, 406);
});

test('Link headers carry first, next, prev and describedby; observations link indicator, place and source; indicators link observations', async () => {
  const first = await call(`${server.base}/observations?limit=2`);
  const link = first.headers.get('link') ?? '';
  assert.match(link, /<\/openapi\.json>; rel="describedby"/);
  assert.match(link, /rel="next"/);
  assert.match(link, /rel="first"/);
  const second = await call(server.base.replace(/\/api\/v1$/, '') + first.body.links.next);
  assert.match(second.headers.get('link') ?? '', /rel="prev"/);
  assert.ok(second.body.links.prev);
  const back = await call(server.base.replace(/\/api\/v1$/, '') + second.body.links.prev);
  assert.deepEqual(ids(back), ids(first));
  const obs = (await get('/observations?indicator=population&place=KZ-35&limit=1')).body.data[0];
  const country = (await get('/observations?indicator=population&place=KZ')).body.data[0];
  assert.equal(country.links.place, null, 'the country has no place record to link');
  for (const rel of ['indicator', 'place', 'source'] as const) {
    const res = await call(server.base.replace(/\/api\/v1$/, '') + obs.links[rel]);
    assert.equal(res.status, 200, `${rel}: ${obs.links[rel]}`);
  }
  const indicator = await get('/indicators/indicator:population');
  const listed = await call(
    server.base.replace(/\/api\/v1$/, '') + indicator.body.data.links.observations,
  );
  assert.equal(listed.body.meta.count, 6);
});

test('an observation has one id form in /data/ and v1; the older slash form answers 308 to it', async () => {
  const one = await get(`/observations/${encodeURIComponent('observation:population:KZ-35:2024')}`);
  assert.equal(one.status, 200);
  assert.equal(one.body.data.id, 'observation:population:KZ-35:2024');
  const old = await get(`/observations/${encodeURIComponent('observation:population/KZ-35/2024')}`);
  assert.equal(old.status, 308);
  assert.match(old.headers.get('location') ?? '', /observation:population:KZ-35:2024$/);
});

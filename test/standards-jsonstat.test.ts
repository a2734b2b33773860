// JSON-stat 2.0 answers of /api/v1/observations, as Eurostat's and PxWeb's clients read them: each
// answer is valid against the JSON-stat curated dataset schema (shared/reference/json-stat-2.0,
// bundled), and the official JavaScript reader (jsonstat-toolkit) reads back the same values, units,
// statuses and labels as the JSON page of the same query.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import JSONstat from 'jsonstat-toolkit';
import { makeAjv } from '../src/lib/ajv.js';
import { PROJECT_ROOT } from '../src/lib/config.js';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

const SCHEMA = [PROJECT_ROOT, '/work'].map((root) =>
  join(root, '../shared/reference/json-stat-2.0/schemas/curated/bundled/dataset.json'),
);
const validate = makeAjv({ dialect: '2020-12', formats: true, allErrors: true }).compile(
  JSON.parse(
    readFileSync(
      SCHEMA.find((f) => existsSync(f))!,
      'utf8',
    ),
  ) as object,
);

let server: V1Server;
before(async () => {
  server = await startV1((await makeV1Release()).releasesDir);
});
after(async () => server.close());

interface Observation {
  indicator: string;
  place: string;
  period: string;
  value: number | null;
  status: string;
  unit: string;
  null_reason: string | null;
}

const QUERY = 'indicator=population&place=KZ-35,KZ-19,KZ-75&period=2023,2024,2025';

test('observations answer JSON-stat 2.0 by Accept or format=jsonstat, valid against the JSON-stat dataset schema', async () => {
  for (const [path, accept] of [
    [`/observations?${QUERY}`, 'application/vnd.json-stat+json'],
    [`/observations?${QUERY}&format=jsonstat`, 'application/json'],
    [`/observations?${QUERY}`, 'application/vnd.json-stat+json;charset=utf-8, */*;q=0.1'],
    // no observation: an empty cube, still a valid dataset
    ['/observations?indicator=population&period=1990', 'application/vnd.json-stat+json'],
  ] as const) {
    const res = await call(`${server.base}${path}`, { headers: { accept } });
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get('content-type'), 'application/vnd.json-stat+json; charset=utf-8');
    assert.equal(res.body.version, '2.0');
    assert.equal(res.body.class, 'dataset');
    assert.ok(validate(res.body), `${path}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  }
});

test('jsonstat-toolkit reads back every value of the JSON page: place, period, value, status, unit and labels line up', async () => {
  const page = await call(`${server.base}/observations?${QUERY}`);
  const observations = page.body.data as Observation[];
  assert.ok(observations.length >= 4);
  const stat = await call(`${server.base}/observations?${QUERY}&format=jsonstat`);
  const ds = JSONstat(stat.body).Dataset(0);
  assert.deepEqual(ds.id, ['indicator', 'place', 'period']);
  assert.deepEqual(ds.role.metric, ['indicator']);
  assert.deepEqual(ds.role.geo, ['place']);
  assert.deepEqual(ds.role.time, ['period']);
  assert.equal(ds.Dimension('indicator').Category('indicator:population').label, 'Population');
  assert.equal(ds.Dimension('indicator').Category('indicator:population').unit?.label, 'persons');
  assert.equal(ds.Dimension('place').Category('place:KZ-35').label, 'Karaganda Region');
  // the periods in time order
  assert.deepEqual(ds.Dimension('period').id, ['2023', '2024', '2025']);
  let cells = 0;
  for (const o of observations) {
    const cell = ds.Data({ indicator: o.indicator, place: o.place, period: o.period });
    assert.ok(cell, `${o.place} ${o.period}`);
    assert.equal(cell.value, o.value, `${o.place} ${o.period}`);
    assert.equal(cell.status, o.status, `${o.place} ${o.period}`);
    cells++;
  }
  assert.equal(cells, observations.length);
  // a missing value is null with its reason in the extension, never 0
  const missing = observations.find((o) => o.value === null)!;
  const at = ds.Data({
    indicator: missing.indicator,
    place: missing.place,
    period: missing.period,
  });
  assert.equal(at?.value, null);
  const coordinates: Record<string, string> = {
    indicator: missing.indicator,
    place: missing.place,
    period: missing.period,
  };
  const index = (ds.id as string[]).reduce(
    (n, d, i) => n * ds.size[i]! + ds.Dimension(d).id.indexOf(coordinates[d]!),
    0,
  );
  assert.equal(stat.body.extension.null_reason[String(index)], missing.null_reason);
  // cells the page has no observation for are null, and the cube holds every combination
  assert.equal(
    ds.value.length,
    ds.size.reduce((a: number, b: number) => a * b, 1),
  );
});

test('a JSON-stat page links to the next page by an absolute URL, which answers the same observations as the JSON next page', async () => {
  const json = await call(`${server.base}/observations?indicator=population&limit=2`);
  const stat = await call(
    `${server.base}/observations?indicator=population&limit=2&format=jsonstat`,
  );
  assert.equal(stat.body.value.filter((v: number | null) => v !== null).length, 2);
  assert.equal(stat.body.link.next[0].type, 'application/vnd.json-stat+json');
  const next = new URL(stat.body.link.next[0].href);
  assert.equal(next.origin, server.url);
  const second = await call(next.href);
  assert.equal(second.status, 200);
  assert.ok(validate(second.body));
  const jsonSecond = await call(new URL(json.body.links.next, server.url).href);
  const ds = JSONstat(second.body as object).Dataset(0);
  for (const o of jsonSecond.body.data as Observation[])
    assert.equal(
      ds.Data({ indicator: o.indicator, place: o.place, period: o.period })?.value,
      o.value,
    );
});

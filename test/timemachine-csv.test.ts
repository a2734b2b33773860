// Time-slice answers on the production app: series, snapshot and events also as CSV (Accept or
// format=csv), one row per point or event, the same filters; a media type not offered is 406.
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { after, before, test } from 'node:test';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

let server: V1Server;
before(async () => {
  server = await startV1((await makeV1Release()).releasesDir);
});
after(async () => server.close());

const tm = (path: string) => `${server.url}/api/timemachine${path}`;

test('series as CSV has a row per place and period with the JSON values, missing values empty', async () => {
  const json = (await call(tm('/series?metric=population'))).body;
  const res = await fetch(tm('/series?metric=population'), { headers: { accept: 'text/csv' } });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/csv/);
  const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
  const points = json.series.flatMap(
    (s: { place: string; points: { period: string; value: number | null }[] }) =>
      s.points.map((p) => [s.place, p.period, p.value === null ? '' : String(p.value)]),
  );
  assert.deepEqual(
    rows.map((r) => [r['place'], r['period'], r['value']]),
    points,
  );
});

test('snapshot and events as CSV by format=csv keep the filters', async () => {
  const snap = parse(
    await (await fetch(tm('/snapshot?date=2024-12-31&layers=demography&format=csv'))).text(),
    { columns: true },
  ) as Record<string, string>[];
  assert.ok(snap.length > 0);
  assert.ok(snap.every((r) => r['metric'] === 'population'));
  const events = parse(await (await fetch(tm('/events?format=csv'))).text(), {
    columns: true,
  }) as Record<string, string>[];
  assert.deepEqual(
    events.map((e) => e['id']),
    (await call(tm('/events'))).body.map((e: { id: string }) => e.id),
  );
});

test('a media type a time-slice route does not offer is 406 not_acceptable', async () => {
  const res = await call(tm('/stats'), { headers: { accept: 'text/csv' } });
  assert.equal(res.status, 406);
  assert.equal(res.body.code, 'not_acceptable');
  assert.equal((await call(tm('/stats?format=csv'))).body.code, 'unknown_parameter');
});

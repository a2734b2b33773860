// /api/timemachine/ on a real server (docs/interface.md §4.3): each route's rules and error codes, and
// every answer validated against the schema the OpenAPI document publishes for it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import canonicalize from 'canonicalize';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { bucketOf } from '../src/store/periods.js';
import { RESPONSES } from '../src/serve/timemachine/schemas.js';
import { STORE_VERSION } from '../src/publish/store/schema.js';
import { makeDailyRelease, serve } from './serve-support.js';

let s: Awaited<ReturnType<typeof serve>>;
let daily: Awaited<ReturnType<typeof serve>>;
before(async () => {
  s = await serve();
  daily = await serve(await makeDailyRelease());
});
after(async () => {
  await s.close();
  await daily.close();
});

const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false });
(addFormats as unknown as typeof addFormats.default)(ajv);

async function get(
  path: string,
  server = s,
  schema?: object,
): Promise<{ status: number; body: any; headers: Headers }> {
  const r = await fetch(server.url + path);
  const body = await r.json();
  if (r.status === 200 && schema)
    assert.ok(ajv.validate(schema, body), `${path}: ${ajv.errorsText()}`);
  if (r.status !== 200) assert.equal(r.headers.get('content-type'), 'application/problem+json');
  return { status: r.status, body, headers: r.headers };
}
const point = (body: any, metric: string, place: string) =>
  body.points.find((p: any) => p.metric === metric && p.place === place);

describe('snapshot', () => {
  test('without a date it uses the release as-of date and says so', async () => {
    const { body } = await get('/api/timemachine/snapshot', s, RESPONSES.snapshot);
    assert.equal(body.date, '2025-12-31');
    assert.equal(body.date_source, 'release_as_of');
    const k = point(body, 'population', 'KZ-35');
    assert.equal(k.period, '2025');
    assert.equal(k.value, null);
    assert.ok(k.null_reason);
  });

  test('each metric and place gets the latest point whose period ends on or before the date', async () => {
    const mid = (await get('/api/timemachine/snapshot?date=2024-06-30', s, RESPONSES.snapshot))
      .body;
    assert.equal(mid.date_source, 'query');
    assert.equal(point(mid, 'population', 'KZ-35').period, '2023'); // 2024 ends 2024-12-31, after the date
    assert.equal(point(mid, 'grp_cumulative', 'KZ-35').period, '2024-H1'); // ends on the date itself
    assert.equal(point(mid, 'population', 'KZ-19'), undefined); // its only point ends later
    const end = (await get('/api/timemachine/snapshot?date=2024-12-31')).body;
    assert.equal(point(end, 'population', 'KZ-35').value, 1_131_000);
    const early = (await get('/api/timemachine/snapshot?date=2020-01-01')).body;
    assert.equal(early.count, 0);
  });

  test('layers filters by a comma list; an unknown layer is 400 naming the valid ones', async () => {
    const eco = (await get('/api/timemachine/snapshot?layers=economy')).body;
    assert.deepEqual([...new Set(eco.points.map((p: any) => p.metric))], ['grp_cumulative']);
    const both = (await get('/api/timemachine/snapshot?layers=economy,demography')).body;
    assert.deepEqual(both.layers, ['demography', 'economy']);
    const bad = await get('/api/timemachine/snapshot?layers=economy,weather');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'unknown_layer');
    assert.deepEqual(bad.body.valid_layers, ['demography', 'economy']);
  });

  test('dates must be real calendar dates; unknown parameters are refused', async () => {
    for (const d of ['2024-02-30', '2023-02-29', '2024-13-01', '24-01-01', 'yesterday']) {
      const r = await get(`/api/timemachine/snapshot?date=${d}`);
      assert.equal(r.status, 400, d);
      assert.equal(r.body.code, 'invalid_date', d);
    }
    assert.equal((await get('/api/timemachine/snapshot?date=2024-02-29')).status, 200);
    const unknown = await get('/api/timemachine/snapshot?dat=2024-01-01');
    assert.equal(unknown.body.code, 'unknown_parameter');
    assert.equal(unknown.body.parameter, 'dat');
  });
});

describe('series', () => {
  test('metric missing is 400, unknown is 404, start after end is 400, bad granularity is 400', async () => {
    const cases: [string, number, string][] = [
      ['/api/timemachine/series', 400, 'missing_parameter'],
      ['/api/timemachine/series?metric=gdp_magic', 404, 'unknown_metric'],
      [
        '/api/timemachine/series?metric=population&start_date=2024-02-01&end_date=2024-01-01',
        400,
        'invalid_date_range',
      ],
      ['/api/timemachine/series?metric=population&granularity=decade', 400, 'invalid_granularity'],
      ['/api/timemachine/series?metric=population&end_date=2024-02-30', 400, 'invalid_date'],
      ['/api/timemachine/series?metric=population&region=KZ-35', 400, 'unknown_parameter'],
      ['/api/timemachine/series?metric=population&place=KZ-99', 400, 'unknown_place'],
    ];
    for (const [path, status, code] of cases) {
      const r = await get(path);
      assert.equal(r.status, status, path);
      assert.equal(r.body.code, code, path);
    }
  });

  test('without granularity the points come as published, with unit, source and periods', async () => {
    const { body } = await get(
      '/api/timemachine/series?metric=population&start_date=2024-01-01',
      s,
      RESPONSES.series,
    );
    assert.equal(body.unit, 'persons');
    assert.equal(body.source.id, 'bns-population');
    assert.deepEqual(body.periods, ['2024', '2025']);
    assert.equal(body.granularity, null);
  });

  test('a point coarser than the bucket keeps its own period and is never spread', async () => {
    const { body } = await get(
      '/api/timemachine/series?metric=grp_cumulative&granularity=month',
      s,
      RESPONSES.series,
    );
    const pts = body.series[0].points;
    assert.deepEqual(
      pts.map((p: any) => [p.period, p.value, p.aggregation]),
      [
        ['2024-Q1', 1000, null],
        ['2024-H1', 2100, null],
      ],
    );
  });

  test('day, ISO week and month buckets use the declared aggregation; empty buckets are absent and a gap is null, not 0', async () => {
    const week = (
      await get(
        '/api/timemachine/series?metric=media_mentions&granularity=week&include=from_periods',
        daily,
        RESPONSES.series,
      )
    ).body.series[0].points;
    assert.deepEqual(
      week.map((p: any) => [p.period, p.value]),
      [
        ['2024-W01', 8],
        ['2024-W02', 10],
        ['2024-W05', null],
      ],
    );
    assert.deepEqual(week[0].from_periods, ['2024-01-01', '2024-01-02', '2024-01-07']);
    assert.match(week[2].null_reason, /1 of 2/);
    const month = (
      await get('/api/timemachine/series?metric=media_mentions&granularity=month', daily)
    ).body.series[0].points;
    assert.deepEqual(
      month.map((p: any) => [p.period, p.period_start, p.period_end, p.value]),
      [
        ['2024-01', '2024-01-01', '2024-01-31', 18],
        ['2024-02', '2024-02-01', '2024-02-29', null],
      ],
    );
    const days = (
      await get(
        '/api/timemachine/series?metric=media_mentions&granularity=day&end_date=2024-01-07',
        daily,
      )
    ).body.series[0].points;
    assert.deepEqual(
      days.map((p: any) => p.value),
      [3, 4, 1],
    );
  });

  test('ISO weeks belong to the year of their Thursday', () => {
    assert.equal(bucketOf('2021-01-03', 'week').period, '2020-W53');
    assert.equal(bucketOf('2024-12-30', 'week').period, '2025-W01');
    assert.deepEqual(bucketOf('2024-02-10', 'month'), {
      period: '2024-02',
      period_start: '2024-02-01',
      period_end: '2024-02-29',
    });
  });
});

describe('events and event-batch', () => {
  test('events are sorted by date then id', async () => {
    const { body } = await get('/api/timemachine/events', s, RESPONSES.events);
    const keys = body.map((e: any) => `${e.date} ${e.id}`);
    assert.deepEqual(keys, [...keys].sort());
    assert.equal(body.length, 2);
  });

  test('the batch content_hash is sha256 over the RFC 8785 form of its events, recomputed here independently', async () => {
    const { body } = await get('/api/timemachine/event-batch', s, RESPONSES.eventBatch);
    const jcs = (canonicalize as unknown as (v: unknown) => string)(body.events);
    assert.equal(body.content_hash, createHash('sha256').update(jcs).digest('hex'));
    assert.equal(body.count, body.events.length);
    assert.equal(body.revision, s.app.releases.current().revision);
  });

  test('events come a page at a time: limit, the next page in the Link header, after an unknown id is 400', async () => {
    const all = (await get('/api/timemachine/events', s, RESPONSES.events)).body;
    const first = await get('/api/timemachine/events?limit=1', s, RESPONSES.events);
    assert.deepEqual(first.body, all.slice(0, 1));
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1];
    assert.equal(next, `/api/timemachine/events?after=${encodeURIComponent(all[0].id)}&limit=1`);
    const second = await get(next!, s, RESPONSES.events);
    assert.deepEqual(second.body, all.slice(1, 2));
    assert.equal(second.headers.get('link'), null, 'the last page links no further');
    const batch = (await get('/api/timemachine/event-batch?limit=1', s, RESPONSES.eventBatch)).body;
    assert.deepEqual([batch.count, batch.total, batch.next_after], [1, 2, all[0].id]);
    const bad = await get('/api/timemachine/events?after=event:none');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.parameter, 'after');
    assert.equal((await get('/api/timemachine/events?limit=0')).status, 400);
  });
});

describe('snapshot-diff, health, contracts, stats, layers', () => {
  test('before a second release the diff is empty and says so', async () => {
    const { body } = await get('/api/timemachine/snapshot-diff', s, RESPONSES.snapshotDiff);
    assert.equal(body.basis, 'first_release');
    assert.deepEqual(body.counts, { added: 0, changed: 0, removed: 0 });
    assert.match(body.note, /first release/);
  });

  test('health reports the store kind, revision and a freshness summary', async () => {
    const { body } = await get('/api/timemachine/health', s, RESPONSES.health);
    assert.equal(body.store.kind, 'sqlite');
    assert.equal(body.revision, s.app.releases.current().revision);
    assert.equal(body.freshness.status, 'unknown'); // the fixture has no quality report
  });

  test('temporal-contracts names each contract and the Node, SQLite and store versions', async () => {
    const { body } = await get(
      '/api/timemachine/temporal-contracts',
      s,
      RESPONSES.temporalContracts,
    );
    assert.ok(
      body.contracts.some((c: any) => c.name === 'TemporalEventBatch' && c.version === '1.0.0'),
    );
    assert.equal(body.environment.node, process.version);
    const mem = new Database(':memory:');
    assert.equal(
      body.environment.sqlite,
      (mem.prepare('select sqlite_version() AS v').get() as { v: string }).v,
    );
    mem.close();
    assert.equal(body.environment.store_version, STORE_VERSION);
  });

  test('stats counts the store and gives its date range; layers lists layers with their metrics', async () => {
    const stats = (await get('/api/timemachine/stats', s, RESPONSES.stats)).body;
    assert.deepEqual(stats.counts, {
      layers: 2,
      metrics: 2,
      points: 8,
      points_with_value: 7,
      points_null: 1,
      places: 4,
      events: 2,
    });
    assert.deepEqual(stats.date_range.points, { start: '2023-01-01', end: '2025-12-31' });
    const layers = (await get('/api/timemachine/layers', s, RESPONSES.layers)).body;
    assert.deepEqual(
      layers.layers.map((l: any) => [l.id, l.metrics.map((m: any) => m.id)]),
      [
        ['demography', ['population']],
        ['economy', ['grp_cumulative']],
      ],
    );
  });

  test('routes refuse an undeclared query parameter', async () => {
    for (const route of ['stats', 'layers', 'snapshot-diff', 'health', 'temporal-contracts']) {
      const r = await get(`/api/timemachine/${route}?x=1`);
      assert.equal(r.body.code, 'unknown_parameter', route);
    }
    for (const route of ['events', 'event-batch'])
      assert.deepEqual(
        (await get(`/api/timemachine/${route}?x=1`)).body.accepted_parameters.sort(),
        route === 'events' ? ['after', 'format', 'limit'] : ['after', 'limit'],
        route,
      );
  });
});

// /api/timemachine/ query features on the production app: quarter and year buckets, periods in time
// order, the place filter on series and snapshot, names on request, and every point's unit, status
// and note (a metric whose unit changes says so at the top level).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { RESPONSES } from '../src/serve/timemachine/schemas.js';
import { fixtureStore, sealFixture } from './support/fixture-release.js';
import { serve } from './serve-support.js';
import { stableJson } from '../src/lib/canonical-json.js';

const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false });
(addFormats as unknown as typeof addFormats.default)(ajv);

// Test fixture (labelled so in meta.kind): a GRP-like metric whose early values are in another unit,
// with a preliminary and a noted point, and cumulative periods that sort wrongly as strings.
function store() {
  const s = fixtureStore();
  const grp = (
    place: string,
    period: string,
    start: string,
    end: string,
    value: number,
    extra: Partial<{ unit: string; status: string; note: string }> = {},
  ) => ({
    metric: 'grp',
    place,
    period,
    period_start: start,
    period_end: end,
    value,
    null_reason: null,
    status: extra.status ?? 'final',
    unit: extra.unit ?? 'mln KZT',
    source_id: 'bns-grp',
    note: extra.note ?? null,
  });
  s.metrics.push({
    id: 'grp',
    layer: 'economy',
    name_en: 'GRP',
    name_ru: 'ВРП',
    name_kk: 'ЖӨӨ',
    unit: 'mln KZT',
    frequency: 'annual',
    aggregation: 'sum',
    source_id: 'bns-grp',
    notes: 'test fixture',
  });
  s.points.push(
    grp('KZ-35', '1991', '1991-01-01', '1991-12-31', 12, { unit: 'mln RUB' }),
    grp('KZ-35', '1992', '1992-01-01', '1992-12-31', 150, { unit: 'mln RUB' }),
    grp('KZ-35', '2008', '2008-01-01', '2008-12-31', 900),
    grp('KZ-35', '2008-9M', '2008-01-01', '2008-09-30', 600),
    grp('KZ-35', '2008-H1', '2008-01-01', '2008-06-30', 400),
    grp('KZ-35', '2008-Q1', '2008-01-01', '2008-03-31', 200, {
      note: 'series break: pre-2022 borders',
    }),
    grp('KZ-35', '2023', '2023-01-01', '2023-12-31', 5000, { status: 'preliminary' }),
    grp('KZ-19', '2023', '2023-01-01', '2023-12-31', 7000, { status: 'preliminary' }),
  );
  const daily = (d: string, v: number) => ({
    metric: 'visits',
    place: 'KZ-75',
    period: d,
    period_start: d,
    period_end: d,
    value: v,
    null_reason: null,
    status: 'final',
    unit: 'visits',
    source_id: 'fixture',
    note: null,
  });
  s.metrics.push({
    id: 'visits',
    layer: 'economy',
    name_en: 'Visits',
    name_ru: 'Визиты',
    name_kk: 'Келу',
    unit: 'visits',
    frequency: 'daily',
    aggregation: 'sum',
    source_id: 'fixture',
    notes: 'test fixture',
  });
  s.points.push(
    daily('2024-02-10', 1),
    daily('2024-03-31', 2),
    daily('2024-04-01', 4),
    daily('2024-12-31', 8),
    daily('2025-01-01', 16),
  );
  s.points.sort((a, b) =>
    a.metric !== b.metric
      ? a.metric < b.metric
        ? -1
        : 1
      : a.place < b.place
        ? -1
        : a.place > b.place
          ? 1
          : 0,
  );
  return s;
}

let srv: Awaited<ReturnType<typeof serve>>;
before(async () => {
  const sealed = await sealFixture(
    undefined,
    { 'data/country-pulse.json': stableJson({ kind: 'test-fixture' }) },
    store(),
  );
  srv = await serve(sealed.releasesDir);
});
after(() => srv.close());

async function get(path: string, schema?: object) {
  const r = await fetch(srv.url + path);
  const body = await r.json();
  if (r.status === 200 && schema)
    assert.ok(ajv.validate(schema, body), `${path}: ${ajv.errorsText()}`);
  return { status: r.status, body };
}

describe('series', () => {
  test('periods come in time order, not string order', async () => {
    const { body } = await get(
      '/api/timemachine/series?metric=grp&place=KZ-35&start_date=2008-01-01&end_date=2008-12-31',
      RESPONSES.series,
    );
    assert.deepEqual(body.periods, ['2008-Q1', '2008-H1', '2008-9M', '2008']);
    assert.deepEqual(
      body.series[0].points.map((p: any) => p.period),
      ['2008-Q1', '2008-H1', '2008-9M', '2008'],
    );
  });

  test('every point carries its unit, status and note; a unit change is stated at the top level', async () => {
    const { body } = await get('/api/timemachine/series?metric=grp&place=KZ-35', RESPONSES.series);
    const pts = Object.fromEntries(body.series[0].points.map((p: any) => [p.period, p]));
    assert.equal(pts['1991'].unit, 'mln RUB');
    assert.equal(pts['2008'].unit, 'mln KZT');
    assert.equal(pts['2023'].status, 'preliminary');
    assert.equal(pts['2008-Q1'].note, 'series break: pre-2022 borders');
    assert.equal(pts['2008'].note, null);
    assert.deepEqual(body.units, ['mln RUB', 'mln KZT']);
    assert.deepEqual(
      body.unit_changes.map((u: any) => [u.unit, u.first_period, u.last_period]),
      [
        ['mln RUB', '1991', '1992'],
        ['mln KZT', '2008-Q1', '2023'],
      ],
    );
    assert.match(body.unit_note, /2 units/);
    const one = (await get('/api/timemachine/series?metric=visits')).body;
    assert.deepEqual(one.units, ['visits']);
    assert.equal(one.unit_changes, undefined);
  });

  test("quarter and year buckets use the declared aggregation; a bucket keeps its points' flags", async () => {
    const q = (
      await get('/api/timemachine/series?metric=visits&granularity=quarter', RESPONSES.series)
    ).body.series[0].points;
    assert.deepEqual(
      q.map((p: any) => [p.period, p.period_start, p.period_end, p.value, p.from_count]),
      [
        ['2024-Q1', '2024-01-01', '2024-03-31', 3, 2],
        ['2024-Q2', '2024-04-01', '2024-06-30', 4, 1],
        ['2024-Q4', '2024-10-01', '2024-12-31', 8, 1],
        ['2025-Q1', '2025-01-01', '2025-03-31', 16, 1],
      ],
    );
    const y = (
      await get('/api/timemachine/series?metric=visits&granularity=year', RESPONSES.series)
    ).body.series[0].points;
    assert.deepEqual(
      y.map((p: any) => [p.period, p.value, p.unit, p.status]),
      [
        ['2024', 15, 'visits', 'final'],
        ['2025', 16, 'visits', 'final'],
      ],
    );
    const grp = (
      await get(
        '/api/timemachine/series?metric=grp&granularity=year&place=KZ-35&include=from_periods',
        RESPONSES.series,
      )
    ).body.series[0].points;
    // the table's own figure for 2008 is the year, as published: its Q1, H1 and 9M (from 1 January)
    // are not added to it (a sum of the four read 2,100 for a year of 900)
    const y2008 = grp.find((p: any) => p.period === '2008');
    assert.deepEqual(y2008.from_periods, ['2008']);
    assert.equal(y2008.from_count, 1);
    assert.equal(y2008.aggregation, null);
    const published = (
      await get('/api/timemachine/series?metric=grp&place=KZ-35', RESPONSES.series)
    ).body.series[0].points.find((p: any) => p.period === '2008');
    assert.equal(y2008.value, published.value);
    const counted = (
      await get('/api/timemachine/series?metric=grp&granularity=year&place=KZ-35', RESPONSES.series)
    ).body.series[0].points;
    assert.equal(counted.find((p: any) => p.period === '2008').from_count, 1);
    assert.ok(
      counted.every((p: any) => !('from_periods' in p)),
      'the lists only on request',
    );
    // its own flags, not those of the Q1 beside it
    assert.equal(y2008.note, null);
  });

  test('a date range that cuts a bucket aggregates only the points inside the range', async () => {
    const { body } = await get(
      '/api/timemachine/series?metric=visits&granularity=year&start_date=2024-03-01&end_date=2024-12-30&include=from_periods',
      RESPONSES.series,
    );
    assert.deepEqual(
      body.series[0].points.map((p: any) => [p.period, p.value, p.from_periods]),
      [['2024', 6, ['2024-03-31', '2024-04-01']]],
    );
  });

  test('place filters by several places (bare or place: codes); unknown places are 400 naming the valid ones', async () => {
    const { body } = await get(
      '/api/timemachine/series?metric=grp&place=place:KZ-19,KZ-35',
      RESPONSES.series,
    );
    assert.deepEqual(body.places, ['KZ-19', 'KZ-35']);
    assert.deepEqual(
      body.series.map((s: any) => s.place),
      ['KZ-19', 'KZ-35'],
    );
    const only = (await get('/api/timemachine/series?metric=grp&place=KZ-19')).body;
    assert.deepEqual(
      only.series.map((s: any) => s.place),
      ['KZ-19'],
    );
    const bad = await get('/api/timemachine/series?metric=grp&place=KZ-35,KZ-00');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'unknown_place');
    assert.deepEqual(bad.body.unknown_places, ['KZ-00']);
    assert.ok(bad.body.valid_places.includes('KZ-35'));
  });

  test('include=names adds the names of the places and the metric; another include value lists the allowed ones', async () => {
    const { body } = await get(
      '/api/timemachine/series?metric=grp&include=names',
      RESPONSES.series,
    );
    assert.equal(body.names.places['KZ-35'].en, 'Karaganda Region');
    assert.equal(body.names.places['KZ-19'].ru, 'Алматинская область');
    assert.equal(body.names.metrics.grp.kk, 'ЖӨӨ');
    assert.equal((await get('/api/timemachine/series?metric=grp')).body.names, undefined);
    const bad = await get('/api/timemachine/series?metric=grp&include=labels');
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.allowed_values, ['names', 'from_periods', 'names,from_periods']);
    const both = (
      await get(
        '/api/timemachine/series?metric=grp&granularity=year&include=names,from_periods',
        RESPONSES.series,
      )
    ).body;
    assert.equal(both.names.metrics.grp.kk, 'ЖӨӨ');
    assert.ok(both.series[0].points.every((p: any) => p.from_periods.length === p.from_count));
  });

  test('an unknown parameter lists the accepted ones', async () => {
    const bad = await get('/api/timemachine/series?metric=grp&places=KZ-35');
    assert.equal(bad.body.code, 'unknown_parameter');
    assert.deepEqual([...bad.body.accepted_parameters].sort(), [
      'age',
      'area',
      'end_date',
      'format',
      'granularity',
      'include',
      'metric',
      'place',
      'sex',
      'start_date',
    ]);
  });
});

describe('snapshot', () => {
  test('place filter, flags on every point, and names on request', async () => {
    const { body } = await get(
      '/api/timemachine/snapshot?date=2024-01-01&layers=economy&place=KZ-35,KZ-19&include=names',
      RESPONSES.snapshot,
    );
    assert.deepEqual([...new Set(body.points.map((p: any) => p.place))].sort(), ['KZ-19', 'KZ-35']);
    const grp = body.points.find((p: any) => p.metric === 'grp' && p.place === 'KZ-35');
    assert.deepEqual(
      [grp.period, grp.unit, grp.status, grp.note],
      ['2023', 'mln KZT', 'preliminary', null],
    );
    assert.equal(body.names.places['KZ-35'].en, 'Karaganda Region');
    assert.equal(body.names.metrics.grp.en, 'GRP');
    const early = (
      await get('/api/timemachine/snapshot?date=1992-06-30&layers=economy&place=KZ-35')
    ).body;
    assert.deepEqual(
      early.points.map((p: any) => [p.period, p.unit]),
      [['1991', 'mln RUB']],
    );
  });
});

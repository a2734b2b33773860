// Topics (sources/topics.json): every indicator is classified in one or more, /api/v1/topics lists
// the scheme with each topic's indicators, /api/v1/topics/{id} answers one, /api/v1/indicators?topic=
// filters by one or several (any of them), and a topic the release does not hold is refused with the
// ones it does. A real listening server on the v1 fixture release.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { seriesRows } from '../src/publish/store/series.js';
import { topicRows, topicSchemeMeta } from '../src/publish/store/topics.js';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';
import { makeTestModel } from './support/test-model.js';

let server: V1Server;
before(async () => {
  server = await startV1((await makeV1Release()).releasesDir);
});
after(async () => {
  await server.close();
});

test('the store classifies each published indicator in the topics its declaration lists, and keeps the scheme with its title', () => {
  const model = makeTestModel();
  const { metrics } = seriesRows(model, new Set(model.indicators.map((i) => i.id)));
  const content = topicRows(model, metrics);
  assert.deepEqual(
    content.topics.map((t) => [
      t.id,
      t.kind,
      t.notation,
      t.name_en,
      t.name_ru,
      t.name_kk,
      t.source_url,
    ]),
    model.topics.topics.map((t) => [
      t.id,
      t.kind,
      t.notation ?? null,
      t.name.en,
      t.name.ru,
      t.name.kk,
      t.source_url,
    ]),
  );
  assert.deepEqual(content.indicator_topics, [{ topic: 'population', indicator: 'population' }]);
  assert.deepEqual(topicSchemeMeta(model), {
    topic_scheme: 'dala-topics',
    topic_scheme_kk: 'Dala тақырыптары',
    topic_scheme_ru: 'Темы Dala',
    topic_scheme_en: 'Dala topics',
  });
});

test('/api/v1/topics lists the scheme in its order, each topic with its indicators, its SDG number and links', async () => {
  const res = await call(`${server.base}/topics`);
  assert.equal(res.status, 200);
  assert.deepEqual(
    res.body.data.map((t: any) => [
      t.id,
      t.kind,
      t.notation,
      t.names.ru,
      t.indicators,
      t.indicator_count,
    ]),
    [
      ['topic:population', 'domain', null, 'Население и демография', ['indicator:population'], 1],
      ['topic:labour', 'domain', null, 'Рынок труда и занятость', [], 0],
      [
        'topic:national-accounts',
        'domain',
        null,
        'Национальные счета',
        ['indicator:grp_cumulative'],
        1,
      ],
      [
        'topic:sdg-8',
        'sdg-goal',
        '8',
        'Достойна работа и экономический рост',
        ['indicator:grp_cumulative'],
        1,
      ],
    ],
  );
  assert.deepEqual(res.body.data[3].links, {
    self: '/api/v1/topics/topic:sdg-8',
    indicators: '/api/v1/indicators?topic=topic%3Asdg-8',
  });
  assert.equal(res.body.meta.count, 4);
});

test('/api/v1/topics/{id} answers one topic with its indicators; the bare id answers 308 to it, an unknown one 404', async () => {
  const one = await call(`${server.base}/topics/topic:national-accounts`);
  assert.equal(one.status, 200);
  assert.equal(one.body.data.id, 'topic:national-accounts');
  assert.deepEqual(one.body.data.indicators, ['indicator:grp_cumulative']);
  const follow = await call(one.body.data.links.indicators.replace('/api/v1', server.base));
  assert.deepEqual(
    follow.body.data.map((i: any) => i.id),
    one.body.data.indicators,
  );
  const moved = await fetch(`${server.base}/topics/sdg-8`, { redirect: 'manual' });
  assert.equal(moved.status, 308);
  assert.match(moved.headers.get('location') ?? '', /\/api\/v1\/topics\/topic(:|%3A)sdg-8$/);
  const missing = await call(`${server.base}/topics/topic:weather`);
  assert.equal(missing.status, 404);
  assert.equal(missing.body.code, 'not_found');
});

test('/api/v1/indicators?topic= answers the indicators of any topic asked (repeated or comma-separated), each naming its topics', async () => {
  const all = await call(`${server.base}/indicators`);
  assert.deepEqual(
    all.body.data.map((i: any) => [i.metric, i.topics]),
    [
      ['grp_cumulative', ['topic:national-accounts', 'topic:sdg-8']],
      ['population', ['topic:population']],
    ],
  );
  const metrics = async (query: string) => {
    const res = await call(`${server.base}/indicators?${query}`);
    assert.equal(res.status, 200, query);
    assert.equal(res.body.meta.count, res.body.data.length, query);
    return res.body.data.map((i: any) => i.metric);
  };
  assert.deepEqual(await metrics('topic=sdg-8'), ['grp_cumulative']);
  assert.deepEqual(await metrics('topic=topic:population'), ['population']);
  assert.deepEqual(await metrics('topic=sdg-8,population'), ['grp_cumulative', 'population']);
  assert.deepEqual(await metrics('topic=sdg-8&topic=topic:population'), [
    'grp_cumulative',
    'population',
  ]);
  assert.deepEqual(await metrics('topic=labour'), []);
});

test('a topic the release does not hold is refused with 400 unknown_topic and the allowed topics', async () => {
  const res = await call(`${server.base}/indicators?topic=population,weather`);
  assert.equal(res.status, 400);
  assert.equal(res.body.code, 'unknown_topic');
  assert.equal(res.body.parameter, 'topic');
  assert.deepEqual(res.body.allowed_values, [
    'topic:population',
    'topic:labour',
    'topic:national-accounts',
    'topic:sdg-8',
  ]);
  assert.match(res.body.detail, /"weather" is not a topic/);
});

test('/api/timemachine/layers?topic= lists the series of those topics’ indicators (breakdowns too) and only the layers holding one; without it, every layer; an unknown topic is 400', async () => {
  const layers = async (query: string) => {
    const res = await fetch(
      `${server.base.replace(/\/api\/v1$/, '')}/api/timemachine/layers${query}`,
    );
    const body = await res.json();
    return { status: res.status, body };
  };
  const series = (body: any) =>
    body.layers.map((l: any) => [l.id, l.metrics.map((m: any) => [m.id, m.indicator])]);
  const every = await layers('');
  assert.equal(every.status, 200);
  const population = await layers('?topic=population');
  assert.equal(population.status, 200);
  const want = series(every.body)
    .map(([id, ms]: [string, [string, string][]]) => [
      id,
      ms.filter(([, indicator]) => indicator === 'population'),
    ])
    .filter(([, ms]: [string, unknown[]]) => ms.length);
  assert.ok(want.length >= 1 && want.length < every.body.layers.length, JSON.stringify(want));
  assert.deepEqual(series(population.body), want);
  assert.equal(population.body.count, want.length);
  const both = await layers('?topic=topic:sdg-8,population');
  assert.deepEqual(
    series(both.body).flatMap(([, ms]: [string, [string, string][]]) => ms.map(([, i]) => i)),
    series(every.body)
      .flatMap(([, ms]: [string, [string, string][]]) => ms.map(([, i]) => i))
      .filter((i: string) => i === 'population' || i === 'grp_cumulative'),
  );
  const bad = await layers('?topic=weather');
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'unknown_topic');
  assert.ok(bad.body.allowed_values.includes('topic:population'));
});

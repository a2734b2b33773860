// Topics (sources/topics.json): every indicator is classified in one or more, /api/v1/topics lists
// the scheme with each topic's indicators, /api/v1/indicators?topic= filters by one, and a topic the
// release does not hold is refused with the ones it does.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { seriesRows } from '../src/publish/store/series.js';
import { topicRows } from '../src/publish/store/topics.js';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';
import { makeTestModel } from './support/test-model.js';

let server: V1Server;
before(async () => {
  server = await startV1((await makeV1Release()).releasesDir);
});
after(async () => {
  await server.close();
});

test('the store classifies each published indicator in the topics its declaration lists', () => {
  const model = makeTestModel();
  const { metrics } = seriesRows(model, new Set(model.indicators.map((i) => i.id)));
  const content = topicRows(model, metrics);
  assert.deepEqual(
    content.topics.map((t) => [t.id, t.kind, t.name_en, t.name_ru, t.name_kk]),
    model.topics.topics.map((t) => [t.id, t.kind, t.name.en, t.name.ru, t.name.kk]),
  );
  assert.deepEqual(content.indicator_topics, [{ topic: 'population', indicator: 'population' }]);
});

test('/api/v1/topics lists the scheme in its order, with the number of indicators of each and a link to them', async () => {
  const res = await call(`${server.base}/topics`);
  assert.equal(res.status, 200);
  assert.deepEqual(
    res.body.data.map((t: any) => [t.id, t.kind, t.names.ru, t.indicators, t.links.indicators]),
    [
      ['population', 'domain', 'Население и демография', 1, '/api/v1/indicators?topic=population'],
      ['labour', 'domain', 'Рынок труда и занятость', 0, '/api/v1/indicators?topic=labour'],
      [
        'national-accounts',
        'domain',
        'Национальные счета',
        1,
        '/api/v1/indicators?topic=national-accounts',
      ],
    ],
  );
  assert.equal(res.body.meta.count, 3);
});

test('/api/v1/indicators?topic= answers only the indicators of that topic, each naming its topics', async () => {
  const all = await call(`${server.base}/indicators`);
  assert.deepEqual(
    all.body.data.map((i: any) => [i.metric, i.topics]),
    [
      ['grp_cumulative', ['national-accounts']],
      ['population', ['population']],
    ],
  );
  const accounts = await call(`${server.base}/indicators?topic=national-accounts`);
  assert.equal(accounts.status, 200);
  assert.deepEqual(
    accounts.body.data.map((i: any) => i.metric),
    ['grp_cumulative'],
  );
  assert.equal(accounts.body.meta.count, 1);
  const labour = await call(`${server.base}/indicators?topic=labour`);
  assert.equal(labour.status, 200);
  assert.deepEqual(labour.body.data, []);
});

test('a topic the release does not hold is refused with 400 unknown_topic and the allowed topics', async () => {
  const res = await call(`${server.base}/indicators?topic=weather`);
  assert.equal(res.status, 400);
  assert.equal(res.body.code, 'unknown_topic');
  assert.equal(res.body.parameter, 'topic');
  assert.deepEqual(res.body.allowed_values, ['population', 'labour', 'national-accounts']);
  assert.match(res.body.detail, /"weather" is not a topic/);
});

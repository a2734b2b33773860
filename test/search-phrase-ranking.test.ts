// GET /api/v1/search on a real server over the v1 fixture with names that hold the query's words
// together (a phrase) or apart: the phrase ranks first even in a longer name, in ru and en; a name
// that is the query ranks above both.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call, entity, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

let server: V1Server;
before(async () => {
  const extraEntities = [
    // the phrase "численность населения" / "annual population" inside a longer name
    entity(
      'indicator:fixture-phrase',
      'indicator',
      'Average annual population of the fixture',
      'Среднегодовая численность населения',
      'Фикстура бір',
    ),
    // the same words apart, in a shorter name: the word-count score alone ranks it first
    entity(
      'indicator:fixture-apart',
      'indicator',
      'Annual employed population',
      'Численность занятого населения',
      'Фикстура екі',
    ),
    // a name equal to a query
    entity(
      'indicator:fixture-exact',
      'indicator',
      'Fixture headcount',
      'Численность жителей',
      'Фикстура үш',
    ),
    entity(
      'indicator:fixture-longer',
      'indicator',
      'Fixture headcount of the employed',
      'Численность жителей занятых в экономике',
      'Фикстура төрт',
    ),
  ];
  server = await startV1((await makeV1Release(undefined, { extraEntities })).releasesDir);
});
after(async () => server.close());

const ids = async (q: string): Promise<string[]> => {
  const res = await call(`${server.base}/search?q=${encodeURIComponent(q)}&type=indicator`);
  assert.equal(res.status, 200, q);
  return res.body.data.map((h: { id: string }) => h.id);
};

test('a name holding the query words as one phrase ranks above a shorter name holding them apart', async () => {
  for (const q of ['численность населения', 'annual population']) {
    const found = await ids(q);
    assert.ok(
      found.includes('indicator:fixture-apart'),
      `${q}: the name with the words apart is still found`,
    );
    assert.equal(found[0], 'indicator:fixture-phrase', q);
  }
});

test('a name equal to the query ranks above a longer name containing it', async () => {
  for (const q of ['Численность жителей', 'fixture headcount']) {
    const found = await ids(q);
    assert.deepEqual(found.slice(0, 2), ['indicator:fixture-exact', 'indicator:fixture-longer'], q);
  }
});

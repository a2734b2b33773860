// GET /api/v1/search on a real server: transliteration, ranking, match details, paging, cursors.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { searchKey } from '../src/lib/text-normalise.js';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

let server: V1Server;
let releasesDir: string;
before(async () => {
  releasesDir = (await makeV1Release()).releasesDir;
  server = await startV1(releasesDir);
});
after(async () => server.close());

const search = (params: string) => call(`${server.base}/search?${params}`);

test('every spelling of Karaganda finds the region first, the city it is the centre of next, both exact', async () => {
  for (const q of ['Караганда', 'Қарағанды', 'Qaraghandy', 'Karagandy', 'karaganda']) {
    const res = await search(`q=${encodeURIComponent(q)}`);
    assert.equal(res.status, 200, q);
    assert.deepEqual(
      res.body.data.slice(0, 2).map((h: { id: string }) => h.id),
      ['place:KZ-35', 'place:KZ-35/KZ3510'],
      q,
    );
    assert.deepEqual(
      res.body.data.slice(0, 2).map((h: { match: { type: string } }) => h.match.type),
      ['exact', 'exact'],
      q,
    );
  }
});

test('a kind-of-place word (region, облысы, область) selects the region and is not required in its name', async () => {
  for (const q of [
    'Karaganda region',
    'Қарағанды облысы',
    'Караганда область',
    'область Караганда',
  ]) {
    const res = await search(`q=${encodeURIComponent(q)}`);
    assert.equal(res.body.data[0].id, 'place:KZ-35', q);
  }
  const district = await search(`q=${encodeURIComponent('Бұқар жырау ауданы')}`);
  assert.equal(district.body.data[0].id, 'place:KZ-35/KZ3520');
  const city = await search(`q=${encodeURIComponent('город Караганда')}`);
  assert.equal(city.body.data[0].id, 'place:KZ-35/KZ3510');
});

test('the normalised keys of Kazakh, Russian and Latin spellings coincide', () => {
  assert.equal(searchKey('Қарағанды'), searchKey('Qaraghandy'));
  assert.equal(searchKey('Нұр-Сұлтан'), searchKey('Nur-Sultan'));
  assert.equal(searchKey('Жезқазған'), searchKey('Zhezkazgan'));
});

test('a Roman numeral keeps its letters, so the second and the third of a kind stay apart from the first', () => {
  assert.notEqual(
    searchKey('Число насосных станций II подъема'),
    searchKey('Число насосных станций I подъема'),
  );
  assert.notEqual(searchKey('III көтеру'), searchKey('II көтеру'));
  assert.equal(searchKey('ii подъема'), searchKey('II подъема'));
  assert.equal(
    searchKey('Allmaty'),
    searchKey('Алматы'),
    'doubled letters elsewhere are still one',
  );
});

test('a one-letter typo still finds Karaganda region first, as a fuzzy match', async () => {
  const res = await search('q=Karagamda');
  assert.equal(res.body.data[0].id, 'place:KZ-35');
  assert.equal(res.body.data[0].match.type, 'fuzzy');
  assert.equal(res.body.data[0].match.distance, 1);
});

test('ranking puts exact before prefix before fuzzy, and each hit names the name that matched', async () => {
  const res = await search('q=karaganda&limit=100');
  const order = { exact: 0, prefix: 1, fuzzy: 2 } as const;
  const ranks = res.body.data.map(
    (h: { match: { type: keyof typeof order } }) => order[h.match.type],
  );
  assert.deepEqual(
    ranks,
    [...ranks].sort((a: number, b: number) => a - b),
  );
  assert.ok(ranks.includes(0) && ranks.includes(1), 'both exact and prefix hits present');
  const university = res.body.data.find(
    (h: { id: string }) => h.id === 'institution:karaganda-university',
  );
  assert.equal(university.match.type, 'prefix');
  assert.ok(['name', 'lang', 'kind', 'type'].every((k) => k in university.match));
});

test('search finds institutions, persons, indicators, datasets and events by name', async () => {
  for (const [q, id] of [
    ['Karaganda University', 'institution:karaganda-university'],
    ['Тестовый Человек', 'person:akim-karaganda'],
    ['Халық саны', 'indicator:population'],
    ['Population by region', 'dataset:population'],
    ['Событие B', 'event:2022-09-17-astana'],
  ]) {
    const res = await search(`q=${encodeURIComponent(q!)}`);
    assert.equal(res.body.data[0].id, id, q);
  }
});

test('the envelope carries schema_version, revision, count, next_cursor and links', async () => {
  const res = await search('q=karaganda&limit=1');
  assert.equal(res.body.meta.schema_version, '1.0.0');
  assert.match(res.body.meta.revision, /^[0-9a-f]{16}$/);
  assert.ok(res.body.meta.count > 1);
  assert.equal(typeof res.body.meta.next_cursor, 'string');
  assert.equal(
    res.body.links.self,
    '/api/v1/search?limit=1&q=karaganda',
    'self is the canonical URL: parameters sorted by name',
  );
  assert.match(res.body.links.next, /cursor=/);
});

test('cursor paging walks to the end of the result set without repeats', async () => {
  let url = `${server.base}/search?q=karaganda&limit=2`;
  const seen: string[] = [];
  let count = 0;
  for (let i = 0; i < 20; i++) {
    const res = await call(url);
    assert.equal(res.status, 200);
    count = res.body.meta.count;
    seen.push(...res.body.data.map((h: { id: string }) => h.id));
    if (!res.body.meta.next_cursor) break;
    url = `${server.base}/search?q=karaganda&limit=2&cursor=${res.body.meta.next_cursor}`;
  }
  assert.equal(seen.length, count);
  assert.equal(new Set(seen).size, count);
});

test('a tampered cursor, or one from another query, is 400 invalid_cursor', async () => {
  const first = await search('q=karaganda&limit=1');
  const cursor: string = first.body.meta.next_cursor;
  const [payload, sum] = cursor.split('.');
  const forged = Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), off: 0 }),
  ).toString('base64url');
  for (const bad of [`${forged}.${sum}`, 'garbage', `${payload}.AAAA`]) {
    const res = await search(`q=karaganda&cursor=${encodeURIComponent(bad)}`);
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'invalid_cursor');
  }
  const other = await search(`q=almaty&cursor=${cursor}`);
  assert.equal(other.body.code, 'invalid_cursor');
});

test('paging across a release swap keeps serving the revision of the first page', async () => {
  const first = await search('q=karaganda&limit=1');
  const oldRevision = first.body.meta.revision;
  const second = await makeV1Release(releasesDir, {
    karaganda2024: 1_200_000,
    builtAt: '2026-02-01T00:00:00Z',
  });
  await server.holder.refresh();
  assert.notEqual(second.revision, oldRevision);
  assert.equal((await search('q=karaganda&limit=1')).body.meta.revision, second.revision);
  const next = await search(`q=karaganda&limit=1&cursor=${first.body.meta.next_cursor}`);
  assert.equal(next.status, 200);
  assert.equal(next.body.meta.revision, oldRevision);
});

test('q missing is missing_parameter; blank is invalid_query; bad locale and limit have their own codes', async () => {
  assert.equal((await search('')).body.code, 'missing_parameter');
  assert.equal((await search('q=%20%20')).body.code, 'invalid_query');
  assert.equal((await search('q=a&locale=de')).body.code, 'invalid_locale');
  for (const limit of ['0', '101', 'ten']) {
    const res = await search(`q=a&limit=${limit}`);
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'invalid_limit', limit);
  }
  assert.equal(
    (await search('q=karaganda%20region&locale=kk')).body.data[0].label,
    'Қарағанды облысы',
  );
});

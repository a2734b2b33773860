// Media-type parameters in Accept (RFC 9110 12.5.1), on the production app serving the v1 fixture
// release: a parameter naming the representation the service sends (charset=utf-8, header=present,
// an SDMX version) is matched on every route family; one naming a representation no route has
// (another charset, header=absent, another SDMX version) is 406; a parameter the offered type does
// not define is ignored.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

let server: V1Server;
before(async () => {
  server = await startV1((await makeV1Release()).releasesDir);
});
after(async () => server.close());

const get = async (path: string, accept: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: { accept } });
  await res.arrayBuffer();
  return { status: res.status, type: res.headers.get('content-type') ?? '' };
};

test('charset=utf-8 and header=present are accepted on v1, the time-slice routes, SDMX and the link indexes', async () => {
  const cases: [string, string, RegExp][] = [
    ['/api/v1/observations', 'application/json;charset=utf-8', /^application\/json/],
    ['/api/v1/observations', 'application/json; charset="UTF-8"', /^application\/json/],
    ['/api/v1/observations', 'text/csv;charset=utf-8', /^text\/csv/],
    ['/api/v1/observations', 'text/csv;header=present', /^text\/csv/],
    ['/api/v1/observations', 'text/csv; header=present; charset=utf-8', /^text\/csv/],
    ['/api/v1/places/place:KZ-35', 'application/json;charset=utf-8', /^application\/json/],
    ['/api/timemachine/layers', 'application/json;charset=utf-8', /^application\/json/],
    ['/api/timemachine/snapshot', 'text/csv;header=present', /^text\/csv/],
    ['/api/v1', 'text/html;charset=utf-8', /^text\/html/],
    ['/sdmx/2.1/dataflow', 'application/xml;charset=utf-8', /^application\/xml/],
    [
      '/sdmx/2.1/dataflow',
      'application/vnd.sdmx.structure+xml;version=2.1;charset=utf-8',
      /^application\/vnd\.sdmx\.structure\+xml/,
    ],
    [
      '/sdmx/2.1/data/population',
      'application/vnd.sdmx.structurespecificdata+xml;version=2.1;charset=utf-8',
      /^application\/vnd\.sdmx\.structurespecificdata\+xml/,
    ],
    [
      '/sdmx/2.1/data/population',
      'application/vnd.sdmx.genericdata+xml; version=2.1; charset=UTF-8',
      /^application\/vnd\.sdmx\.genericdata\+xml/,
    ],
  ];
  for (const [path, accept, type] of cases) {
    const res = await get(path, accept);
    assert.equal(res.status, 200, `${path} with Accept: ${accept}`);
    assert.match(res.type, type, `${path} with Accept: ${accept}`);
  }
});

test('a parameter naming a representation no route sends is 406; one the type does not define is ignored', async () => {
  for (const [path, accept] of [
    ['/api/v1/observations', 'text/csv;charset=iso-8859-1'],
    ['/api/v1/observations', 'text/csv;header=absent'],
    ['/api/v1/observations', 'application/json;charset=windows-1251'],
    ['/sdmx/2.1/data/population', 'application/vnd.sdmx.genericdata+xml;version=3.0'],
  ])
    assert.equal((await get(path!, accept!)).status, 406, `${path} with Accept: ${accept}`);
  const ignored = await get('/api/v1/observations', 'application/json;profile=x');
  assert.equal(ignored.status, 200);
  // q stays the weight: CSV preferred over JSON by q, whatever the parameters around it
  const weighted = await get(
    '/api/v1/observations',
    'application/json;charset=utf-8;q=0.5, text/csv;header=present;q=0.9',
  );
  assert.match(weighted.type, /^text\/csv/);
});

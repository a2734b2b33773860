// Media-type parameters in Accept (RFC 9110 12.5.1), on the production app serving the v1 fixture
// release: a parameter naming the representation the service sends (charset=utf-8, header=present,
// an SDMX version) is matched on every route family; one naming a representation no route has
// (another charset, header=absent, another SDMX version) is 406; a parameter the offered type does
// not define is ignored. An SDMX-JSON or SDMX-CSV version written as clients write it (1.0, 1.0.0-wd)
// is the version offered.
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

test('SDMX-JSON asked as version 1.0 or 1.0.0-wd (with urn=true), and SDMX-CSV as 1.0, answer the 1.0.0 message; SDMX-JSON 2.0 is 406', async () => {
  const body = async (path: string, accept: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { accept } });
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      text: await res.text(),
    };
  };
  for (const [path, offered, asked] of [
    [
      '/sdmx/2.1/data/population',
      'application/vnd.sdmx.data+json;version=1.0.0',
      [
        'application/vnd.sdmx.data+json;version=1.0',
        'application/vnd.sdmx.data+json;version=1.0.0-wd',
        'application/vnd.sdmx.data+json; version="1.0"; urn=true',
      ],
    ],
    [
      '/sdmx/2.1/dataflow',
      'application/vnd.sdmx.structure+json;version=1.0.0',
      [
        'application/vnd.sdmx.structure+json;version=1.0;urn=true',
        'application/vnd.sdmx.structure+json;version=1.0.0-wd',
      ],
    ],
    [
      '/sdmx/2.1/data/population',
      'application/vnd.sdmx.data+csv;version=1.0.0',
      ['application/vnd.sdmx.data+csv;version=1.0;labels=both'],
    ],
  ] as const) {
    const expected = await body(path, offered);
    assert.equal(expected.status, 200, `${path} ${offered}`);
    for (const accept of asked) {
      const res = await body(path, accept);
      assert.equal(res.status, 200, `${path} with Accept: ${accept}`);
      assert.match(
        res.type,
        new RegExp(`^${offered.split(';')[0]!.replace(/[.+]/g, '\\$&')}; version=1\\.0\\.0`),
      );
      if (!accept.includes('labels=')) assert.equal(res.text, expected.text, accept);
    }
  }
  for (const accept of [
    'application/vnd.sdmx.data+json;version=2.0.0',
    'application/vnd.sdmx.data+json;version=1.1',
  ])
    assert.equal((await get('/sdmx/2.1/data/population', accept)).status, 406, accept);
});

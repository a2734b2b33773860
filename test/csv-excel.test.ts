// Excel-friendly CSV on request, on the production app serving the v1 fixture release: format=csv-excel
// answers the same CSV as format=csv after a UTF-8 byte order mark (EF BB BF), which Excel on Windows
// needs to read Cyrillic; format=csv and Accept: text/csv stay without one.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

let server: V1Server;
before(async () => {
  server = await startV1((await makeV1Release()).releasesDir);
});
after(async () => server.close());

const bytes = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  assert.equal(res.status, 200, path);
  return {
    type: res.headers.get('content-type') ?? '',
    body: Buffer.from(await res.arrayBuffer()),
  };
};

test('format=csv-excel is the CSV after a UTF-8 byte order mark, on v1 collections and the time-slice routes', async () => {
  for (const path of [
    '/api/v1/observations?indicator=population',
    '/api/v1/places',
    '/api/timemachine/snapshot',
  ]) {
    const plain = await bytes(`${path}${path.includes('?') ? '&' : '?'}format=csv`);
    const excel = await bytes(`${path}${path.includes('?') ? '&' : '?'}format=csv-excel`);
    assert.match(excel.type, /^text\/csv; charset=utf-8/, path);
    assert.deepEqual([...excel.body.subarray(0, 3)], [0xef, 0xbb, 0xbf], path);
    assert.deepEqual(excel.body.subarray(3), plain.body, path);
    assert.notEqual(plain.body[0], 0xef, `${path}: format=csv has no byte order mark`);
    if (path === '/api/v1/places') assert.match(excel.body.toString('utf8'), /Қарағанды/);
  }
});

// SDMX data queries at the edges of what the router and the period syntax take, through `dala serve`
// as it runs by default: a key naming many regions (longer than find-my-way's default parameter
// bound of 100 characters) is an SDMX data query like any other, and a date-time that names no time
// of day is an SDMX-ML syntax error, not a period.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { makeV1Release } from './support/v1-fixture.js';
import { startServe, type ServeChild } from './support/serve-child.js';

const XML = 'application/vnd.sdmx.structurespecificdata+xml;version=2.1';
const REGIONS = [10, 11, 15, 19, 23, 27, 31, 33, 35, 39, 43, 47, 55, 59, 61, 62, 63];

let s: ServeChild;
let flow: string;
before(async () => {
  s = await startServe((await makeV1Release()).releasesDir);
  const flows = await (
    await fetch(`${s.url}/sdmx/2.1/dataflow`, { headers: { accept: 'application/xml' } })
  ).text();
  // a flow with data for Karaganda region (KZ-35), which the long key names
  for (const [, id] of flows.matchAll(/<str:Dataflow [^>]*id="([^"]+)"/g))
    if ((await fetch(`${s.url}/sdmx/2.1/data/${id}/A.KZ-35`)).status === 200) {
      flow = id!;
      break;
    }
});
after(() => s.stop());

test('a key naming 17 regions (over 100 characters) answers SDMX-ML, not a router problem document', async () => {
  const key = `A.KZ+${REGIONS.map((n) => `KZ-${n}`).join('+')}`;
  assert.ok(key.length > 100);
  const r = await fetch(`${s.url}/sdmx/2.1/data/${flow}/${key}`, { headers: { accept: XML } });
  const body = await r.text();
  assert.equal(r.status, 200, body.slice(0, 300));
  assert.match(r.headers.get('content-type')!, /structurespecificdata\+xml/);
  assert.match(body, /<mes:StructureSpecificData /);
  assert.match(body, /REF_AREA="KZ-35"/, 'a region of the key is answered');
});

test('a startPeriod whose time of day does not exist (25:00, 23:60, second 61) is an SDMX-ML syntax error (400, code 140)', async () => {
  for (const period of ['2020-01-01T25:00:00', '2020-01-01T23:60:00', '2020-01-01T12:00:61']) {
    const r = await fetch(
      `${s.url}/sdmx/2.1/data/${flow}?startPeriod=${encodeURIComponent(period)}`,
      {
        headers: { accept: XML },
      },
    );
    const body = await r.text();
    assert.equal(r.status, 400, `${period}: ${body.slice(0, 200)}`);
    assert.match(body, /<mes:ErrorMessage code="140"/, period);
  }
  const valid = await fetch(
    `${s.url}/sdmx/2.1/data/${flow}?startPeriod=${encodeURIComponent('2020-01-01T23:59:59+05:00')}`,
    { headers: { accept: XML } },
  );
  assert.notEqual(valid.status, 400, 'a time of day that exists is a period');
});

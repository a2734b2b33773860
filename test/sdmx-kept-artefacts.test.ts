// The XML of each SDMX artefact is written once and its bytes kept with the release's structures
// (src/serve/sdmx/xml-pieces.ts); a message is those bytes joined. What a client relies on: the
// message is the same whichever queries came before it, a code list cut by an item query never
// stands in for the whole list (nor the whole for the cut one), and what is joined validates
// against the SDMX-ML 2.1 schemas. The answer cache is off, so every answer is made again.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { makeFixtureRelease } from './support/fixture-release.js';
import { xmllint } from './support/sdmx-validate.js';

const STRUCTURE = 'application/vnd.sdmx.structure+xml;version=2.1';
const codesIn = (xml: string) => [...xml.matchAll(/<str:Code id="([^"]+)"/g)].map((m) => m[1]);

describe('SDMX structure messages joined from kept artefacts', () => {
  let app: DalaApp;
  before(async () => {
    const { releasesDir } = await makeFixtureRelease();
    app = await buildApp({ releasesDir, logger: false, answerCache: { maxBytes: 0 } });
  });
  after(() => app.close());
  const get = async (path: string) => {
    const res = await app.inject({ url: `/sdmx/2.1${path}`, headers: { accept: STRUCTURE } });
    assert.equal(res.statusCode, 200, path);
    return res.body;
  };

  test('a message is the same bytes made first, made again, and made after other queries', async () => {
    const first = await get('/dataflow/all/all/all?references=all');
    assert.match(first, /<str:Dataflow /);
    assert.match(first, /<str:DataStructure /);
    assert.match(first, /<str:Codelist /);
    assert.equal(await xmllint(first), '');
    await get('/datastructure');
    await get('/codelist/DALA/CL_AREA');
    assert.equal(await get('/dataflow/all/all/all?references=all'), first);
  });

  test('a code list cut by an item query is written for that answer only, and the whole list stays whole', async () => {
    const whole = codesIn(await get('/codelist/DALA/CL_AREA'));
    assert.ok(whole.length > 2, 'the fixture has several areas');
    const [one, two] = whole;
    const cut = await get(`/codelist/DALA/CL_AREA/1.0/${one}+${two}`);
    assert.deepEqual(codesIn(cut), [one, two]);
    assert.equal(await xmllint(cut), '');
    assert.deepEqual(codesIn(await get('/codelist/DALA/CL_AREA')), whole);
    assert.deepEqual(codesIn(await get(`/codelist/DALA/CL_AREA/1.0/${one}+${two}`)), [one, two]);
  });
});

// GET /, /api/v1, /sdmx/2.1 and /api/timemachine on the production app: a JSON index of links by default, an
// HTML page for a browser, 406 for a media type neither; every link it gives answers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call, makeV1Release, startV1, type V1Server } from './support/v1-fixture.js';

let server: V1Server;
before(async () => {
  server = await startV1((await makeV1Release()).releasesDir);
});
after(async () => server.close());

test('the root index links every route family, the interface document, the docs, the dataset catalog and the CSVs', async () => {
  const res = await call(`${server.url}/`);
  assert.equal(res.status, 200);
  const rels = new Map(res.body.links.map((l: { rel: string; href: string }) => [l.href, l.rel]));
  for (const [href, rel] of [
    ['/api/v1', 'child'],
    ['/api/timemachine', 'child'],
    ['/sdmx/2.1', 'child'],
    ['/openapi.json', 'service-desc'],
    ['/api/v1/docs', 'service-doc'],
    ['/data/dataset-catalog.json', 'data'],
  ]) {
    assert.equal(rels.get(href), rel, href);
  }
  assert.equal(res.body.revision, res.headers.get('x-dala-revision'));
});

test('the family indexes list their documented routes; each untemplated link answers', async () => {
  // /sdmx/2.1/ is the SDMX API's endpoint the DCAT catalogue names: it answers too
  for (const family of ['/api/v1', '/api/timemachine', '/sdmx/2.1']) {
    for (const url of [family, `${family}/`]) {
      const res = await call(server.url + url);
      assert.equal(res.status, 200, url);
      const hrefs = res.body.links.map((l: { href: string }) => l.href);
      assert.ok(
        hrefs.some((h: string) => h.startsWith(`${family}/`) && h !== `${family}/`),
        url,
      );
    }
  }
  const v1 = await call(`${server.url}/api/v1`);
  const links = v1.body.links as { href: string; templated?: boolean }[];
  assert.ok(links.some((l) => l.href === '/api/v1/places/{id}' && l.templated));
  for (const link of links.filter(
    (l) =>
      !l.templated && ['/api/v1/places', '/api/v1/health', '/api/v1/indicators'].includes(l.href),
  )) {
    assert.equal((await call(server.url + link.href)).status, 200, link.href);
  }
});

test('a browser gets HTML, format=html too; an unsupported Accept is 406 not_acceptable', async () => {
  const html = await call(`${server.url}/`, {
    headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
  });
  assert.match(html.headers.get('content-type') ?? '', /^text\/html/);
  assert.match(html.body, /<a href="\/api\/v1">/);
  assert.match(
    html.headers.get('vary') ?? '',
    /^Accept\b/,
    'the answer varies by Accept (and by Accept-Encoding where it is compressed)',
  );
  const forced = await call(`${server.url}/api/timemachine?format=html`);
  assert.match(forced.headers.get('content-type') ?? '', /^text\/html/);
  const refused = await call(`${server.url}/`, { headers: { accept: 'application/xml' } });
  assert.equal(refused.status, 406);
  assert.equal(refused.body.code, 'not_acceptable');
  assert.deepEqual(refused.body.offered, ['application/json', 'text/html']);
});

test('the docs page shows every parameter, the resolve body and examples', async () => {
  const res = await call(`${server.base}/docs`);
  assert.equal(res.status, 200);
  assert.match(res.body, /<h3>Request body \(application\/json\)<\/h3><ul><li><code>name<\/code>/);
  assert.match(res.body, /Example answer \(200\)/);
  assert.match(res.body, /<code>locale<\/code> \(query; string, one of ru, kk, en\)/);
});

// A request target with raw UTF-8 (`curl 'http://HOST/api/v1/search?q=Алматы'` sends the bytes
// as typed) is answered with a problem document that tells the client to percent-encode, and shows
// the target encoded: from Node listening on its own and through the generated nginx configuration.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readSeal } from '../src/release/verify.js';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { makeFixtureRelease } from './support/fixture-release.js';
import { NGINX, startNginx, type NginxServer } from './support/nginx-server.js';
import { send } from './support/raw-request.js';

let node: DalaApp;
let nodeUrl: string;
let nginx: NginxServer | null = null;

before(async () => {
  const { releasesDir, dir } = await makeFixtureRelease();
  node = await buildApp({ releasesDir, pollMs: 60_000 });
  nodeUrl = await node.listen({ host: '127.0.0.1', port: 0 });
  if (NGINX)
    nginx = await startNginx({
      releasesDir,
      seal: await readSeal(dir),
      upstreams: [new URL(nodeUrl).host],
    });
});

after(async () => {
  await nginx?.stop();
  await node?.close();
});

const ENCODED = '/api/v1/search?q=%D0%90%D0%BB%D0%BC%D0%B0%D1%82%D1%8B';

async function saysPercentEncode(url: string): Promise<void> {
  const r = await send(url, '/api/v1/search?q=Алматы', [`Host: ${new URL(url).host}`]);
  assert.equal(r.status, 400, r.head);
  assert.match(r.head, /content-type: application\/problem\+json/i);
  const p = JSON.parse(r.body) as { code: string; status: number; detail: string };
  assert.equal(p.code, 'malformed_request');
  assert.equal(p.status, 400);
  assert.match(p.detail, /percent-encode/);
  assert.ok(p.detail.includes(ENCODED), p.detail);
}

test('raw UTF-8 in the query gets 400 problem+json saying to percent-encode, with the target encoded', () =>
  saysPercentEncode(nodeUrl));

test(
  'raw UTF-8 in the query gets the same advice through the generated nginx configuration',
  { skip: !NGINX && 'nginx is not installed (apt-get install nginx)' },
  () => saysPercentEncode(nginx!.url),
);

test('the same query percent-encoded is answered', async () => {
  const r = await send(nodeUrl, ENCODED, [`Host: ${new URL(nodeUrl).host}`]);
  assert.notEqual(r.status, 400, r.body);
});

// /r/{revision}/data/...: a sealed release's files stay citable byte for byte, immutable, while the
// server keeps the release; a pruned revision the lineage names is 410 Gone pointing at the current
// release; a revision never published is 404.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { verifyRelease } from '../src/release/verify.js';
import { makeFixtureRelease } from './support/fixture-release.js';

describe('permalinks of sealed releases', () => {
  let app: DalaApp;
  let base: string;
  let pruned: string;
  let kept: string;
  let current: string;
  let releasesDir: string;
  before(async () => {
    const first = await makeFixtureRelease(undefined, { karaganda2024: 1_000_001 });
    releasesDir = first.releasesDir;
    pruned = first.revision;
    kept = (await makeFixtureRelease(releasesDir, { karaganda2024: 1_000_002 })).revision;
    current = (await makeFixtureRelease(releasesDir, { karaganda2024: 1_000_003 })).revision;
    await rm(join(releasesDir, pruned), { recursive: true });
    app = await buildApp({ releasesDir, logger: false });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app?.close());

  test('a kept earlier release answers every /data/ file byte for byte as sealed, with its media type, immutable for a year, with an ETag', async () => {
    const files = (await verifyRelease(join(releasesDir, kept))).files.filter((f) =>
      f.path.startsWith('data/'),
    );
    assert.ok(files.length >= 4);
    for (const f of files) {
      const res = await fetch(`${base}/r/${kept}/${f.path}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      assert.equal(res.status, 200, f.path);
      assert.equal(
        createHash('sha256')
          .update(Buffer.from(await res.arrayBuffer()))
          .digest('hex'),
        f.sha256,
        f.path,
      );
      assert.equal(
        res.headers.get('content-type')?.split(';')[0],
        f.media_type.split(';')[0],
        f.path,
      );
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      const etag = res.headers.get('etag');
      assert.ok(etag, f.path);
      const again = await fetch(`${base}/r/${kept}/${f.path}`, {
        headers: { 'accept-encoding': 'identity', 'if-none-match': etag },
      });
      assert.equal(again.status, 304);
    }
  });

  test('the manifest of the current release names every earlier revision, and the current revision is citable too', async () => {
    const manifest = (await (
      await fetch(`${base}/r/${current}/data/release-manifest.json`)
    ).json()) as { lineage: string[] };
    assert.deepEqual(manifest.lineage, [kept, pruned]);
  });

  test('a pruned revision is 410 Gone (problem+json) with a link to the current release', async () => {
    const res = await fetch(`${base}/r/${pruned}/data/country-pulse.json`);
    assert.equal(res.status, 410);
    assert.equal(res.headers.get('content-type')?.split(';')[0], 'application/problem+json');
    const body = (await res.json()) as { code: string; current: string };
    assert.equal(body.code, 'release_gone');
    assert.equal(body.current, `/r/${current}/data/`);
    assert.match(
      res.headers.get('link') ?? '',
      new RegExp(`</r/${current}/data/>; rel="latest-version"`),
    );
  });

  test('a revision never published is 404 unknown_release; a malformed one 404; a file the release lacks 404', async () => {
    const never = await fetch(`${base}/r/0123456789abcdef/data/country-pulse.json`);
    assert.equal(never.status, 404);
    assert.equal(((await never.json()) as { code: string }).code, 'unknown_release');
    assert.equal((await fetch(`${base}/r/not-a-revision/data/country-pulse.json`)).status, 404);
    assert.equal((await fetch(`${base}/r/${kept}/data/no-such-file.json`)).status, 404);
  });
});

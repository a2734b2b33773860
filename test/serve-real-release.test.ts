// The served real release: every /data/ file answers with the sealed bytes, and the time-slice
// routes answer on the real Bureau series.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { buildApp, type DalaApp } from '../src/serve/app.js';
import { verifyRelease } from '../src/release/verify.js';
import { realRelease } from './support/release.js';
import { join } from 'node:path';

describe('serving the release built from the pinned snapshots', () => {
  let app: DalaApp;
  let base: string;
  let files: { path: string; sha256: string; media_type: string }[];
  before(async () => {
    const { releasesDir, revision } = await realRelease();
    files = (await verifyRelease(join(releasesDir, revision))).files.filter((f) => f.path.startsWith('data/'));
    app = await buildApp({ releasesDir, logger: false });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  test('every /data/ path answers 200 with bytes whose sha256 matches the seal, and its media type', async () => {
    assert.ok(files.length > 200);
    for (const f of files) {
      const res = await fetch(`${base}/${f.path}`, { headers: { 'accept-encoding': 'identity' } });
      assert.equal(res.status, 200, f.path);
      const sha = createHash('sha256').update(Buffer.from(await res.arrayBuffer())).digest('hex');
      assert.equal(sha, f.sha256, f.path);
      assert.equal(res.headers.get('content-type')?.split(';')[0], f.media_type.split(';')[0], f.path);
    }
  });

  test('snapshot at a date gives each place the latest population period ending on or before it', async () => {
    const res = await fetch(`${base}/api/timemachine/snapshot?date=2020-06-30&layers=demography`);
    assert.equal(res.status, 200);
    const text = JSON.stringify(await res.json());
    assert.match(text, /"2019"/, 'the 2019 annual figure is the latest ending on or before 2020-06-30');
    assert.doesNotMatch(text, /"period":"2020"/);
  });

  test('series of GRP cumulative by month keeps each quarter-to-date period as published', async () => {
    const res = await fetch(`${base}/api/timemachine/series?metric=grp_cumulative&start_date=2022-01-01&end_date=2022-12-31&granularity=month`);
    assert.equal(res.status, 200);
    const body = JSON.stringify(await res.json());
    for (const period of ['2022-Q1', '2022-H1', '2022-9M']) assert.match(body, new RegExp(period));
    assert.doesNotMatch(body, /"value":0[,}]/);
  });
});

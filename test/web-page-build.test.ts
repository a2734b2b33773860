// The explorer's build as the server sends it, without a browser: its own assets stay small, and
// without a web build the server still serves the APIs and tells a browser why there is no page.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { buildApp } from '../src/serve/app.js';
import { realRelease } from './support/release.js';
import { tempDir } from './support/temp-dir.js';
import { assetSizes } from './support/web-assets.js';

describe('the web explorer as built', () => {
  test("the page's own assets stay under 300 KB compressed", async () => {
    const { assets_br_bytes, assets_gzip_bytes } = await assetSizes();
    assert.ok(assets_gzip_bytes < 300 * 1024, `gzip ${assets_gzip_bytes}`);
    assert.ok(assets_br_bytes < 300 * 1024, `br ${assets_br_bytes}`);
  });

  test('without a web build the server still serves the APIs and tells a browser why there is no page', async () => {
    const { releasesDir } = await realRelease();
    process.env['DALA_WEB_DIST'] = join(tempDir('dala-no-web-'), 'no-such-build');
    try {
      const bare = await buildApp({ releasesDir });
      try {
        const res = await bare.inject({
          method: 'GET',
          url: '/',
          headers: { accept: 'text/html' },
        });
        assert.equal(res.statusCode, 503);
        assert.equal(res.json().code, 'web_not_built');
        assert.match(res.json().detail, /npm run build:web/);
        assert.equal(
          (await bare.inject({ method: 'GET', url: '/api/timemachine/layers' })).statusCode,
          200,
        );
      } finally {
        await bare.close();
      }
    } finally {
      delete process.env['DALA_WEB_DIST'];
    }
  });
});

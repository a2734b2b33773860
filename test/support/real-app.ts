// The production app serving the real release (built once per test process) on a free local port.
import { after, before } from 'node:test';
import { buildApp, type AppOptions, type DalaApp } from '../../src/serve/app.js';
import { realRelease } from './release.js';

/**
 * Starts the app before the suite's tests and closes it after them; `base()` is its URL once started.
 * `v1` replaces the production /api/v1 options (a suite reading every indicator one by one asks for
 * more than the rate limit's burst; the limit itself is tested in v1-rate-limit).
 */
export function servedRealRelease(v1?: AppOptions['v1']): { base: () => string } {
  let app: DalaApp;
  let base = '';
  before(async () => {
    const { releasesDir } = await realRelease();
    app = await buildApp({ releasesDir, logger: false, ...(v1 ? { v1 } : {}) });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());
  return { base: () => base };
}

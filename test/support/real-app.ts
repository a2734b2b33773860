// The production app serving the real release (built once per test process) on a free local port.
import { after, before } from 'node:test';
import { buildApp, type DalaApp } from '../../src/serve/app.js';
import { realRelease } from './release.js';

/** Starts the app before the suite's tests and closes it after them; `base()` is its URL once started. */
export function servedRealRelease(): { base: () => string } {
  let app: DalaApp;
  let base = '';
  before(async () => {
    const { releasesDir } = await realRelease();
    app = await buildApp({ releasesDir, logger: false });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());
  return { base: () => base };
}

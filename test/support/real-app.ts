// The production app serving the real release (built once per test process) on a free local port.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { buildApp, type AppOptions, type DalaApp } from '../../src/serve/app.js';
import { realRelease } from './release.js';

/**
 * Starts the app before the suite's tests and closes it after them; `base()` is its URL once started.
 * `v1` replaces the production /api/v1 options (a suite reading every indicator one by one asks for
 * more than the rate limit's burst; the limit itself is tested in v1-rate-limit).
 */
export function servedRealRelease(v1?: AppOptions['v1']): {
  base: () => string;
  /** The served release's directory (its store, evidence and sealed files). */
  releaseDir: () => string;
  /** A path's JSON, asserting a 200. */
  json: (path: string) => Promise<any>;
} {
  let app: DalaApp;
  let base = '';
  let releaseDir = '';
  before(async () => {
    const { releasesDir, revision } = await realRelease();
    releaseDir = join(releasesDir, revision);
    // as `dala serve` opens it: answering once the seal is read, each data file hashed on its first
    // use and the store behind the answers (the run verified the release whole before handing it on)
    app = await buildApp({
      releasesDir,
      logger: false,
      answerBeforeStoreVerified: true,
      ...(v1 ? { v1 } : {}),
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());
  const json = async (path: string) => {
    const res = await fetch(`${base}${path}`);
    assert.equal(res.status, 200, path);
    return res.json() as Promise<any>;
  };
  return { base: () => base, releaseDir: () => releaseDir, json };
}

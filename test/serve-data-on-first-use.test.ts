// At start `dala serve` listens once the release's seal is verified and reads each data file on its
// first use (src/serve/releases/sealed-file.ts): what it serves is still the sealed bytes, hashed as
// held. A data file (or one of its sealed variants) altered on disk after the server listens, before
// its first request, is never served: that request answers 503 release_unavailable and the release is
// withdrawn, health and a log line naming the file; read ahead behind the answers, it is refused the
// same way. The read-ahead is turned off (readAheadData) where a test must reach a file before it does.
import assert from 'node:assert/strict';
import { cp, readFile, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { readSeal } from '../src/release/verify.js';
import { startServer } from '../src/serve/server.js';
import { SealedFile } from '../src/serve/releases/sealed-file.js';
import { get } from './support/http-client.js';
import { captureLog } from './support/log-capture.js';
import { flipBytes } from './support/flip-pages.js';
import { makeV1Release } from './support/v1-fixture.js';
import { tempDir } from './support/temp-dir.js';

/** A release of its own (a test alters its files), with its sealed data files and variants. */
async function ownRelease() {
  const { releasesDir: shared, revision } = await makeV1Release();
  const releasesDir = tempDir('dala-on-first-use-');
  await cp(shared, releasesDir, { recursive: true });
  const dir = join(releasesDir, revision);
  const seal = await readSeal(dir);
  return { releasesDir, dir, revision, seal };
}

async function start(releasesDir: string, readAheadData = false) {
  const log = captureLog();
  const server = await startServer({
    releasesDir,
    host: '127.0.0.1',
    port: 0,
    logger: log.logger,
    pollMs: 60_000,
    listenBeforeApp: true,
    answerBeforeStoreVerified: true,
    readAheadData,
    v1: { rateLimit: { burst: 100_000, refillPerSecond: 1000 } },
  });
  return { server, log };
}

/** An answer's bytes as sent (fetch would inflate them), so the variant itself is compared. */
async function raw(base: string, path: string, coding: string) {
  const r = await get(base, path, undefined, { 'accept-encoding': coding });
  return {
    status: r.status,
    encoding: String(r.headers['content-encoding'] ?? 'identity'),
    etag: String(r.headers.etag),
    body: r.body,
  };
}

test('at start no data file is read before listening, and each /data/ file served on its first use is its sealed bytes in every coding', async () => {
  const { releasesDir, dir, seal } = await ownRelease();
  const { server } = await start(releasesDir);
  try {
    const files = server.app.releases.current().files;
    assert.ok(files.size > 0);
    assert.ok(
      [...files.values()].every((f) => f instanceof SealedFile && !f.isHeld),
      'nothing read before the first request',
    );
    const sealed = new Map([...seal.files, ...(seal.variants ?? [])].map((f) => [f.path, f]));
    const variantOf = new Map((seal.variants ?? []).map((v) => [`${v.of} ${v.coding}`, v.path]));
    let compressed = 0;
    for (const path of files.keys()) {
      for (const coding of ['identity', 'gzip', 'br']) {
        const r = await raw(server.url, `/data/${path}`, coding);
        if (r.status === 404) break; // a path Fastify's /data/ routes do not answer as itself
        assert.equal(r.status, 200, `${path} ${coding}`);
        const from =
          r.encoding === 'identity' ? `data/${path}` : variantOf.get(`data/${path} ${r.encoding}`)!;
        assert.ok(sealed.has(from), `${path} ${coding}: ${from} is sealed`);
        if (r.encoding !== 'identity') compressed++;
        assert.deepEqual(r.body, await readFile(join(dir, from)), `${path} ${coding}`);
        const sha256 = sealed.get(`data/${path}`)!.sha256;
        assert.equal(
          r.etag,
          r.encoding === 'identity' ? `"${sha256}"` : `"${sha256}-${r.encoding}"`,
          `${path} ${coding}`,
        );
      }
    }
    assert.ok(compressed > 0, 'sealed variants were served');
  } finally {
    await server.close();
  }
});

/** Ways a data file or its variant can stop being what was sealed after the server listens. */
const ALTERATIONS: {
  label: string;
  coding: string;
  alter: (file: string, sealedCopy: string) => Promise<void>;
  reason: RegExp;
}[] = [
  {
    label: 'one byte changed',
    coding: 'identity',
    alter: (file) => flipBytes(file, [0], 0x01),
    reason: /sha256 differs from the seal/,
  },
  {
    label: 'its gzip variant, one byte changed',
    coding: 'gzip',
    alter: (file) => flipBytes(file, [12], 0x01),
    reason: /sha256 differs from the seal/,
  },
  { label: 'removed', coding: 'identity', alter: (file) => rm(file), reason: /missing/ },
  {
    label: 'replaced by a symlink to identical bytes',
    coding: 'identity',
    alter: async (file, sealedCopy) => {
      await rm(file);
      await symlink(sealedCopy, file);
    },
    reason: /not a regular file/,
  },
];

/** A sealed data file with a gzip variant: its path under data/, and the file `coding` reads. */
function target(seal: Awaited<ReturnType<typeof readSeal>>, coding: string) {
  const variant = (seal.variants ?? []).find((v) => v.coding === 'gzip' && v.of.endsWith('.json'))!;
  return {
    path: variant.of.slice('data/'.length),
    file: coding === 'gzip' ? variant.path : variant.of,
  };
}

for (const a of ALTERATIONS) {
  test(`a data file ${a.label} after the server listens, before its first request, is never served: 503 release_unavailable, then the release is withdrawn naming the file`, async () => {
    const { releasesDir, dir, seal } = await ownRelease();
    const { path, file } = target(seal, a.coding);
    const sealedCopy = join(tempDir('dala-sealed-copy-'), 'copy');
    await cp(join(dir, file), sealedCopy);
    const { server, log } = await start(releasesDir);
    try {
      const before = await readFile(join(dir, file));
      await a.alter(join(dir, file), sealedCopy);
      const first = await raw(server.url, `/data/${path}`, a.coding);
      assert.equal(first.status, 503, `${first.body}`);
      const problem = JSON.parse(first.body.toString('utf8'));
      assert.equal(problem.code, 'release_unavailable');
      assert.ok(problem.detail.includes(file) && a.reason.test(problem.detail), problem.detail);
      assert.notDeepEqual(first.body, before);
      for (const coding of ['identity', 'gzip', 'br']) {
        const again = await raw(server.url, `/data/${path}`, coding);
        assert.equal(again.status, 503, `${coding}: ${again.body}`);
        assert.equal(JSON.parse(again.body.toString('utf8')).code, 'no_release', coding);
      }
      const status = server.app.releases.status();
      assert.equal(status.state, 'unavailable');
      assert.ok(
        status.reasons.some((r) => r.includes(file) && a.reason.test(r)),
        JSON.stringify(status.reasons),
      );
      assert.ok(
        log
          .find(/refused/)
          .some((l) => String(l['msg']).includes(file) && a.reason.test(String(l['msg']))),
        'a log line names the file and the reason',
      );
    } finally {
      await server.close();
    }
  });
}

test('a data file altered after the server listens and never asked for is refused by the read-ahead: the release is withdrawn and the file never served', async () => {
  const { releasesDir, dir, seal } = await ownRelease();
  const { path, file } = target(seal, 'identity');
  const { server, log } = await start(releasesDir);
  try {
    await flipBytes(join(dir, file), [0], 0x01);
    await server.app.releases.readAhead();
    const r = await raw(server.url, `/data/${path}`, 'identity');
    assert.equal(r.status, 503, `${r.body}`);
    assert.equal(JSON.parse(r.body.toString('utf8')).code, 'no_release');
    assert.ok(
      log.find(/refused/).some((l) => String(l['msg']).includes(file)),
      'a log line names the file',
    );
  } finally {
    await server.close();
  }
});

test('once listening, the read-ahead holds every data file, so later answers read none', async () => {
  const { releasesDir, dir, seal } = await ownRelease();
  const { server } = await start(releasesDir);
  try {
    await server.app.releases.readAhead();
    const files = server.app.releases.current().files;
    assert.ok([...files.values()].every((f) => f instanceof SealedFile && f.isHeld));
    const { path, file } = target(seal, 'identity');
    const sealed = await readFile(join(dir, file));
    await rm(join(dir, file)); // held: the sealed bytes are served whatever happens on disk now
    const r = await raw(server.url, `/data/${path}`, 'identity');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, sealed);
  } finally {
    await server.close();
  }
});

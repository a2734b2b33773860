// Publishing never tears (docs/interface.md §3: a release is sealed, then made current by one atomic
// rename of CURRENT). `dala build`'s write-and-seal path (publishRelease, run by test/support/build-child.ts) is
// SIGKILLed at every fault point of src/release/fault.ts, and builds race into the same releases
// directory, while the production server watches that directory and answers a stream of requests.
// After every step: every revision directory verifies (no torn release), exactly those are listed,
// CURRENT names one of them and the server serves it. Leftovers of killed builds are swept by the
// next build; the next complete build gives the revision and bytes of a clean build elsewhere.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { PROJECT_ROOT } from '../src/lib/config.js';
import { listReleases } from '../src/release/list.js';
import { readCurrent, revisionDirs } from '../src/release/pointer.js';
import { publishRelease } from '../src/release/publish.js';
import { verifyRelease } from '../src/release/verify.js';
import { startServer } from '../src/serve/server.js';
import { prepared } from './support/kill-fixture.js';
import { pollServer } from './support/poll-server.js';
import { tempDir } from './support/temp-dir.js';
import { dalaCommandEnv } from './support/dala-command.js';

const CHILD = join(PROJECT_ROOT, 'test/support/build-child.ts');
const DALA = join(PROJECT_ROOT, 'bin/dala.js');

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], env: Record<string, string> = {}): Promise<Exit> {
  const { DALA_FAULT_KILL_AT: _, ...base } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c));
  child.stderr.on('data', (c: Buffer) => (stderr += c));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const build = (dir: string, variants: number[], killAt?: string) =>
  run(CHILD, [dir, ...variants.map(String)], killAt ? { DALA_FAULT_KILL_AT: killAt } : {});
const sealedBy = (exit: Exit) =>
  [...exit.stdout.matchAll(/^sealed ([0-9a-f]{16}) (true|false)$/gm)].map((m) => ({
    revision: m[1]!,
    created: m[2] === 'true',
  }));

/** Resolves when a staging directory not in `before` holds data/release-manifest.json. */
async function manifestStaged(
  dir: string,
  before: Set<string>,
  exited: () => boolean,
  ms = 120_000,
): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    for (const name of await readdir(dir)) {
      if (
        name.startsWith('.staging-') &&
        !before.has(name) &&
        existsSync(join(dir, name, 'data/release-manifest.json'))
      )
        return;
    }
    if (exited()) throw new Error('the build exited before its staging directory got its manifest');
    if (Date.now() > until)
      throw new Error(`no staging directory in ${dir} got its manifest within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function assertBuilt(exit: Exit, label: string): void {
  assert.equal(exit.code, 0, `${label}: exit ${exit.code} ${exit.signal ?? ''}\n${exit.stderr}`);
}

// Variants (each its own revision): 0 is served first; 7 is killed at every point before its rename,
// then built to completion; 1-6 are each killed just after a later step of sealing. The third field is
// what the kill must leave of the variant's release: nothing, a sealed release CURRENT does not name
// yet, or the current release (so every fsync happens before the rename that makes a release visible).
type Left = 'nothing' | 'sealed' | 'current';
const V = 7;
const DATA_FILES = prepared(V).artifacts.length;
const KILLS: [point: string, variant: number, left: Left][] = [
  ['build.swept', V, 'nothing'],
  ['build.staged', V, 'nothing'],
  ['build.data-file@1', V, 'nothing'],
  ['staging.swept-one@1', V, 'nothing'], // dies while removing the two leftovers above
  [`build.data-file@${Math.floor(DATA_FILES / 2)}`, V, 'nothing'],
  [`build.data-file@${DATA_FILES}`, V, 'nothing'],
  ['fixture.store-row@1', V, 'nothing'],
  ['fixture.store-row@700', V, 'nothing'], // mid-way through the store's rows
  ['build.store-written', V, 'nothing'],
  ['build.evidence-written', V, 'nothing'],
  ['seal.hashed', V, 'nothing'],
  ['seal.manifest-written', V, 'nothing'],
  ['seal.variant@1', V, 'nothing'],
  [`seal.variant@${DATA_FILES}`, V, 'nothing'], // mid-way through precompression (two variants per JSON file)
  ['seal.seal-written', V, 'nothing'],
  ['seal.fsync@1', V, 'nothing'],
  [`seal.fsync@${DATA_FILES * 2}`, V, 'nothing'], // mid-way through the fsync of the tree
  ['seal.synced', V, 'nothing'], // durable, not yet renamed
  ['seal.renamed', 1, 'sealed'],
  ['seal.releases-dir-synced', 2, 'sealed'],
  ['pointer.written', 3, 'sealed'], // leaves the pointer's temp file behind
  ['pointer.synced', 4, 'sealed'],
  ['pointer.renamed', 5, 'current'], // CURRENT moved; its directory entry not yet fsynced
  ['seal.published', 6, 'current'],
  ['seal.exists', 1, 'sealed'], // the same content again: killed before removing its staging directory
];

interface State {
  current: string;
  listed: string[];
  torn: string[];
  leftovers: string[];
}

/** The releases directory as `dala releases` and `dala verify` see it. */
async function inspect(dir: string): Promise<State> {
  const torn: string[] = [];
  const verified: string[] = [];
  for (const revision of await revisionDirs(dir)) {
    try {
      await verifyRelease(join(dir, revision));
      verified.push(revision);
    } catch (err) {
      torn.push(`${revision}: ${(err as Error).message}`);
    }
  }
  const listed = (await listReleases(dir)).map((s) => s.revision);
  assert.deepEqual(
    [...listed].sort(),
    verified.sort(),
    'the listed releases are exactly the verified ones',
  );
  const current = (await readCurrent(dir)) ?? '(none)';
  // Before the first release is made current, CURRENT may be absent; after that it names a listed one.
  if (current !== '(none)' || listed.length > 0)
    assert.ok(
      listed.includes(current),
      `CURRENT names ${current}, not a listed release (${listed.join(', ')})`,
    );
  const leftovers = (await readdir(dir)).filter((n) => n.startsWith('.'));
  return { current, listed, torn, leftovers };
}

/** Content files, variants included, with their hashes: what must be equal to a clean build's. */
async function contentOf(dir: string): Promise<string[]> {
  const seal = await verifyRelease(dir);
  return [
    ...seal.files.filter((f) => f.path !== 'data/release-manifest.json'),
    ...(seal.variants ?? []).filter((v) => v.of !== 'data/release-manifest.json'),
  ]
    .map((f) => `${f.path} ${f.sha256} ${f.bytes}`)
    .sort();
}

test('SIGKILLed builds and racing builds never tear a release, and a server watching the directory fails no request', async () => {
  const started = Date.now();
  const dir = join(tempDir('dala-kill-'), 'releases');
  const clean = tempDir('dala-kill-clean-');
  const first = await publishRelease(dir, prepared(0));
  const server = await startServer({
    releasesDir: dir,
    host: '127.0.0.1',
    port: 0,
    logger: false,
    pollMs: 100,
    v1: { rateLimit: { burst: 1_000_000, refillPerSecond: 100_000 } },
  });
  const poll = pollServer(server.url, 2, 10);
  const torn: string[] = [];
  let maxLeftovers = 0;
  const leftoverKinds = new Set<string>();
  const step = async (label: string) => {
    const state = await inspect(dir);
    torn.push(...state.torn.map((t) => `after ${label}: ${t}`));
    maxLeftovers = Math.max(maxLeftovers, state.leftovers.length);
    for (const name of state.leftovers)
      leftoverKinds.add(
        name.startsWith('.staging-')
          ? 'staging directory'
          : name.startsWith('.CURRENT.')
            ? 'pointer temp file'
            : name,
      );
    await server.app.releases.refresh();
    assert.equal(
      server.app.releases.currentRevision(),
      state.current,
      `after ${label}: the server serves CURRENT`,
    );
    return state;
  };
  try {
    await step('the first build');
    assert.equal((await inspect(dir)).current, first.revision);

    const revisionOf = new Map<number, string>();
    for (const variant of new Set(KILLS.map(([, v]) => v))) {
      revisionOf.set(
        variant,
        (await publishRelease(join(clean, String(variant)), prepared(variant))).revision,
      );
    }
    for (const [point, variant, left] of KILLS) {
      const before = await readCurrent(dir);
      const exit = await build(dir, [variant], point);
      assert.equal(
        exit.signal,
        'SIGKILL',
        `${point}: the build was not killed there (exit ${exit.code})\n${exit.stdout}${exit.stderr}`,
      );
      const state = await step(`a kill at ${point}`);
      const revision = revisionOf.get(variant)!;
      const found: Left =
        state.current === revision && before !== revision
          ? 'current'
          : state.listed.includes(revision)
            ? 'sealed'
            : 'nothing';
      assert.equal(found, left, `what a kill at ${point} left of its release`);
      if (left !== 'current') assert.equal(state.current, before, `${point}: CURRENT unchanged`);
    }
    // Kills left both kinds of leftover behind (each swept by the build after it).
    assert.deepEqual(
      [...leftoverKinds].sort(),
      ['pointer temp file', 'staging directory'],
      'leftover kinds',
    );

    // The next complete builds: the one killed at every step before its rename seals anew, the one
    // whose release already exists reuses it; both sweep every leftover and equal a clean build.
    for (const variant of [V, 1]) {
      const exit = await build(dir, [variant]);
      assertBuilt(exit, `variant ${variant}`);
      const [sealed] = sealedBy(exit);
      assert.equal(sealed?.created, variant === V, `variant ${variant} created`);
      const state = await step(`the complete build of variant ${variant}`);
      assert.deepEqual(state.leftovers, [], 'a complete build leaves no leftover');
      assert.equal(state.current, sealed!.revision);
      const reference = await publishRelease(join(clean, String(variant)), prepared(variant));
      assert.equal(
        sealed!.revision,
        reference.revision,
        `variant ${variant}: the revision of a clean build`,
      );
      assert.deepEqual(
        await contentOf(join(dir, sealed!.revision)),
        await contentOf(reference.dir),
        `variant ${variant}: the bytes of a clean build`,
      );
    }

    // Races: two processes with the same content, two with different content, two builds in one process.
    const same = await Promise.all([build(dir, [8]), build(dir, [8])]);
    same.forEach((e, i) => assertBuilt(e, `same-content racer ${i}`));
    const sameSealed = same.flatMap(sealedBy);
    assert.equal(new Set(sameSealed.map((s) => s.revision)).size, 1);
    assert.equal(
      sameSealed.filter((s) => s.created).length,
      1,
      'exactly one racer sealed the shared content',
    );
    assert.equal(
      (await step('two racing builds of the same content')).current,
      sameSealed[0]!.revision,
    );

    const other = await Promise.all([build(dir, [9]), build(dir, [10])]);
    other.forEach((e, i) => assertBuilt(e, `different-content racer ${i}`));
    const otherRevisions = other.flatMap(sealedBy).map((s) => s.revision);
    const raced = await step('two racing builds of different content');
    assert.ok(otherRevisions.includes(raced.current), 'CURRENT names one of the racers');
    for (const r of otherRevisions) assert.ok(raced.listed.includes(r), `${r} listed`);

    const inProcess = await build(dir, [11, 12]);
    assertBuilt(inProcess, 'two builds in one process');
    const inProcessRevisions = sealedBy(inProcess).map((s) => s.revision);
    assert.equal(inProcessRevisions.length, 2);
    const both = await step('two builds racing in one process');
    assert.ok(inProcessRevisions.includes(both.current));
    assert.deepEqual(both.leftovers, []);

    // A racer killed mid-seal while the other completes: the survivor's release is whole. The survivor
    // starts once the doomed racer's staging directory holds its manifest, which the seal writes after
    // it has looked for the same content already sealed: started together, a survivor that ran ahead
    // would have sealed first, and the doomed racer would have reused its release and never reached
    // the fsync it is to be killed at.
    const before = new Set(await readdir(dir));
    let doomedExited = false;
    const doomed = build(dir, [13], `seal.fsync@${DATA_FILES}`).finally(
      () => (doomedExited = true),
    );
    await manifestStaged(dir, before, () => doomedExited);
    const [killed, survivor] = await Promise.all([doomed, build(dir, [13])]);
    assert.equal(killed.signal, 'SIGKILL');
    assertBuilt(survivor, 'the surviving racer');
    assert.equal(
      (await step('a racer killed while the other completes')).current,
      sealedBy(survivor)[0]!.revision,
    );

    // `dala releases` and `dala verify` (the CLI) agree.
    const final = await step('all builds');
    const listedByCli = await run(DALA, ['releases', '--releases', dir], dalaCommandEnv());
    assertBuilt(listedByCli, 'dala releases');
    const lines = listedByCli.stdout.trim().split('\n');
    assert.equal(lines.length, final.listed.length);
    assert.ok(
      lines.some((l) => l.startsWith(`* ${final.current} `)),
      listedByCli.stdout,
    );
    const verifiedByCli = await run(DALA, ['verify', '--releases', dir], dalaCommandEnv());
    assertBuilt(verifiedByCli, 'dala verify');
    assert.match(verifiedByCli.stdout, new RegExp(`^ok ${final.current}:`));

    assert.deepEqual(torn, [], 'torn releases');
    const served = await poll.stop();
    assert.deepEqual(served.failures.slice(0, 10), [], `${served.failures.length} failed requests`);
    assert.ok(served.requests >= 100, `only ${served.requests} requests during the run`);
    assert.ok(
      served.revisions.size >= 5,
      `the server swapped through ${served.revisions.size} revisions`,
    );
    process.stdout.write(
      `# publish-kill: ${KILLS.length} kill points + 1 killed racer, 4 races, ${final.listed.length} releases, torn ${torn.length}, ` +
        `leftovers at most ${maxLeftovers} (0 after each complete build), ${served.requests} requests, ${served.failures.length} failed, ` +
        `${served.revisions.size} revisions served, ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } finally {
    await poll.stop();
    await server.close();
  }
});

// The real `dala build` of the pinned snapshots reaches the same points. Each real build takes about
// half a minute, so this one (two killed builds, the complete one, a clean one to compare) runs only
// with DALA_KILL_REAL=1, outside CI.
test(
  'the real dala build, SIGKILLed mid-write and mid-seal, then run again, seals what a clean build seals',
  { skip: process.env.DALA_KILL_REAL !== '1' && 'four real builds: set DALA_KILL_REAL=1' },
  async () => {
    const dir = join(tempDir('dala-kill-real-'), 'releases');
    const cli = (env: Record<string, string> = {}) =>
      run(DALA, ['build', '--releases', dir], { ...dalaCommandEnv(), ...env });
    for (const point of ['build.data-file@200', 'seal.fsync@300']) {
      const exit = await cli({ DALA_FAULT_KILL_AT: point });
      assert.equal(exit.signal, 'SIGKILL', `${point}: exit ${exit.code}\n${exit.stderr}`);
      const state = await inspect(dir);
      assert.deepEqual([state.listed, state.torn], [[], []], point);
      assert.equal(state.leftovers.length, 1, `${point}: one staging directory left`);
    }
    const complete = await cli();
    assertBuilt(complete, 'the complete build');
    assert.match(complete.stderr, /removed 1 leftover\(s\) of killed builds/);
    const state = await inspect(dir);
    assert.deepEqual([state.listed, state.torn, state.leftovers], [[state.current], [], []]);
    const { realRelease } = await import('./support/release.js'); // loads the whole build: only here
    const { releasesDir: cleanDir, revision } = await realRelease();
    assert.equal(state.current, revision, 'the revision of a clean build');
    assert.deepEqual(
      await contentOf(join(dir, state.current)),
      await contentOf(join(cleanDir, revision)),
      'the bytes of a clean build',
    );
  },
);

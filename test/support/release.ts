// The real release: built from the pinned snapshots once for as long as the build's inputs are
// unchanged, and shared by every test file and process. A build takes half a minute and some twenty
// files read the release, so it is content-addressed: kept in the git-ignored
// .cache/real-release/<key>/, where the key is a sha256 over every input of the build (the snapshots'
// bytes, sources/, src/, native/, vendor/, package-lock.json, the build time and Node's version). A kept
// release is verified against its seal before a process first uses it (a byte changed on disk is
// rebuilt, never read), and `npm test` verifies it once and hands it to every file it runs
// (DALA_TEST_REAL_RELEASE). Tests only read it; one that writes beside it (a second build, a damaged
// copy) works on copyOfRealRelease(). Remove .cache/real-release to build it anew. The same release
// built with a public URL (DALA_PUBLIC_URL) is kept the same way, beside it, for the tests of what
// that URL changes (keptRealRelease({ publicUrl })).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cp } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildTime, PROJECT_ROOT, snapshotsDir, SOURCES_DIR } from '../../src/lib/config.js';
import { pidAlive } from '../../src/lib/pid-alive.js';
import { realReleaseKey } from './release-key.js';
import { tempDir } from './temp-dir.js';

export interface RealRelease {
  releasesDir: string;
  revision: string;
}

/** Set by `npm test` for the files it runs: `<releasesDir>\n<revision>` of the verified release. */
export const HANDED_DOWN = 'DALA_TEST_REAL_RELEASE';
const KEEP = 2; // releases kept: the current inputs' and the one before (a branch switched back)

/** Which build of the inputs: the default, or one with a public URL. */
export interface Variant {
  publicUrl?: string;
}

/** Where a variant's releases are kept: each its own directory, so pruning one keeps the others. */
function cacheOf(variant: Variant): string {
  const name = variant.publicUrl
    ? `real-release-public-url-${createHash('sha256').update(variant.publicUrl).digest('hex').slice(0, 8)}`
    : 'real-release';
  return join(PROJECT_ROOT, '.cache', name);
}

function kept(dir: string): RealRelease | null {
  try {
    const revision = readFileSync(join(dir, 'revision'), 'utf8').trim();
    return { releasesDir: join(dir, 'releases'), revision };
  } catch {
    return null;
  }
}

/** Takes the build lock of `key` (a directory made atomically), or null while a live process holds it. */
function lock(cache: string, key: string): (() => void) | null {
  const dir = join(cache, `${key}.lock`);
  try {
    mkdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    let holder = 0;
    try {
      holder = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    } catch {
      // taken a moment ago, its pid not yet written; a lock left without one for 10 s was abandoned
      if (Date.now() - statSync(dir).mtimeMs < 10_000) return null;
    }
    if (holder && pidAlive(holder)) return null;
    rmSync(dir, { recursive: true, force: true }); // a killed builder's lock
    return lock(cache, key);
  }
  writeFileSync(join(dir, 'pid'), String(process.pid));
  return () => rmSync(dir, { recursive: true, force: true });
}

/** Removes kept releases beyond the KEEP newest, and leftovers of killed builds. */
function prune(cache: string, current: string): void {
  const entries = readdirSync(cache).map((name) => ({
    name,
    path: join(cache, name),
    mtime: statSync(join(cache, name)).mtimeMs,
  }));
  const building = /^[0-9a-f]{32}\.building-(\d+)$/;
  for (const e of entries) {
    const m = building.exec(e.name);
    if (m && !pidAlive(Number(m[1]))) rmSync(e.path, { recursive: true, force: true });
  }
  entries
    .filter((e) => /^[0-9a-f]{32}$/.test(e.name) && e.name !== current)
    .sort((a, b) => b.mtime - a.mtime)
    .slice(KEEP - 1)
    .forEach((e) => rmSync(e.path, { recursive: true, force: true }));
}

async function build(cache: string, key: string, variant: Variant): Promise<RealRelease> {
  const dir = join(cache, key);
  const staging = join(cache, `${key}.building-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  // loaded only here: a process that finds the release kept never loads the build's modules
  const { buildRelease } = await import('../../src/release/build.js');
  const result = await buildRelease({
    snapshotsDir: snapshotsDir(),
    releasesDir: join(staging, 'releases'),
    sourcesDir: SOURCES_DIR,
    builtAt: buildTime(),
    ...(variant.publicUrl ? { publicUrl: variant.publicUrl } : {}),
  });
  writeFileSync(join(staging, 'revision'), `${result.revision}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  prune(cache, key);
  return { releasesDir: join(dir, 'releases'), revision: result.revision };
}

async function verified(release: RealRelease): Promise<boolean> {
  const { verifyRelease } = await import('../../src/release/verify.js');
  return verifyRelease(join(release.releasesDir, release.revision)).then(
    () => true,
    () => false,
  );
}

/**
 * The kept release of the current inputs, verified; built (once, whichever process comes first:
 * the others wait for it) when there is none or it fails verification.
 */
export async function keptRealRelease(
  log: (line: string) => void = () => {},
  variant: Variant = {},
): Promise<RealRelease> {
  const key = realReleaseKey();
  const cache = cacheOf(variant);
  mkdirSync(cache, { recursive: true });
  for (;;) {
    const found = kept(join(cache, key));
    if (found && (await verified(found))) {
      log(`real release ${found.revision}: kept (${cache}/${key})`);
      return found;
    }
    const release = lock(cache, key);
    if (!release) {
      await sleep(500); // another process builds it
      continue;
    }
    try {
      const again = kept(join(cache, key)); // built while this process waited for the lock
      if (again && (await verified(again))) return again;
      const started = Date.now();
      const built = await build(cache, key, variant);
      log(
        `real release ${built.revision}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      return built;
    } finally {
      release();
    }
  }
}

let shared: Promise<RealRelease> | null = null;

/** The real release, read-only: the one `npm test` handed down, else the kept one of these inputs. */
export function realRelease(): Promise<RealRelease> {
  shared ??= (async () => {
    const handed = process.env[HANDED_DOWN];
    if (handed) {
      const [releasesDir, revision] = handed.split('\n');
      if (releasesDir && revision && existsSync(join(releasesDir, revision)))
        return { releasesDir, revision };
    }
    return keptRealRelease();
  })();
  return shared;
}

/** A copy of the real release in a temporary directory, for a test that builds or writes beside it. */
export async function copyOfRealRelease(): Promise<RealRelease> {
  const { releasesDir, revision } = await realRelease();
  const copy = join(tempDir('dala-real-copy-'), 'releases');
  await cp(releasesDir, copy, { recursive: true });
  return { releasesDir: copy, revision };
}

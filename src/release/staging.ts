// Staging directories of builds in progress: `.staging-<pid>-<random>` inside the releases directory
// (the same filesystem, so the final rename is atomic). A build killed before its rename leaves one
// behind; the next build removes every staging directory and pointer temp file whose owning process
// is gone, so leftovers never accumulate. A live owner's directory is never touched.
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const STAGING = /^\.staging-(\d+)-[A-Za-z0-9]+$/;
// Older builds named staging directories without a pid: swept once older than any build runs.
const LEGACY_STAGING = /^\.staging-[A-Za-z0-9]{6}$/;
const LEGACY_AGE_MS = 60 * 60 * 1000;
const POINTER_TMP = /^\.CURRENT\.(\d+)\.tmp$/;

export async function makeStaging(releasesDir: string): Promise<string> {
  await mkdir(releasesDir, { recursive: true });
  return mkdtemp(join(releasesDir, `.staging-${process.pid}-`));
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes leftovers of dead builds; returns the names removed. */
export async function sweepStaging(releasesDir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(releasesDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const owner = STAGING.exec(name)?.[1] ?? POINTER_TMP.exec(name)?.[1];
    const dead = owner !== undefined ? !alive(Number(owner)) : LEGACY_STAGING.test(name) && (await olderThan(join(releasesDir, name), LEGACY_AGE_MS));
    if (!dead) continue;
    await rm(join(releasesDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

async function olderThan(path: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(path)).mtimeMs > ms;
  } catch {
    return false;
  }
}

// The CURRENT pointer: a one-line file naming the current revision, swapped atomically with rename(2).
import { readFile, rename, writeFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CURRENT_POINTER, REVISION_PATTERN } from './layout.js';

export async function readCurrent(releasesDir: string): Promise<string | null> {
  try {
    const revision = (await readFile(join(releasesDir, CURRENT_POINTER), 'utf8')).trim();
    return REVISION_PATTERN.test(revision) ? revision : null;
  } catch {
    return null;
  }
}

export async function swapCurrent(releasesDir: string, revision: string): Promise<void> {
  const tmp = join(releasesDir, `.${CURRENT_POINTER}.${process.pid}.tmp`);
  await writeFile(tmp, revision + '\n');
  await rename(tmp, join(releasesDir, CURRENT_POINTER));
}

/** Revision directories present (sealed or not; callers verify before trusting one). */
export async function revisionDirs(releasesDir: string): Promise<string[]> {
  try {
    const entries = await readdir(releasesDir, { withFileTypes: true });
    return entries.filter((e) => e.isDirectory() && REVISION_PATTERN.test(e.name)).map((e) => e.name);
  } catch {
    return [];
  }
}

// The CURRENT pointer: a one-line file naming the current revision, swapped atomically with rename(2).
// The swap is durable: the new pointer's bytes and the directory entry are fsynced before and after
// the rename, so after a power loss CURRENT names either the old or the new release, never nothing.
import { readFileSync, readdirSync } from 'node:fs';
import { open, rename, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CURRENT_POINTER, REVISION_PATTERN } from './layout.js';
import { fsyncDir } from './durable.js';
import { faultPoint } from './fault.js';
import { pointerTempName } from './staging.js';

export type PointerState = { revision: string } | { revision: null; reason: string };

/** What CURRENT names, or why it names nothing usable (the reason goes to the log and to health). */
export async function inspectCurrent(releasesDir: string): Promise<PointerState> {
  const path = join(releasesDir, CURRENT_POINTER);
  let text: string;
  try {
    text = readFileSync(path, 'utf8'); // a few bytes: sync, so a busy server notices a swap at once
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    try {
      readdirSync(releasesDir);
    } catch {
      return {
        revision: null,
        reason: `releases directory ${releasesDir} is not readable (${code})`,
      };
    }
    return {
      revision: null,
      reason:
        code === 'ENOENT'
          ? `${path} does not exist (no release sealed yet)`
          : `${path} is not readable (${code})`,
    };
  }
  const revision = text.trim();
  if (!REVISION_PATTERN.test(revision)) {
    return {
      revision: null,
      reason: `${path} holds ${JSON.stringify(text.slice(0, 40))}, not a 16-hex revision`,
    };
  }
  return { revision };
}

export async function readCurrent(releasesDir: string): Promise<string | null> {
  return (await inspectCurrent(releasesDir)).revision;
}

export async function swapCurrent(releasesDir: string, revision: string): Promise<void> {
  if (!REVISION_PATTERN.test(revision))
    throw new Error(`refusing to point CURRENT at ${JSON.stringify(revision)}`);
  const tmp = join(releasesDir, pointerTempName());
  const handle = await open(tmp, 'w');
  try {
    await handle.writeFile(revision + '\n');
    faultPoint('pointer.written');
    await handle.sync();
  } finally {
    await handle.close();
  }
  faultPoint('pointer.synced');
  await rename(tmp, join(releasesDir, CURRENT_POINTER));
  faultPoint('pointer.renamed');
  await fsyncDir(releasesDir);
}

/** Revision directories present (sealed or not; callers verify before trusting one). */
export async function revisionDirs(releasesDir: string): Promise<string[]> {
  try {
    const entries = await readdir(releasesDir, { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory() && REVISION_PATTERN.test(e.name))
      .map((e) => e.name);
  } catch {
    return [];
  }
}

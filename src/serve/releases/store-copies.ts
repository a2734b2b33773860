// Where `dala serve` keeps the private copies of stores too large to hold in memory
// (src/serve/releases/release-load.ts), and the sweeping of copies whose process is gone: a serve process
// stopped by SIGKILL or a crash cannot remove its own, and a multi-GB copy per stop fills the disk.
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pidAlive } from '../../lib/pid-alive.js';

const PREFIX = 'dala-serve-';

/** This process's copy directory: DALA_STORE_COPY_DIR, or one per process id under the temp dir. */
export const COPY_ROOT = process.env.DALA_STORE_COPY_DIR ?? join(tmpdir(), `${PREFIX}${process.pid}`);

/**
 * Removes `dala-serve-<pid>` directories under the temp dir whose process no longer runs. A reused pid
 * keeps a dead copy until that process ends too: never removing a live process's copy matters more.
 */
export async function sweepDeadCopies(root = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(name.slice(PREFIX.length));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || pidAlive(pid)) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed.push(join(root, name));
  }
  return removed;
}

/** Removes this process's copy directory (after its stores are closed). */
export async function removeOwnCopies(): Promise<void> {
  if (process.env.DALA_STORE_COPY_DIR) return; // an operator's directory is theirs to keep
  await rm(COPY_ROOT, { recursive: true, force: true });
}

// fsync helpers for sealing: a rename is only durable once the renamed file's bytes and the directory
// holding the new name are on disk (rename(2) and fsync(2); ext4/xfs order data only on request).
import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { faultPoint } from './fault.js';

export async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export const fsyncDir = fsyncPath;

/** fsyncs every file and directory under root (bottom-up), then root itself. */
export async function fsyncTree(root: string): Promise<void> {
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) await fsyncTree(path);
    else await fsyncPath(path);
    faultPoint('seal.fsync');
  }
  await fsyncPath(root);
}

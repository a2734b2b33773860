// Hashing a sealed store against its seal, and copying it to its private file in the same pass when it
// is served from a copy: verification and copy are one pass over the bytes. Run on a worker thread
// (./store-verify-worker.ts) for any store but a small one (./store-verify.ts).
import { createHash } from 'node:crypto';
import { closeSync, constants as fsc, fchmodSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';

export interface StoreCopyJob {
  source: string;
  /** The private copy to create (it must not exist), or null to hash the file only. */
  target: string | null;
  /** Hash only the file of this identity (the one opened in place); another is refused unread. */
  identity?: { dev: number; ino: number };
  /** The sealed size: a file of another size is refused without reading it. */
  bytes: number;
}

export type StoreCopyResult = { ok: true; sha256: string; bytes: number } | { ok: false; reason: string };

const CHUNK = 4 * 1024 * 1024;

export function copyAndHash(job: StoreCopyJob): StoreCopyResult {
  // O_NOFOLLOW: a symlink swapped in after the caller's lstat is refused rather than followed.
  const fd = openSync(job.source, fsc.O_RDONLY | fsc.O_NOFOLLOW);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, reason: 'not a regular file' };
    if (stat.size !== job.bytes) return { ok: false, reason: `${stat.size} bytes, sealed ${job.bytes}` };
    if (job.identity && (stat.dev !== job.identity.dev || stat.ino !== job.identity.ino)) return { ok: false, reason: 'replaced since it was opened' };
    const hash = createHash('sha256');
    const out = job.target === null ? null : openSync(job.target, fsc.O_WRONLY | fsc.O_CREAT | fsc.O_EXCL | fsc.O_NOFOLLOW, 0o600);
    try {
      const chunk = Buffer.allocUnsafeSlow(CHUNK);
      let total = 0;
      for (let n; (n = readSync(fd, chunk, 0, CHUNK, total)) > 0; total += n) {
        const part = chunk.subarray(0, n);
        hash.update(part); // the bytes hashed are the bytes written: the copy is what was verified
        if (out !== null) for (let off = 0; off < n; ) off += writeSync(out, part, off, n - off);
      }
      if (out !== null) fchmodSync(out, 0o400);
      return { ok: true, sha256: hash.digest('hex'), bytes: total };
    } finally {
      if (out !== null) closeSync(out);
    }
  } finally {
    closeSync(fd);
  }
}

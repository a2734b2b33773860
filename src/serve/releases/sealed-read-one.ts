// Reading one sealed file into memory, checked against its seal entry: a regular file (a symlink,
// even to identical bytes, refuses the release), of the sealed size, whose sha256 is the sealed one.
// The body is hashed as held, so the bytes served are the sealed bytes even if the file changes on
// disk after this read.
import { closeSync, constants as fsc, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../lib/hash.js';

export interface SealedRead {
  path: string;
  sha256: string;
  bytes: number;
}

export type SealedReadResult = { ok: true; bodies: ArrayBuffer[] } | { ok: false; path: string; reason: string };

/** The file's bytes in a buffer of its own (not pooled: it may be moved to another thread), or why it is refused. */
export function readOneSealed(dir: string, f: SealedRead): Buffer | string {
  let fd: number;
  try {
    // O_NOFOLLOW: a symlink is refused, not followed
    fd = openSync(join(dir, f.path), fsc.O_RDONLY | fsc.O_NOFOLLOW);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ELOOP' ? 'not a regular file' : 'missing';
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return 'not a regular file';
    if (stat.size !== f.bytes) return `sha256 differs from the seal (${stat.size} bytes, sealed ${f.bytes})`;
    const body = Buffer.allocUnsafeSlow(f.bytes);
    for (let at = 0, n; at < f.bytes; at += n) {
      n = readSync(fd, body, at, f.bytes - at, at);
      if (n === 0) return `sha256 differs from the seal (${at} bytes, sealed ${f.bytes})`;
    }
    return sha256Hex(body) === f.sha256 ? body : 'sha256 differs from the seal';
  } finally {
    closeSync(fd);
  }
}

// Reads a release's sealed files into memory, each hashed against its seal entry (./sealed-read-one.ts).
// Many bytes are read on worker threads, one per core but the serving thread's (./sealed-read-worker.ts):
// at start the serving thread imports and builds the app meanwhile, and that is the longer path, so it
// keeps a core of its own; on a swap it keeps answering. A few bytes are read here: starting a thread
// costs more than reading them.
import { availableParallelism } from 'node:os';
import { ReleaseVerificationError } from '../../release/verify.js';
import { readOneSealed, type SealedRead, type SealedReadResult } from './sealed-read-one.js';
import { startWorker } from './threads.js';

/** Up to this many bytes in all, the files are read on this thread. */
export const READ_HERE_MAX = 4 * 1024 * 1024;
/** A thread per this many bytes, at most one per core but one. */
const BYTES_PER_THREAD = 4 * 1024 * 1024;
const SLICE_MS = 10;

const refusal = (path: string, reason: string) => new ReleaseVerificationError(`${path}: ${reason}`, path);

/** The bodies of `files` by path; rejects with a ReleaseVerificationError naming the first file refused. */
export async function readSealedFiles(dir: string, files: SealedRead[], hereMax = READ_HERE_MAX): Promise<Map<string, Buffer>> {
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  if (total <= hereMax) return readHere(dir, files);
  const threads = Math.max(1, Math.min(availableParallelism() - 1, Math.ceil(total / BYTES_PER_THREAD)));
  // The largest first, each to the thread with the fewest bytes so far: the threads end together.
  const groups = Array.from({ length: threads }, () => ({ bytes: 0, files: [] as SealedRead[] }));
  for (const f of [...files].sort((a, b) => b.bytes - a.bytes)) {
    const g = groups.reduce((min, x) => (x.bytes < min.bytes ? x : min));
    g.files.push(f);
    g.bytes += f.bytes;
  }
  const workers = groups.map((g) => startWorker('sealed-read-worker', { dir, files: g.files }));
  try {
    const results = await Promise.all(workers.map((w) => new Promise<SealedReadResult>((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
      w.once('exit', (code) => reject(new Error(`a thread reading the release exited (${code})`)));
    })));
    const out = new Map<string, Buffer>();
    results.forEach((r, i) => {
      if (!r.ok) throw refusal(r.path, r.reason);
      groups[i]!.files.forEach((f, j) => out.set(f.path, Buffer.from(r.bodies[j]!)));
    });
    return out;
  } finally {
    for (const w of workers) void w.terminate();
  }
}

/**
 * Read synchronously in slices of at most SLICE_MS, yielding to the event loop between slices: a
 * thread-pool round trip per open, stat, read and close of a thousand small files costs far more
 * than the reads, while a release swapped in under load must not hold requests for long.
 */
async function readHere(dir: string, files: SealedRead[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  let slice = performance.now();
  for (const f of files) {
    const body = readOneSealed(dir, f);
    if (typeof body === 'string') throw refusal(f.path, body);
    out.set(f.path, body);
    if (performance.now() - slice > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      slice = performance.now();
    }
  }
  return out;
}

// Verifies a sealed store and opens the verified bytes: held in memory up to `memoryMax` (read once,
// hashed, deserialised), or as a private read-only copy written and hashed in the same pass on a
// worker thread (src/serve/releases/store-verify-worker.ts), so a multi-GB store never blocks the serving
// thread. Only bytes whose sha256 and size equal the seal's are ever opened, so what is served is
// what was sealed for as long as it is served, whatever later happens to the release directory.
import { lstatSync } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { sha256Hex } from '../../lib/hash.js';
import { STORE_FILE } from '../../release/layout.js';
import { ReleaseVerificationError } from '../../release/verify.js';
import { openStore } from '../../store/open.js';
import { COPY_ROOT } from './store-copies.js';
import type { StoreCopyJob, StoreCopyResult } from './store-verify-worker.js';

export interface VerifiedStore {
  db: Database.Database;
  /** The private copy on disk, or null when the store is held in memory. */
  copy: string | null;
}

export interface StoreVerification {
  /** Settles once: the opened verified store, or a ReleaseVerificationError naming store.sqlite. */
  readonly done: Promise<VerifiedStore>;
  /** Stops the verification; a store already opened is closed and its copy removed. */
  cancel(): Promise<void>;
}

// Under tsx (tests, DALA_FROM_SOURCE=1) this module is TypeScript, and so is its worker beside it; a
// thread does not inherit the loader hooks tsx registered here, so the worker registers them first.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = new URL(`./store-verify-worker${FROM_SOURCE ? '.ts' : '.js'}`, import.meta.url);

function startWorker(job: StoreCopyJob): Worker {
  if (!FROM_SOURCE) return new Worker(WORKER, { workerData: job });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER.href)}); })`, { eval: true, workerData: job });
}

const refused = (reason: string) => new ReleaseVerificationError(`${STORE_FILE}: ${reason}`, STORE_FILE);
const differs = (actual: { sha256: string; bytes: number }, sealed: { sha256: string; bytes: number }) =>
  actual.sha256 !== sealed.sha256 || actual.bytes !== sealed.bytes
    ? refused(`sha256 ${actual.sha256} (${actual.bytes} bytes) differs from sealed ${sealed.sha256} (${sealed.bytes} bytes)`)
    : null;

/** Reads a small store into memory and hashes it: the bytes opened are the bytes hashed. */
async function inMemory(source: string, sealed: { sha256: string; bytes: number }): Promise<Buffer> {
  const file = await open(source, 'r');
  try {
    const bytes = await file.readFile();
    const failure = differs({ sha256: sha256Hex(bytes), bytes: bytes.length }, sealed);
    if (failure) throw failure;
    return bytes;
  } finally {
    await file.close();
  }
}

/** Starts verifying `dir`/store.sqlite against its seal entry; the caller awaits `done` when it must. */
export function verifyStore(dir: string, sealed: { sha256: string; bytes: number }, memoryMax: number): StoreVerification {
  const source = join(dir, STORE_FILE);
  const target = sealed.bytes <= memoryMax ? null : join(COPY_ROOT, `${Date.now()}-${Math.random().toString(36).slice(2)}.sqlite`);
  const running: { worker: Worker | null; cancelled: boolean } = { worker: null, cancelled: false };
  const done = (async (): Promise<VerifiedStore> => {
    try {
      if (!lstatSync(source).isFile()) throw refused('not a regular file');
    } catch (err) {
      throw err instanceof ReleaseVerificationError ? err : refused('missing');
    }
    if (target === null) return { db: openStore(await inMemory(source, sealed), source), copy: null };
    try {
      await mkdir(COPY_ROOT, { recursive: true, mode: 0o700 });
      if (running.cancelled) throw refused('verification cancelled');
      const result = await new Promise<StoreCopyResult>((resolve, reject) => {
        const w = (running.worker = startWorker({ source, target, bytes: sealed.bytes }));
        w.once('message', resolve);
        w.once('error', reject);
        w.once('exit', (code) => reject(new Error(running.cancelled ? 'verification cancelled' : `the verifying thread exited (${code})`)));
      });
      if (!result.ok) throw refused(result.reason);
      const failure = differs(result, sealed);
      if (failure) throw failure;
      if (running.cancelled) throw refused('verification cancelled');
      return { db: openStore(target), copy: target };
    } catch (err) {
      await rm(target, { force: true });
      throw err instanceof ReleaseVerificationError || (err as Error).name === 'SyntheticStoreError' ? err : refused((err as Error).message);
    } finally {
      void running.worker?.terminate();
    }
  })();
  done.catch(() => {}); // observed by whoever awaits it; never an unhandled rejection meanwhile
  return {
    done,
    async cancel() {
      running.cancelled = true;
      await running.worker?.terminate();
      await done.then(
        (store) => {
          if (store.db.open) store.db.close();
          if (store.copy) return rm(store.copy, { force: true });
        },
        () => {},
      );
    },
  };
}

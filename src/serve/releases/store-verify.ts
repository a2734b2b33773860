// Verifies a sealed store and opens it. A store whose pages carry checksums is opened in place,
// whatever its size (./store-in-place.ts): it answers at once, each page checked as SQLite reads it,
// while a worker thread hashes the whole file against the seal (src/serve/releases/store-verify-worker.ts)
// and a mismatch withdraws it. Reading even a 63 MiB store whole, hashing and deserialising it took about
// a second before its first answer; in place it takes milliseconds. A store without page checksums
// (written before they existed), or any store when in-place opening is off (DALA_STORE_IN_PLACE=0), is
// verified whole before it answers: up to `memoryMax` read once, hashed and deserialised; larger, copied
// to a private read-only file, written and hashed in one pass on that thread, and opened only once its
// sha256 and size equal the seal's. Either way no byte that differs from the sealed one is ever
// answered, whatever later happens to the release directory.
import { lstatSync } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { sha256Hex } from '../../lib/hash.js';
import { STORE_FILE } from '../../release/layout.js';
import { ReleaseVerificationError } from '../../release/verify.js';
import { openStore } from '../../store/open.js';
import { COPY_ROOT } from './store-copies.js';
import { openInPlace, type InPlaceStore } from './store-in-place.js';
import { startWorker } from './threads.js';
import { copyAndHash, type StoreCopyJob, type StoreCopyResult } from './store-hash.js';

export interface VerifiedStore {
  db: Database.Database;
  /** The private copy on disk, or null when the store is held in memory or opened in place. */
  copy: string | null;
}

export interface StoreOptions {
  /** A store verified whole before it answers is read into memory up to this size, else copied. */
  memoryMax: number;
  /** Stores whose pages carry checksums are opened in place (./store-in-place.ts), whatever their size. */
  inPlace: boolean;
  /**
   * A store opened in place answers before it is hashed whole, and nothing waits for that hash (a
   * release served at start): it is hashed at the lowest priority, behind the answers (./threads.ts).
   * Otherwise (a swap waits for it) at the serving threads' own.
   */
  hashBehindAnswers?: boolean;
}

export interface StoreVerification {
  /**
   * Settles once: the store, opened for answering (verified whole in memory or as a private copy, or
   * opened in place with each page checked as it is read), or a ReleaseVerificationError naming store.sqlite.
   */
  readonly opened: Promise<VerifiedStore>;
  /** Settles once the whole file's sha256 and size are compared with the seal's: resolves when they match. */
  readonly done: Promise<void>;
  /**
   * Resolves, with the reason, when a store that was opened stops being what was sealed: its whole-file
   * hash differs, or the file opened in place was written to. Never resolves otherwise; never rejects.
   */
  readonly lost: Promise<Error>;
  /** Stops the verification; a store already opened is closed and its copy removed. */
  cancel(): Promise<void>;
}

/**
 * A store opened in place up to this size is hashed on this thread, at once: starting a worker thread
 * costs more (tens of milliseconds, far more under a TypeScript loader) than hashing a few MiB, and a
 * swap waits for the hash. One read of 4 MiB and its sha256 hold the thread for a few milliseconds.
 */
const HASH_HERE_MAX = 4 * 1024 * 1024;

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

function hashHere(job: StoreCopyJob): StoreCopyResult {
  try {
    return copyAndHash(job);
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
}

const observed = <T>(p: Promise<T>): Promise<T> => (p.catch(() => {}), p); // awaited by the caller, never unhandled

/** Starts verifying `dir`/store.sqlite against its seal entry; the caller awaits `opened` or `done` when it must. */
export function verifyStore(dir: string, sealed: { sha256: string; bytes: number }, opts: StoreOptions): StoreVerification {
  const source = join(dir, STORE_FILE);
  const running: { worker: Worker | null; cancelled: boolean; unwatch: (() => void) | null } = { worker: null, cancelled: false, unwatch: null };
  let inPlace = false;
  let lose!: (err: Error) => void;
  const lost = new Promise<Error>((resolve) => (lose = (err) => (running.unwatch?.(), resolve(err))));
  const hashed = { resolve: (): void => {}, reject: (_err: Error): void => {} };
  const whole = observed(new Promise<void>((resolve, reject) => Object.assign(hashed, { resolve, reject })));

  const hash = async (job: StoreCopyJob, background = false): Promise<void> => {
    if (running.cancelled) throw refused('verification cancelled');
    const here = job.target === null && job.bytes <= HASH_HERE_MAX;
    const result = here ? hashHere(job) : await new Promise<StoreCopyResult>((resolve, reject) => {
      const w = (running.worker = startWorker('store-verify-worker', job, { background }));
      w.once('message', resolve);
      w.once('error', reject);
      w.once('exit', (code) => reject(new Error(running.cancelled ? 'verification cancelled' : `the verifying thread exited (${code})`)));
    }).finally(() => void running.worker?.terminate());
    if (!result.ok) throw refused(result.reason);
    const failure = differs(result, sealed);
    if (failure) throw failure;
    if (running.cancelled) throw refused('verification cancelled');
  };

  const opened = observed((async (): Promise<VerifiedStore> => {
    try {
      if (!lstatSync(source).isFile()) throw refused('not a regular file');
    } catch (err) {
      throw err instanceof ReleaseVerificationError ? err : refused('missing');
    }
    if (opts.inPlace) {
      let placed: InPlaceStore | null;
      try {
        placed = openInPlace(source, sealed.bytes, (reason) => lose(refused(reason)));
      } catch (err) {
        throw (err as Error).name === 'SyntheticStoreError' ? err : refused((err as Error).message);
      }
      if (placed) {
        running.unwatch = placed.unwatch;
        inPlace = true;
        const { db, dev, ino } = placed;
        // Answering starts now; the whole file is hashed meanwhile, and a mismatch withdraws the store.
        hash({ source, target: null, bytes: sealed.bytes, identity: { dev, ino } }, opts.hashBehindAnswers).then(hashed.resolve, (err: Error) => {
          hashed.reject(err);
          if (!running.cancelled) lose(err);
        });
        return { db, copy: null };
      }
    }
    if (sealed.bytes <= opts.memoryMax) return { db: openStore(await inMemory(source, sealed), source), copy: null };
    const target = join(COPY_ROOT, `${Date.now()}-${Math.random().toString(36).slice(2)}.sqlite`);
    try {
      await mkdir(COPY_ROOT, { recursive: true, mode: 0o700 });
      await hash({ source, target, bytes: sealed.bytes });
      return { db: openStore(target), copy: target };
    } catch (err) {
      await rm(target, { force: true });
      throw err instanceof ReleaseVerificationError || (err as Error).name === 'SyntheticStoreError' ? err : refused((err as Error).message);
    }
  })());
  // A store held in memory or copied is hashed before it opens; one opened in place is hashed after.
  opened.then(() => (inPlace ? undefined : hashed.resolve()), hashed.reject);
  return {
    opened,
    done: whole,
    lost,
    async cancel() {
      running.cancelled = true;
      running.unwatch?.();
      await running.worker?.terminate();
      await opened.then(
        (store) => {
          if (store.db.open) store.db.close();
          if (store.copy) return rm(store.copy, { force: true });
        },
        () => {},
      );
    },
  };
}

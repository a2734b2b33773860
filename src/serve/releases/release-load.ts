// Loads one sealed release for serving: verify it, hold its data/ tree in memory (every file read
// first, or at start each on its first use: ./sealed-file.ts) with the gzip and brotli variants
// written at seal time (src/release/precompress.ts; loading compresses nothing, so a swap does not
// compete with requests for CPU), and open its store verified (./store-verify.ts: in memory, in place
// with every page checked as it is read, or as a private copy), so what is served is what was sealed
// for as long as it is served, whatever later happens on disk.
import { lstatSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { DATA_DIR, STORE_FILE, releaseDir, type ReleaseSeal, type SealedVariant } from '../../release/layout.js';
import { ReleaseVerificationError, readSeal, verifyRelease } from '../../release/verify.js';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease, ServedFile } from './release-types.js';
import { SealedFile, type UnreadSource } from './sealed-file.js';
import { readSealedFiles } from './sealed-read.js';
import type { SealedRead } from './sealed-read-one.js';
import { verifyStore, type StoreVerification, type VerifiedStore } from './store-verify.js';

/**
 * A store verified whole before it answers (no page checksums, or in-place opening off) is held in
 * memory up to this size (read once, hashed, deserialised: no file is read again). A larger one is
 * copied to a private file, hashed as it is copied (one pass over the bytes, on a worker thread), and
 * the copy is opened read-only: the resident memory stays at SQLite's page cache rather than the store's size.
 */
export const STORE_MEMORY_MAX = Number(process.env.DALA_STORE_MEMORY_MAX ?? 128 * 1024 * 1024);

/**
 * Stores whose pages carry checksums are opened in place, whatever their size, and answer at once (the
 * whole file is hashed behind them); DALA_STORE_IN_PLACE=0 verifies them whole before they answer.
 */
export const STORE_IN_PLACE = process.env.DALA_STORE_IN_PLACE !== '0';

/** A sealed release whose data files are verified (or verified on first use) and whose store is verified (or being verified). */
class SealedRelease implements LoadedRelease {
  private store: VerifiedStore | null = null;
  private failure: Error | null = null;
  private readonly started = Date.now();
  private reading: Promise<number> | null = null;
  readonly storeReady: Promise<void>;
  readonly storeSealed: Promise<void>;
  storeVerifiedAt: number | null = null;

  constructor(
    readonly revision: string,
    readonly dir: string,
    readonly seal: ReleaseSeal,
    readonly files: ReadonlyMap<string, SealedFile>,
    private readonly verification: StoreVerification,
    readonly dataLost: Promise<Error>,
    private readonly dataRefused: (err: ReleaseVerificationError) => void,
  ) {
    const failed = (err: Error) => {
      this.failure ??= err;
      throw err;
    };
    this.storeReady = verification.opened.then((store) => {
      this.store = store;
      this.storeVerifiedAt = performance.now();
    }, failed);
    this.storeSealed = verification.done.catch(failed);
    // the holder observes them; a request never sees a rejection
    this.storeReady.catch(() => {});
    this.storeSealed.catch(() => {});
    // From here on no answer comes from this store: the holder withdraws the release.
    void verification.lost.then((err) => (this.failure ??= err));
  }

  get storeLost(): Promise<Error> {
    return this.verification.lost;
  }

  get db(): Database.Database {
    if (this.failure) throw new ProblemError('release_unavailable', `release ${this.revision}: its store failed verification (${this.failure.message})`, {}, { 'retry-after': '1' });
    if (this.store) return this.store.db;
    const seconds = Math.round((Date.now() - this.started) / 1000);
    throw new ProblemError('store_verifying', `release ${this.revision}: its store is being verified against the seal (${seconds} s so far); this route answers once it is`, {}, { 'retry-after': '1' });
  }

  get storeVerified(): boolean {
    return this.store !== null && this.failure === null;
  }

  get storeCopy(): string | null {
    return this.store?.copy ?? null;
  }

  readAhead(): Promise<number> {
    // On worker threads (./sealed-read.ts): answers go on meanwhile, and a file asked for before its
    // turn is read on use (SealedFile). A file that differs from its seal withdraws the release.
    return (this.reading ??= (async () => {
      const unread = [...this.files.values()].flatMap((f) => f.unread());
      if (!unread.length) return 0;
      let bodies: Map<string, Buffer>;
      try {
        bodies = await readSealedFiles(this.dir, unread);
      } catch (err) {
        if (!(err instanceof ReleaseVerificationError)) throw err; // a thread failed: each file is still read and hashed on use
        this.dataRefused(err);
        return 0;
      }
      for (const f of this.files.values()) f.adopt(bodies);
      return unread.length;
    })());
  }

  close(): Promise<void> {
    const store = this.store;
    if (store?.db.open) store.db.close(); // at once: a retired release closes as its last request ends
    return this.verification.cancel(); // and its hashing, its watch and its copy with it
  }
}

/** A sealed file's path, refusing anything but a regular file. */
function regularFile(dir: string, path: string): string {
  const abs = join(dir, path);
  // Only regular files are served: a symlink, even to identical bytes, refuses the release.
  if (!lstatSync(abs).isFile()) throw new ReleaseVerificationError(`${path}: not a regular file`, path);
  return abs;
}

/** The variant loadRelease serves for a file and coding: the last the seal lists, by `<path> <coding>`. */
function variantsOf(seal: ReleaseSeal): Map<string, SealedVariant> {
  const variants = new Map<string, SealedVariant>();
  for (const v of seal.variants ?? []) variants.set(`${v.of} ${v.coding}`, v);
  return variants;
}

/** The files loadRelease reads and hashes itself: data files not shared from `reuse`, and their variants. */
function readByLoader(seal: ReleaseSeal, reuse: ReadonlyMap<string, ServedFile>): SealedRead[] {
  const data = seal.files.filter((f) => f.path.startsWith(DATA_DIR + '/'));
  const out: SealedRead[] = data.filter((f) => !reuse.has(f.sha256));
  const variants = variantsOf(seal);
  for (const f of data) for (const coding of ['gzip', 'br']) {
    const v = variants.get(`${f.path} ${coding}`);
    if (v) out.push(v);
  }
  return out;
}

export interface LoadOptions {
  reuse?: ReadonlyMap<string, ServedFile>;
  memoryMax?: number;
  /** false: return once the data files are verified (see LoadedRelease.storeReady). Default true: once the whole store is hashed too. */
  waitForStore?: boolean;
  /** The store's verifier (store-verify.ts); a test wraps it to hold a verification at a gate. */
  verifyStore?: typeof verifyStore;
  /**
   * true: return once the seal and the files outside data/ are verified; each data file is read and
   * hashed on its first use, the rest by readAhead(). Default false: every data file is read first.
   */
  readDataOnUse?: boolean;
}

/**
 * `reuse` maps sha256 -> an already loaded file whose bytes are shared instead of read again.
 * Throws ReleaseVerificationError naming the file when anything differs from the seal. A file
 * without a sealed variant (not compressible, or sealed before variants existed) is sent as is.
 * The store is verified on a worker thread while the data files load; with `waitForStore` false the
 * release is returned once its data files are verified, and its `storeReady` says when the store is.
 */
export async function loadRelease(releasesDir: string, revision: string, opts: LoadOptions = {}): Promise<LoadedRelease> {
  const { reuse = new Map(), memoryMax = STORE_MEMORY_MAX, waitForStore = true } = opts;
  const dir = releaseDir(releasesDir, revision);
  // The seal is read once, here: the store's verification starts from it at once, and loadData
  // verifies it (every hash, field and file of the tree) while the store is checked.
  const early = await readSeal(dir);
  if (early.revision !== revision) throw new ReleaseVerificationError(`directory ${revision} holds sealed revision ${early.revision}`, 'release.json');
  const storeEntry = early.files.find((f) => f.path === STORE_FILE);
  if (!storeEntry) throw new ReleaseVerificationError(`${STORE_FILE}: not in the seal`, STORE_FILE);
  const verification = (opts.verifyStore ?? verifyStore)(dir, storeEntry, { memoryMax, inPlace: STORE_IN_PLACE, hashBehindAnswers: !waitForStore });
  // A data file that differs from its seal, found on use or by readAhead, withdraws the release (dataLost).
  let refuseData!: (err: ReleaseVerificationError) => void;
  const dataLost = new Promise<Error>((resolve) => (refuseData = resolve));
  let release: SealedRelease;
  try {
    const data = await loadData(dir, revision, reuse, early, opts.readDataOnUse ? refuseData : null);
    release = new SealedRelease(revision, dir, ...data, verification, dataLost, refuseData);
  } catch (err) {
    await verification.cancel();
    throw err;
  }
  if (waitForStore) {
    try {
      await release.storeReady;
      await release.storeSealed; // a swap, or a release loaded on demand, is served only once hashed whole
    } catch (err) {
      await release.close();
      throw err;
    }
  }
  return release;
}

/** What loadData returns: the verified seal and the data/ tree by path relative to data/. */
type LoadedData = [ReleaseSeal, Map<string, SealedFile>];

/**
 * Verifies the release but for its store, and reads its data/ tree (with variants) into memory, or
 * with `onUse` leaves each data file to be read and hashed on its first use (SealedFile). The files
 * are read and hashed (./sealed-read.ts, on worker threads when there are many bytes) while the rest
 * of the seal read first (`early`) is verified here.
 */
async function loadData(dir: string, revision: string, reuse: ReadonlyMap<string, ServedFile>, early: ReleaseSeal, onUse: UnreadSource['refused'] | null): Promise<LoadedData> {
  // Each byte is hashed once: the store by its verification (store-verify.ts), every data file and
  // variant as the bytes read into memory (readSealedFiles, or SealedFile on use); verification hashes
  // the rest on disk, including a data file whose bytes are shared from `reuse` rather than read again.
  const prefix = DATA_DIR + '/';
  const sealedData = readByLoader(early, onUse ? new Map() : reuse);
  const hashedHere = new Set(sealedData.map((f) => f.path));
  const reading = readSealedFiles(dir, onUse ? [] : sealedData);
  reading.catch(() => {}); // awaited below unless verification fails first
  // The seal read first (`early`, whose revision loadRelease checked) is the one verified and served:
  // reading and parsing it again would cost the serving thread as much at start and check nothing more.
  const seal = await verifyRelease(dir, { seal: early, hashedByCaller: (path) => path === STORE_FILE || hashedHere.has(path) });
  const bodies = await reading;
  const variants = variantsOf(seal);
  const files = new Map<string, SealedFile>();
  for (const f of seal.files) {
    if (!f.path.startsWith(prefix)) continue;
    const path = f.path.slice(prefix.length);
    const gzip = variants.get(`${f.path} gzip`);
    const br = variants.get(`${f.path} br`);
    if (onUse) {
      files.set(path, new SealedFile(path, f.sha256, f.media_type, null, { revision, dir, file: f, gzip, br, refused: onUse }));
      continue;
    }
    const known = reuse.get(f.sha256);
    // Bytes already held under the same sha256 are shared rather than read again (a swap keeps
    // one copy of unchanged files); the file must still be a regular file.
    const body = known ? (regularFile(dir, f.path), known.body) : bodies.get(f.path)!;
    const held = { body, gzip: gzip ? bodies.get(gzip.path)! : body, br: br ? bodies.get(br.path)! : body };
    files.set(path, new SealedFile(path, f.sha256, f.media_type, held, null));
  }
  return [seal, files];
}

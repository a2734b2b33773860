// Holds the release being served and swaps it when CURRENT changes. A request pins one release
// (acquire/releaseRef) and answers wholly from it; a replaced release's store is closed only once no
// request holds it and a grace delay has passed (the delay covers code that called current() or get()
// without pinning). A refused candidate is logged with its path and reason, reported by health as
// degraded while the last good release keeps serving, and tried again when its files change or after
// a backoff (a repair that keeps every timestamp is still noticed).
import { watch, type FSWatcher } from 'node:fs';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sha256File } from '../../lib/hash.js';
import { CURRENT_POINTER, EVIDENCE_FILES, REVISION_PATTERN, SEAL_FILE, STORE_FILE, releaseDir, type ReleaseSeal } from '../../release/layout.js';
import { inspectCurrent } from '../../release/pointer.js';
import { readSeal, revisionOf } from '../../release/verify.js';
import { checkSealFields } from '../../release/seal-fields.js';
import { ProblemError } from '../problems/errors.js';
import { loadRelease, type LoadOptions } from './release-load.js';
import type { LoadedRelease, ReleaseSource, ServedFile } from './release-types.js';

export interface HolderLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface HolderOptions {
  releasesDir: string;
  logger?: HolderLogger;
  pollMs?: number; // poll fallback for CURRENT; fs.watch is not reliable on every filesystem
  graceMs?: number;
  watch?: boolean;
  /** Stores up to this many bytes are served from memory, larger ones from a private disk copy. */
  storeMemoryMax?: number;
  /** First retry delay for a refused revision whose files look unchanged; doubles up to 30 s. */
  retryMs?: number;
  /**
   * At start (nothing served yet), serve the release once its data files are verified, its store-backed
   * routes answering 503 store_verifying until its store is verified too; open() then returns before
   * the store is verified. Off: open() returns once the whole release is verified. A swap always
   * verifies the whole new release before it is served.
   */
  answerBeforeStoreVerified?: boolean;
  /** See LoadOptions.verifyStore. */
  verifyStore?: LoadOptions['verifyStore'];
}

export interface HolderStatus {
  state: 'ready' | 'verifying' | 'degraded' | 'unavailable';
  revision: string | null;
  /** Why the state is not ready: each names a path and a reason. */
  reasons: string[];
}

const CACHE_LIMIT = 4; // non-current releases kept open for get() (diffs, /api/v1/releases)
const MAX_RETRY_MS = 30_000;
const silent: HolderLogger = { info() {}, warn() {}, error() {} };

interface Refusal {
  fingerprint: string;
  retryAt: number;
  delay: number;
  reason: string;
}

export class ReleaseHolder implements ReleaseSource {
  private served: LoadedRelease | null = null;
  private faulted: string | null = null; // a read of the served store failed: reload it
  private pointerProblem: string | null = null;
  private readonly refusals = new Map<string, Refusal>();
  private refreshing: Promise<void> | null = null;
  private again = false;
  /** Completed refresh passes: lets tests and operators observe that a check actually ran. */
  refreshCount = 0;
  private readonly refs = new Map<LoadedRelease, number>();
  private readonly retired = new Map<LoadedRelease, number>(); // release -> retired at (ms)
  private readonly cache = new Map<string, Promise<LoadedRelease | null>>();
  private readonly seals = new Map<string, ReleaseSeal | null>(); // read once, verified, never re-read
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly log: HolderLogger;

  private constructor(private readonly opts: HolderOptions) {
    this.log = opts.logger ?? silent;
  }

  static async open(opts: HolderOptions): Promise<ReleaseHolder> {
    const holder = new ReleaseHolder(opts);
    await holder.refresh();
    if (!holder.served) {
      holder.log.error({ releasesDir: opts.releasesDir, reasons: holder.status().reasons }, `no release served at start: ${holder.status().reasons.join('; ')}`);
    }
    if (opts.watch !== false) holder.startWatching();
    return holder;
  }

  current(): LoadedRelease {
    if (!this.served) throw new ProblemError('no_release', `no verified release is served: ${this.status().reasons.join('; ')}`);
    return this.served;
  }

  currentRevision(): string | null {
    return this.served?.revision ?? null;
  }

  status(): HolderStatus {
    const reasons = [
      ...(this.pointerProblem ? [this.pointerProblem] : []),
      ...[...this.refusals].map(([revision, r]) => `release ${join(this.opts.releasesDir, revision)} refused: ${r.reason}`),
      ...(this.faulted ? [`release ${this.faulted}: a store read failed; reloading it from the sealed directory`] : []),
      ...(this.served && !this.served.storeVerified ? [`release ${this.served.dir}: ${STORE_FILE} is being verified against the seal; store-backed routes answer 503 until it is`] : []),
    ];
    const state = !this.served ? 'unavailable' : !this.served.storeVerified ? 'verifying' : reasons.length ? 'degraded' : 'ready';
    return { state, revision: this.served?.revision ?? null, reasons };
  }

  /** Pins the current release for one request; pair with releaseRef(). */
  acquire(): LoadedRelease | null {
    const r = this.served;
    if (r) this.refs.set(r, (this.refs.get(r) ?? 0) + 1);
    return r;
  }

  releaseRef(r: LoadedRelease): void {
    const n = (this.refs.get(r) ?? 1) - 1;
    if (n > 0) this.refs.set(r, n);
    else this.refs.delete(r);
    this.sweep();
  }

  /** Requests holding r now (0 when none): the retirement rule is tested through this. */
  refCount(r: LoadedRelease): number {
    return this.refs.get(r) ?? 0;
  }

  /** Whether r's store is still open. */
  isOpen(r: LoadedRelease): boolean {
    return r.storeVerified && r.db.open;
  }

  /** Reports a failed store read (e.g. SQLITE_CORRUPT) on r: health degrades and the release reloads. */
  reportFault(r: LoadedRelease, err: unknown): void {
    if (r !== this.served || this.faulted) return;
    this.faulted = r.revision;
    this.log.error({ err, revision: r.revision, path: join(r.dir, STORE_FILE) }, `store read failed for release ${r.revision}; reloading it from ${r.dir}`);
    void this.refresh();
  }

  /**
   * A release by revision, only when it is the served one or on the served release's lineage (the
   * releases this service lists): anything else, a path-like string included, is never loaded.
   */
  async get(revision: string): Promise<LoadedRelease | null> {
    if (this.served?.revision === revision) return this.served;
    if (!REVISION_PATTERN.test(revision)) return null;
    let entry = this.cache.get(revision);
    if (!entry) {
      if (!(await this.list()).some((s) => s.revision === revision)) return null;
      entry = this.cache.get(revision);
      if (entry) return entry;
      entry = loadRelease(this.opts.releasesDir, revision, this.loadOptions(true)).catch((err: unknown) => {
        this.log.error({ err, path: releaseDir(this.opts.releasesDir, revision) }, `release ${revision} refused: ${(err as Error).message}`);
        return null;
      });
      this.cache.set(revision, entry);
      this.trimCache();
    }
    return entry;
  }

  /** Follows previous_revision from the served release; lists those sealed with complete evidence. */
  async list(): Promise<ReleaseSeal[]> {
    const out: ReleaseSeal[] = [];
    const seen = new Set<string>();
    let revision: string | null = this.served?.revision ?? null;
    while (revision && !seen.has(revision)) {
      seen.add(revision);
      const seal = revision === this.served?.revision ? this.served.seal : await this.listedSeal(revision);
      if (!seal) break; // the lineage cannot be followed past a missing or unverifiable seal
      out.push(seal);
      revision = seal.previous_revision;
    }
    return out;
  }

  /** Reads CURRENT and swaps to it when it names a new, verifiable release. Serialized. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.again = false;
        await this.checkPointer();
        this.refreshCount++;
      } while (this.again);
    })().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  async close(): Promise<void> {
    this.watcher?.close();
    if (this.timer) clearInterval(this.timer);
    await this.refreshing;
    const all = new Set<LoadedRelease>([...this.retired.keys()]);
    if (this.served) all.add(this.served);
    for (const p of this.cache.values()) {
      const r = await p;
      if (r) all.add(r);
    }
    for (const r of all) await r.close();
    this.served = null;
  }

  private async checkPointer(): Promise<void> {
    const pointer = await inspectCurrent(this.opts.releasesDir);
    if (pointer.revision === null) {
      if (this.pointerProblem !== pointer.reason) {
        this.pointerProblem = pointer.reason;
        this.log.error({ path: join(this.opts.releasesDir, CURRENT_POINTER), reason: pointer.reason, kept: this.served?.revision ?? null }, `release pointer unusable: ${pointer.reason}`);
      }
      this.sweep();
      return;
    }
    this.pointerProblem = null;
    const revision = pointer.revision;
    for (const refused of this.refusals.keys()) if (refused !== revision) this.refusals.delete(refused);
    const reload = this.faulted !== null && this.faulted === revision;
    if (revision === this.served?.revision && !reload) {
      this.sweep();
      return;
    }
    const dir = releaseDir(this.opts.releasesDir, revision);
    const fingerprint = this.fingerprint(dir);
    const refusal = this.refusals.get(revision);
    if (refusal && refusal.fingerprint === fingerprint && Date.now() < refusal.retryAt) return;
    const cached = reload ? undefined : this.cache.get(revision);
    this.cache.delete(revision);
    try {
      // With nothing served yet (at start), the data files may answer as soon as they are verified (the
      // store's verification goes on in a worker thread: see watchStore); a swap waits for the whole release.
      // A revision refused before (its store found to differ, or written to) is verified whole first.
      const early = this.served === null && this.opts.answerBeforeStoreVerified === true && !refusal;
      const next = (cached && (await cached)) || (await loadRelease(this.opts.releasesDir, revision, this.loadOptions(!early)));
      this.watchStore(next, fingerprint, refusal && refusal.fingerprint === fingerprint ? refusal.delay : 0);
      const old = this.served;
      this.served = next; // the swap: one assignment, so a request sees the old or the new, never a mix
      this.refusals.delete(revision);
      this.faulted = null;
      if (old && old !== next) {
        if (old.revision === next.revision) this.retired.set(old, Date.now());
        else {
          // Kept open in the cache: the predecessor is what snapshot-diff opens next.
          this.cache.set(old.revision, Promise.resolve(old));
          this.trimCache();
        }
      }
      this.log.info({ revision, previous: old?.revision ?? null, path: dir }, `serving release ${revision}`);
    } catch (err) {
      const reason = (err as Error).message;
      const delay = refusal && refusal.fingerprint === fingerprint ? Math.min(refusal.delay * 2, MAX_RETRY_MS) : (this.opts.retryMs ?? 1000);
      this.refusals.set(revision, { fingerprint, retryAt: Date.now() + delay, delay, reason });
      if (!refusal || refusal.reason !== reason) {
        this.log.error({ path: dir, reason, kept: this.served?.revision ?? null }, `release ${dir} refused: ${reason}`);
      }
    }
    this.sweep();
  }

  /**
   * The store of a served release: logged once open and once hashed whole; refused when it fails
   * verification or is lost after opening (its whole-file hash differs, its file opened in place was
   * written to): the release stops being served, since what it serves must be what was sealed, health
   * says why, and the revision is retried, verified whole, when its files change or after a backoff.
   */
  private watchStore(release: LoadedRelease, fingerprint: string, lastDelay: number): void {
    const path = join(release.dir, STORE_FILE);
    const refuse = (err: Error) => {
      const reason = err.message;
      if (this.served === release) this.served = null;
      this.cache.delete(release.revision);
      const delay = lastDelay ? Math.min(lastDelay * 2, MAX_RETRY_MS) : (this.opts.retryMs ?? 1000);
      this.refusals.set(release.revision, { fingerprint, retryAt: Date.now() + delay, delay, reason });
      this.log.error({ path: release.dir, reason, kept: this.served?.revision ?? null }, `release ${release.dir} refused: ${reason}`);
      this.retired.set(release, Date.now());
      this.sweep();
    };
    if (!release.storeVerified) {
      release.storeReady.then(() => this.log.info({ revision: release.revision, path }, `release ${release.revision}: store verified; every route answers`), refuse);
    }
    release.storeSealed?.then(() => this.log.info({ revision: release.revision, path }, `release ${release.revision}: ${STORE_FILE} hashed whole; it matches the seal`), () => {});
    void release.storeLost?.then((err) => {
      if (this.served === release || this.cache.has(release.revision)) refuse(err);
    });
  }

  /** Cheap change detector for a refused release: the stat of its directory, seal and store. */
  private fingerprint(dir: string): string {
    const parts: string[] = [];
    for (const path of [dir, join(dir, SEAL_FILE), join(dir, STORE_FILE), join(dir, 'data')]) {
      try {
        const s = statSync(path);
        parts.push(`${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`);
      } catch {
        parts.push('-');
      }
    }
    return parts.join('|');
  }

  private startWatching(): void {
    try {
      this.watcher = watch(this.opts.releasesDir, () => void this.refresh());
      this.watcher.on('error', () => this.watcher?.close());
    } catch {
      this.watcher = null; // the poll below still notices the swap
    }
    this.timer = setInterval(() => {
      void this.refresh();
      this.sweep();
    }, this.opts.pollMs ?? 300);
    this.timer.unref();
  }

  private sweep(): void {
    const grace = this.opts.graceMs ?? 2000;
    const now = Date.now();
    for (const [r, at] of this.retired) {
      if (this.refs.has(r) || now - at < grace) continue;
      this.retired.delete(r);
      void r.close();
    }
  }

  private trimCache(): void {
    while (this.cache.size > CACHE_LIMIT) {
      const [oldest, entry] = this.cache.entries().next().value as [string, Promise<LoadedRelease | null>];
      this.cache.delete(oldest);
      void entry.then((r) => r && this.retired.set(r, Date.now()));
    }
  }

  private loadOptions(waitForStore: boolean): LoadOptions {
    return { reuse: this.reusable(), memoryMax: this.opts.storeMemoryMax, waitForStore, verifyStore: this.opts.verifyStore };
  }

  private reusable(): Map<string, ServedFile> {
    const out = new Map<string, ServedFile>();
    for (const f of this.served?.files.values() ?? []) out.set(f.sha256, f);
    return out;
  }

  /** A predecessor's seal, read and checked once (its fields and evidence), then held. */
  private async listedSeal(revision: string): Promise<ReleaseSeal | null> {
    if (this.seals.has(revision)) return this.seals.get(revision)!;
    const loaded = await this.cache.get(revision);
    if (loaded) {
      this.seals.set(revision, loaded.seal);
      return loaded.seal;
    }
    const dir = releaseDir(this.opts.releasesDir, revision);
    let seal: ReleaseSeal | null = null;
    try {
      const candidate = await readSeal(dir);
      let ok = revisionOf(candidate.files) === revision && (await checkSealFields(dir, candidate)) === null;
      for (const path of EVIDENCE_FILES) {
        const sealed = candidate.files.find((f) => f.path === path);
        ok &&= sealed !== undefined && (await sha256File(join(dir, path))).sha256 === sealed.sha256;
      }
      if (ok) seal = candidate;
    } catch {
      seal = null;
    }
    this.seals.set(revision, seal);
    return seal;
  }
}

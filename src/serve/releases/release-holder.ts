// Holds the release being served and swaps it when CURRENT changes. A request pins one release
// (acquire/releaseRef) and answers wholly from it; a replaced release's store is closed only once no
// request holds it and a grace delay has passed (retired-releases.ts). A refused candidate is logged
// with its path and reason, reported by health as degraded while the last good release keeps serving
// (holder-status.ts), and tried again when its files change or after a backoff (refusals.ts). CURRENT
// is watched and polled (pointer-watch.ts); other releases are kept open by revision (open-releases.ts)
// and the served release's predecessors listed from their seals (lineage.ts).
import { join } from 'node:path';
import { CURRENT_POINTER, REVISION_PATTERN, STORE_FILE, releaseDir, type ReleaseSeal } from '../../release/layout.js';
import { inspectCurrent } from '../../release/pointer.js';
import { ProblemError } from '../problems/errors.js';
import { holderStatus, type HolderStatus } from './holder-status.js';
import { Lineage } from './lineage.js';
import { OpenReleases } from './open-releases.js';
import { watchPointer, type PointerWatch } from './pointer-watch.js';
import { Refusals, fingerprint } from './refusals.js';
import { loadRelease, type LoadOptions } from './release-load.js';
import type { LoadedRelease, ReleaseSource, ServedFile } from './release-types.js';
import { RetiredReleases } from './retired-releases.js';
import { SealedFile } from './sealed-file.js';

export type { HolderStatus } from './holder-status.js';

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
  /** A store verified whole before it answers (no page checksums, or in-place opening off): held in memory up to this many bytes, else a private disk copy. */
  storeMemoryMax?: number;
  /** First retry delay for a refused revision whose files look unchanged; doubles up to 30 s. */
  retryMs?: number;
  /**
   * At start (nothing served yet), serve the release once its seal is verified: each data file is read
   * and hashed on its first use (readAhead() reads the rest behind the first answers), and store-backed
   * routes answer 503 store_verifying until its store is verified too; open() then returns before the
   * store is verified. Off: open() returns once the whole release is verified. A swap always verifies
   * the whole new release, every data file read, before it is served.
   */
  answerBeforeStoreVerified?: boolean;
  /** See LoadOptions.verifyStore. */
  verifyStore?: LoadOptions['verifyStore'];
}

const silent: HolderLogger = { info() {}, warn() {}, error() {} };

export class ReleaseHolder implements ReleaseSource {
  private served: LoadedRelease | null = null;
  private faulted: string | null = null; // a read of the served store failed: reload it
  private pointerProblem: string | null = null;
  private refreshing: Promise<void> | null = null;
  private again = false;
  /** Completed refresh passes: lets tests and operators observe that a check actually ran. */
  refreshCount = 0;
  private readonly refusals: Refusals;
  private readonly retired: RetiredReleases;
  private readonly others: OpenReleases;
  private readonly lineage: Lineage;
  private pointerWatch: PointerWatch | null = null;
  private readonly log: HolderLogger;
  private closed = false;

  private constructor(private readonly opts: HolderOptions) {
    this.log = opts.logger ?? silent;
    this.refusals = new Refusals(opts.retryMs ?? 1000);
    this.retired = new RetiredReleases(opts.graceMs ?? 2000);
    this.others = new OpenReleases((r) => this.retired.retire(r));
    this.lineage = new Lineage(opts.releasesDir, (revision) => this.others.get(revision));
  }

  static async open(opts: HolderOptions): Promise<ReleaseHolder> {
    const holder = ReleaseHolder.start(opts);
    await holder.opened;
    return holder;
  }

  /**
   * The holder at once, its first release loading (`opened` settles once it is served or refused):
   * `dala serve` builds the app meanwhile. Nothing is served until `opened` settles.
   */
  static start(opts: HolderOptions): ReleaseHolder & { opened: Promise<void> } {
    const holder = new ReleaseHolder(opts);
    const opened = holder.refresh().then(() => {
      if (!holder.served) {
        holder.log.error({ releasesDir: opts.releasesDir, reasons: holder.status().reasons }, `no release served at start: ${holder.status().reasons.join('; ')}`);
      }
      if (opts.watch !== false && !holder.closed) {
        holder.pointerWatch = watchPointer(opts.releasesDir, opts.pollMs ?? 300, () => {
          void holder.refresh();
          holder.retired.sweep();
        });
      }
    });
    return Object.assign(holder, { opened });
  }

  current(): LoadedRelease {
    if (!this.served) throw new ProblemError('no_release', `no verified release is served: ${this.status().reasons.join('; ')}`);
    return this.served;
  }

  currentRevision(): string | null {
    return this.served?.revision ?? null;
  }

  status(): HolderStatus {
    const { served, pointerProblem, faulted } = this;
    return holderStatus({ releasesDir: this.opts.releasesDir, served, pointerProblem, refused: this.refusals.reasons(), faulted });
  }

  /** Pins the current release for one request; pair with releaseRef(). */
  acquire(): LoadedRelease | null {
    const r = this.served;
    if (r) this.retired.pin(r);
    return r;
  }

  releaseRef(r: LoadedRelease): void {
    this.retired.unpin(r);
  }

  /** Requests holding r now (0 when none): the retirement rule is tested through this. */
  refCount(r: LoadedRelease): number {
    return this.retired.pinCount(r);
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
    let entry = this.others.get(revision);
    if (!entry) {
      if (!(await this.list()).some((s) => s.revision === revision)) return null;
      entry = this.others.get(revision);
      if (entry) return entry;
      entry = loadRelease(this.opts.releasesDir, revision, this.loadOptions(true)).catch((err: unknown) => {
        this.log.error({ err, path: releaseDir(this.opts.releasesDir, revision) }, `release ${revision} refused: ${(err as Error).message}`);
        return null;
      });
      this.others.keep(revision, entry);
    }
    return entry;
  }

  /** Follows previous_revision from the served release; lists those sealed with complete evidence. */
  list(): Promise<ReleaseSeal[]> {
    return this.lineage.list(this.served);
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
    this.closed = true;
    this.pointerWatch?.close();
    await this.refreshing;
    const all = new Set<LoadedRelease>(this.retired.waiting());
    if (this.served) all.add(this.served);
    for (const r of await this.others.loaded()) all.add(r);
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
      this.retired.sweep();
      return;
    }
    this.pointerProblem = null;
    const revision = pointer.revision;
    this.refusals.keepOnly(revision);
    const reload = this.faulted !== null && this.faulted === revision;
    if (revision === this.served?.revision && !reload) {
      this.retired.sweep();
      return;
    }
    const dir = releaseDir(this.opts.releasesDir, revision);
    const files = fingerprint(dir);
    const refusal = this.refusals.get(revision);
    if (this.refusals.waiting(refusal, files)) return;
    const lastDelay = Refusals.lastDelay(refusal, files);
    const cached = reload ? undefined : this.others.get(revision);
    this.others.drop(revision);
    try {
      // With nothing served yet (at start), the data files may answer as soon as they are verified (the
      // store's verification goes on in a worker thread: see watchStore); a swap waits for the whole release.
      // A revision refused before (its store found to differ, or written to) is verified whole first.
      const early = this.served === null && this.opts.answerBeforeStoreVerified === true && !refusal;
      const next = (cached && (await cached)) || (await loadRelease(this.opts.releasesDir, revision, { ...this.loadOptions(!early), readDataOnUse: early }));
      this.watchStore(next, files, lastDelay);
      const old = this.served;
      this.served = next; // the swap: one assignment, so a request sees the old or the new, never a mix
      this.refusals.accept(revision);
      this.faulted = null;
      if (old && old !== next) {
        if (old.revision === next.revision) this.retired.retire(old);
        else this.others.keep(old.revision, Promise.resolve(old)); // the predecessor is what snapshot-diff opens next
      }
      this.log.info({ revision, previous: old?.revision ?? null, path: dir }, `serving release ${revision}`);
    } catch (err) {
      const reason = (err as Error).message;
      this.refusals.refuse(revision, files, reason, lastDelay);
      if (!refusal || refusal.reason !== reason) {
        this.log.error({ path: dir, reason, kept: this.served?.revision ?? null }, `release ${dir} refused: ${reason}`);
      }
    }
    this.retired.sweep();
  }

  /**
   * The store of a served release: logged once open and once hashed whole; refused when it fails
   * verification or is lost after opening (its whole-file hash differs, its file opened in place was
   * written to): the release stops being served, since what it serves must be what was sealed, health
   * says why, and the revision is retried, verified whole, when its files change or after a backoff.
   */
  private watchStore(release: LoadedRelease, files: string, lastDelay: number): void {
    const path = join(release.dir, STORE_FILE);
    const refuse = (err: Error) => {
      const reason = err.message;
      if (this.served === release) this.served = null;
      this.others.drop(release.revision);
      this.refusals.refuse(release.revision, files, reason, lastDelay);
      this.log.error({ path: release.dir, reason, kept: this.served?.revision ?? null }, `release ${release.dir} refused: ${reason}`);
      this.retired.retire(release);
      this.retired.sweep();
    };
    if (!release.storeVerified) {
      release.storeReady.then(() => this.log.info({ revision: release.revision, path }, `release ${release.revision}: store verified; every route answers`), refuse);
    }
    release.storeSealed?.then(() => this.log.info({ revision: release.revision, path }, `release ${release.revision}: ${STORE_FILE} hashed whole; it matches the seal`), () => {});
    const lost = (err: Error) => {
      if (this.served === release || this.others.has(release.revision)) refuse(err);
    };
    void release.storeLost?.then(lost);
    void release.dataLost?.then(lost);
  }

  /**
   * Reads the served release's data files not read yet (a release served at start reads each on its
   * first use), behind the answers: `dala serve` calls it once the app is built.
   */
  readAhead(): Promise<void> {
    const release = this.served;
    if (!release?.readAhead) return Promise.resolve();
    const started = performance.now();
    const { revision } = release;
    return release.readAhead().then(
      (read) => {
        // a file refused meanwhile withdrew the release, and that is logged (watchStore)
        if (read > 0 && this.served === release) this.log.info({ revision, read, ms: Math.round(performance.now() - started) }, `release ${revision}: every data file read and hashed`);
      },
      (err: unknown) => this.log.warn({ err, revision }, `release ${revision}: reading its data files ahead failed; each is read and hashed on use`),
    );
  }

  private loadOptions(waitForStore: boolean): LoadOptions {
    return { reuse: this.reusable(), memoryMax: this.opts.storeMemoryMax, waitForStore, verifyStore: this.opts.verifyStore };
  }

  /** The served release's files whose bytes are held (read and hashed), by sha256. */
  private reusable(): Map<string, ServedFile> {
    const out = new Map<string, ServedFile>();
    for (const f of this.served?.files.values() ?? []) if (!(f instanceof SealedFile) || f.isHeld) out.set(f.sha256, f);
    return out;
  }
}

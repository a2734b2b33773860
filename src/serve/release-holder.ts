// Holds the release being served and swaps it when CURRENT changes (DESIGN.md "One flow, four stages": CURRENT is swapped atomically).
// A request pins one release (acquire/releaseRef) and answers wholly from it; a replaced release's
// database is closed only once no request holds it and a grace delay has passed (the delay covers
// code that called current() without pinning).
import { watch, type FSWatcher } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256File } from '../lib/hash.js';
import { EVIDENCE_FILES, releaseDir, type ReleaseSeal } from '../release/layout.js';
import { readCurrent } from '../release/pointer.js';
import { readSeal, revisionOf } from '../release/verify.js';
import { ProblemError } from './errors.js';
import { loadRelease } from './release-load.js';
import type { LoadedRelease, ReleaseSource, ServedFile } from './release-types.js';

export interface HolderLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface HolderOptions {
  releasesDir: string;
  logger?: HolderLogger;
  pollMs?: number; // poll fallback for CURRENT; fs.watch is not reliable on every filesystem
  graceMs?: number;
  watch?: boolean;
}

const CACHE_LIMIT = 4; // non-current releases kept open for get() (diffs, /api/v1/releases)
const silent: HolderLogger = { info() {}, error() {} };

export class ReleaseHolder implements ReleaseSource {
  private served: LoadedRelease | null = null;
  private lastTried: string | null = null;
  private refreshing: Promise<void> | null = null;
  private again = false;
  private readonly refs = new Map<LoadedRelease, number>();
  private readonly retired = new Map<LoadedRelease, number>(); // release -> retired at (ms)
  private readonly cache = new Map<string, Promise<LoadedRelease | null>>();
  private readonly listable = new Map<string, boolean>();
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly log: HolderLogger;

  private constructor(private readonly opts: HolderOptions) {
    this.log = opts.logger ?? silent;
  }

  static async open(opts: HolderOptions): Promise<ReleaseHolder> {
    const holder = new ReleaseHolder(opts);
    await holder.refresh();
    if (opts.watch !== false) holder.startWatching();
    return holder;
  }

  current(): LoadedRelease {
    if (!this.served) throw new ProblemError('no_release', `no verified release under CURRENT in the releases directory`);
    return this.served;
  }

  currentRevision(): string | null {
    return this.served?.revision ?? null;
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

  async get(revision: string): Promise<LoadedRelease | null> {
    if (this.served?.revision === revision) return this.served;
    let entry = this.cache.get(revision);
    if (!entry) {
      entry = loadRelease(this.opts.releasesDir, revision, this.reusable()).catch((err: unknown) => {
        this.log.error({ err, revision }, 'release refused: verification failed');
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
    let revision = this.served?.revision ?? (await readCurrent(this.opts.releasesDir));
    while (revision && !seen.has(revision)) {
      seen.add(revision);
      let seal: ReleaseSeal;
      try {
        seal = await readSeal(releaseDir(this.opts.releasesDir, revision));
      } catch {
        break; // the lineage cannot be followed past a missing seal
      }
      if (await this.isListable(seal)) out.push(seal);
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
    for (const r of all) if (r.db.open) r.db.close();
    this.served = null;
  }

  private async checkPointer(): Promise<void> {
    const revision = await readCurrent(this.opts.releasesDir);
    if (!revision || revision === this.lastTried || revision === this.served?.revision) return;
    this.lastTried = revision;
    const cached = this.cache.get(revision);
    this.cache.delete(revision);
    try {
      const next = (cached && (await cached)) || (await loadRelease(this.opts.releasesDir, revision, this.reusable()));
      const old = this.served;
      this.served = next; // the swap: one assignment, so a request sees the old or the new, never a mix
      if (old) {
        // Kept open in the cache: the predecessor is what snapshot-diff opens next.
        this.cache.set(old.revision, Promise.resolve(old));
        this.trimCache();
      }
      this.log.info({ revision, previous: old?.revision ?? null }, 'serving release');
    } catch (err) {
      this.log.error({ err, revision, kept: this.served?.revision ?? null }, 'release refused: verification failed');
    }
    this.sweep();
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
      if (r.db.open) r.db.close();
    }
  }

  private trimCache(): void {
    while (this.cache.size > CACHE_LIMIT) {
      const [oldest, entry] = this.cache.entries().next().value as [string, Promise<LoadedRelease | null>];
      this.cache.delete(oldest);
      void entry.then((r) => r && this.retired.set(r, Date.now()));
    }
  }

  private reusable(): Map<string, ServedFile> {
    const out = new Map<string, ServedFile>();
    for (const f of this.served?.files.values() ?? []) out.set(f.sha256, f);
    return out;
  }

  private async isListable(seal: ReleaseSeal): Promise<boolean> {
    const known = this.listable.get(seal.revision);
    if (known !== undefined) return known;
    let ok = revisionOf(seal.files) === seal.revision;
    const dir = releaseDir(this.opts.releasesDir, seal.revision);
    for (const path of EVIDENCE_FILES) {
      const sealed = seal.files.find((f) => f.path === path);
      if (!ok || !sealed) {
        ok = false;
        break;
      }
      try {
        await access(join(dir, path));
        ok = (await sha256File(join(dir, path))).sha256 === sealed.sha256;
      } catch {
        ok = false;
      }
    }
    this.listable.set(seal.revision, ok);
    return ok;
  }
}

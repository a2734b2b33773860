// The interface between the release holder (src/serve/releases/release-holder.ts) and the route plugins.
// A handler takes ONE LoadedRelease at its start and answers wholly from it (docs/interface.md §9: releases
// are sealed and immutable, so every response comes wholly from one revision, even while the pointer swaps).
import type { Database } from 'better-sqlite3';
import type { ReleaseSeal } from '../../release/layout.js';

export interface ServedFile {
  path: string; // relative to data/, e.g. "geo/regions/karaganda.geojson"
  body: Buffer;
  gzip: Buffer; // the variant written at seal time, or body itself when there is none
  br: Buffer;
  sha256: string; // from the seal
  mediaType: string;
}

export interface LoadedRelease {
  revision: string;
  dir: string;
  seal: ReleaseSeal;
  /**
   * store.sqlite, read-only: verified whole (in memory, or a private copy on disk), or the sealed file
   * opened in place with every page checked as it is read. Until it is open (a release served at start
   * before its store is) reading it throws ProblemError store_verifying (503 with Retry-After), and once
   * the store is found to differ from the seal, release_unavailable: no answer ever comes from bytes
   * that differ from the sealed ones.
   */
  readonly db: Database;
  /** Whether db is verified and open. */
  readonly storeVerified: boolean;
  /** Settles when the store is open for answering; rejects (ReleaseVerificationError) when it is not. */
  readonly storeReady: Promise<void>;
  /** Settles when the whole store's sha256 is compared with the seal: with storeReady, or later for a store opened in place. */
  readonly storeSealed?: Promise<void>;
  /** Resolves with the reason when an open store stops being what was sealed (hash mismatch, file written to). */
  readonly storeLost?: Promise<Error>;
  /** When the store was verified, in performance.now() milliseconds (start-up log); null before. */
  readonly storeVerifiedAt: number | null;
  readonly storeCopy?: string | null; // the on-disk private copy, removed when the release closes
  /**
   * The data/ tree, held in memory: every file read and hashed at load, or (a release served at start)
   * each read and hashed on its first use, a file that differs from its seal answering 503
   * release_unavailable and withdrawing the release (dataLost).
   */
  files: ReadonlyMap<string, ServedFile>;
  /** Reads and hashes every data file not read yet, behind the answers: how many it read, once all are held or one is refused. */
  readAhead?(): Promise<number>;
  /** Resolves with the reason when a data file read on use or by readAhead differs from its seal. */
  readonly dataLost?: Promise<Error>;
  /** Closes the store (or stops its verification) and removes the private copy. */
  close(): Promise<void>;
}

export interface ReleaseSource {
  /** The release being served now; throws ProblemError('no_release') when there is none. */
  current(): LoadedRelease;
  /** A sealed, verified release by revision (loaded on demand and cached), or null. */
  get(revision: string): Promise<LoadedRelease | null>;
  /** Every sealed release whose evidence is complete, newest first along the lineage. */
  list(): Promise<ReleaseSeal[]>;
  /** ready, verifying (the store is not verified yet), degraded (with reasons naming a path each) or unavailable. */
  status?(): { state: 'ready' | 'verifying' | 'degraded' | 'unavailable'; reasons: string[] };
  /** A failed store read on a served release (e.g. SQLITE_CORRUPT): degrade and reload. */
  reportFault?(release: LoadedRelease, err: unknown): void;
}

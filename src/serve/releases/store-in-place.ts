// Opening a sealed store in place, for a store whose every page carries a checksum
// (src/store/page-checksums.ts): SQLite checks each page as it reads it, so the store answers at once,
// without copying or hashing gigabytes first, and no page whose bytes changed is ever read as data.
// What a private copy guaranteed (what is served is what was sealed, whatever later happens on disk)
// is kept this way:
// - the file is renamed over or removed: the open file is still the sealed one (the watch below sees
//   its link count or name change, not its bytes: its modification time and size are unchanged);
// - another SQLite connection writes to it: refused, since this connection holds a read lock (an open
//   read transaction) for as long as the store is served, and a writer must lock the file to commit;
// - anything else writes to it: the page it changed fails its check, and the write itself (seen by an
//   inotify watch, and told from a change of name or mode by the file's modification time or size)
//   withdraws the store, the release then being verified whole again before it is served;
// - the whole file is hashed in the background (src/serve/releases/store-verify.ts) and a store whose
//   sha256 differs from the seal is withdrawn.
import { closeSync, constants as fsc, fstatSync, lstatSync, openSync, watch, type BigIntStats, type FSWatcher } from 'node:fs';
import type Database from 'better-sqlite3';
import { openStore } from '../../store/open.js';
import { pagesChecked, registerPageChecksums } from '../../store/page-checksums.js';

export interface InPlaceStore {
  db: Database.Database;
  /** The sealed file's identity when opened: the background hash must read this very file. */
  dev: number;
  ino: number;
  /** Stops watching the file (the store is closed by its owner). */
  unwatch(): void;
}

/**
 * Opens `source` in place, or returns null when its pages carry no checksums (a store written before
 * they existed, or whose header was damaged) or the extension that checks them cannot be loaded: such
 * a store is copied and hashed whole instead. Throws
 * (with SQLite's or this module's reason) when the file is not the sealed size or changes while opened.
 */
export function openInPlace(source: string, bytes: number, onWrite: (reason: string) => void): InPlaceStore | null {
  try {
    registerPageChecksums();
  } catch {
    return null; // no extension here (installed without a C compiler): copied and hashed whole, slower but as safe
  }
  const before = lstatSync(source);
  if (before.size !== bytes) throw new Error(`${before.size} bytes, sealed ${bytes}`);
  const db = openStore(source); // reads page 1 and the meta table: the VFS now knows whether pages are checked
  let watcher: FSWatcher | null = null;
  let fd: number | null = null;
  try {
    if (!pagesChecked(db)) {
      db.close();
      return null;
    }
    // The read lock: a deferred transaction takes it at its first read and keeps it until it ends.
    db.exec('BEGIN');
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    // A descriptor of our own on the opened file: a watch event is a write when the file's modification
    // time or size moved (inotify reports a chmod, link or rename as a change as well, and those leave
    // the bytes as sealed). write(2) sets the modification time before its event is sent.
    const own = (fd = openSync(source, fsc.O_RDONLY | fsc.O_NOFOLLOW));
    const sealedStat = fstatSync(own, { bigint: true });
    const written = (now: BigIntStats) => now.mtimeNs !== sealedStat.mtimeNs || now.size !== sealedStat.size;
    watcher = watch(source, { persistent: false }, (event) => {
      let now: BigIntStats;
      try {
        now = fstatSync(own, { bigint: true });
      } catch (err) {
        return onWrite(`no longer readable (${(err as Error).message})`);
      }
      if (written(now)) onWrite(`written to while served (${event})`);
    });
    watcher.on('error', (err) => onWrite(`no longer watched (${err.message})`));
    const after = lstatSync(source);
    if (after.ino !== before.ino || after.dev !== before.dev || after.size !== bytes) throw new Error('replaced while it was opened');
    if (Number(sealedStat.ino) !== after.ino || Number(sealedStat.dev) !== after.dev) throw new Error('replaced while it was opened');
    const w = watcher;
    let watching = true;
    const unwatch = () => {
      if (!watching) return; // called once withdrawn and again when closed: the descriptor closes once
      watching = false;
      w.close();
      closeSync(own);
    };
    return { db, dev: after.dev, ino: after.ino, unwatch };
  } catch (err) {
    watcher?.close();
    if (fd !== null) closeSync(fd);
    if (db.open) db.close();
    throw err;
  }
}

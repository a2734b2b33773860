// The page-checksum VFS (native/page-checksums.c): built from its C source with the system's C
// compiler against the SQLite headers better-sqlite3 ships (so the two agree on the SQLite version),
// and loaded once per thread into the SQLite better-sqlite3 links. A store is written with a checksum
// in the last 8 bytes of every page; a server opens the sealed store in place and every page it reads
// is checked, a damaged page failing with SQLITE_IOERR_DATA rather than being read.
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

const ROOT = fileURLToPath(new URL('../../', import.meta.url)); // src/store/ or dist/store/ -> the package
const SOURCE = join(ROOT, 'native/page-checksums.c');
/**
 * The built extension, in build/native/ of the package. SQLite derives its entry point from the file
 * name (page-checksums -> sqlite3_pagechecksums_init), so the name is fixed.
 */
export const PAGE_CHECKSUMS_LIB = join(
  ROOT,
  'build/native',
  process.platform === 'darwin' ? 'page-checksums.dylib' : 'page-checksums.so',
);

function mtime(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Compiles the extension when it is missing or older than its source (`npm run build:native` does it at
 * install; this covers a checkout that skipped it). Written under a private name and renamed, so
 * processes building at once never load a half-written file.
 */
export function buildPageChecksums(): string {
  const built = mtime(PAGE_CHECKSUMS_LIB);
  const source = mtime(SOURCE);
  if (built !== null && (source === null || built >= source)) return PAGE_CHECKSUMS_LIB;
  if (source === null)
    throw new Error(`${PAGE_CHECKSUMS_LIB}: missing, and its source ${SOURCE} too`);
  const headers = join(
    dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
    'deps/sqlite3',
  );
  mkdirSync(dirname(PAGE_CHECKSUMS_LIB), { recursive: true });
  const partial = `${PAGE_CHECKSUMS_LIB}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const shared = process.platform === 'darwin' ? '-dynamiclib' : '-shared';
  try {
    execFileSync(
      process.env.CC ?? 'cc',
      ['-O2', '-fPIC', shared, '-I', headers, SOURCE, '-o', partial],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    renameSync(partial, PAGE_CHECKSUMS_LIB);
  } catch (err) {
    rmSync(partial, { force: true });
    const detail = (err as { stderr?: Buffer }).stderr?.toString().trim() || (err as Error).message;
    throw new Error(
      `could not build the page-checksum extension from ${SOURCE} (a C compiler, cc or $CC, is needed): ${detail}`,
    );
  }
  return PAGE_CHECKSUMS_LIB;
}

let registered = false;

/**
 * Registers the page-checksum VFS as this process's default SQLite VFS (once; it stays loaded). Files
 * opened after it pass through it: a file whose header does not reserve 8 bytes per page is read and
 * written unchanged, so every other database behaves as before.
 */
export function registerPageChecksums(): void {
  if (registered) return;
  const lib = buildPageChecksums();
  const boot = new Database(':memory:');
  try {
    boot.loadExtension(lib);
  } finally {
    boot.close();
  }
  registered = true;
}

/** Whether every page of `db`'s main file is checked as it is read (its header reserves the checksum). */
export function pagesChecked(db: Database.Database): boolean {
  // Answered by the VFS (PRAGMA page_checksums); a connection opened without it gets no row.
  return Number(db.pragma('page_checksums', { simple: true }) ?? 0) === 1;
}

/**
 * Opens a new, empty database file whose pages carry checksums: the 8 reserved bytes per page are set
 * before the first write (SQLite fixes the reserve then), and every page written gets its checksum.
 */
export function createChecksummed(path: string): Database.Database {
  registerPageChecksums();
  const db = new Database(path);
  try {
    db.loadExtension(PAGE_CHECKSUMS_LIB); // the VFS is there already; this adds the reserve function
    db.prepare(`SELECT page_checksums_reserve('main')`).get();
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

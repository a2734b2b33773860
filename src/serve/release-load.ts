// Loads one sealed release for serving: verify it, hold its data/ tree in memory with the gzip and
// brotli variants written at seal time (src/release/precompress.ts; loading compresses nothing, so a
// swap does not compete with requests for CPU), and open a private, verified copy of its store, so
// what is served is what was sealed for as long as it is served, whatever later happens on disk.
import { constants as fsc, lstatSync, readFileSync } from 'node:fs';
import { chmod, copyFile, lstat, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { sha256File, sha256Hex } from '../lib/hash.js';
import { DATA_DIR, STORE_FILE, releaseDir, type ReleaseSeal, type SealedVariant } from '../release/layout.js';
import { ReleaseVerificationError, verifyRelease } from '../release/verify.js';
import type { LoadedRelease, ServedFile } from './release-types.js';
import { openStore } from '../store/open.js';
import { COPY_ROOT } from './store-copies.js';

/**
 * Stores up to this size are held in memory (read once, hashed, deserialised: no file is read again).
 * Larger stores are copied to a private file first (a reflink where the filesystem has them, so
 * copying a multi-GB store costs no time or space there; a plain copy elsewhere) and the copy is what
 * is hashed and opened, read-only: it is one pass over the bytes either way, as verification needs,
 * and the resident memory stays at SQLite's page cache rather than the store's size.
 */
export const STORE_MEMORY_MAX = Number(process.env.DALA_STORE_MEMORY_MAX ?? 128 * 1024 * 1024);

async function privateStore(dir: string, sealed: { sha256: string; bytes: number }, memoryMax: number): Promise<{ db: Database.Database; copy: string | null }> {
  const source = join(dir, STORE_FILE);
  let isLink: boolean;
  try {
    isLink = !lstatSync(source).isFile();
  } catch {
    throw new ReleaseVerificationError(`${STORE_FILE}: missing`, STORE_FILE);
  }
  if (isLink) throw new ReleaseVerificationError(`${STORE_FILE}: not a regular file`, STORE_FILE);
  if (sealed.bytes <= memoryMax) {
    const bytes = readFileSync(source);
    if (sha256Hex(bytes) !== sealed.sha256) throw new ReleaseVerificationError(`${STORE_FILE}: sha256 differs from the seal`, STORE_FILE);
    return { db: openStore(bytes, source), copy: null };
  }
  await mkdir(COPY_ROOT, { recursive: true, mode: 0o700 });
  const copy = join(COPY_ROOT, `${Date.now()}-${Math.random().toString(36).slice(2)}.sqlite`);
  try {
    await copyFile(source, copy, fsc.COPYFILE_FICLONE);
    await chmod(copy, 0o400);
    const actual = await sha256File(copy);
    if (actual.sha256 !== sealed.sha256 || actual.bytes !== sealed.bytes) {
      throw new ReleaseVerificationError(`${STORE_FILE}: sha256 differs from the seal`, STORE_FILE);
    }
    return { db: openStore(copy), copy };
  } catch (err) {
    await rm(copy, { force: true });
    throw err;
  }
}

/** Closes a release's store and removes its private copy. */
export async function closeRelease(release: LoadedRelease): Promise<void> {
  if (release.db.open) release.db.close();
  if (release.storeCopy) await rm(release.storeCopy, { force: true });
}

/** Reads a sealed file, refusing anything but a regular file and bytes that differ from the seal. */
async function regularFile(dir: string, path: string): Promise<string> {
  const abs = join(dir, path);
  // Only regular files are served: a symlink, even to identical bytes, refuses the release.
  if (!(await lstat(abs)).isFile()) throw new ReleaseVerificationError(`${path}: not a regular file`, path);
  return abs;
}

async function readSealed(dir: string, f: { path: string; sha256: string }): Promise<Buffer> {
  const body = await readFile(await regularFile(dir, f.path));
  // Re-hash what is held in memory: the bytes served are exactly the sealed bytes, even if the
  // file changed on disk between verification and this read.
  if (sha256Hex(body) !== f.sha256) throw new ReleaseVerificationError(`${f.path}: sha256 differs from the seal`, f.path);
  return body;
}

/** The paths loadRelease reads and hashes itself: data files not shared from `reuse`, and their variants. */
function readByLoader(seal: ReleaseSeal, reuse: ReadonlyMap<string, ServedFile>): Set<string> {
  const data = seal.files.filter((f) => f.path.startsWith(DATA_DIR + '/'));
  const out = new Set(data.filter((f) => !reuse.has(f.sha256)).map((f) => f.path));
  const files = new Set(data.map((f) => f.path));
  const variants = new Map<string, string>(); // as loadRelease picks them: the last per file and coding
  for (const v of seal.variants ?? []) variants.set(`${v.of} ${v.coding}`, v.path);
  for (const f of files) for (const coding of ['gzip', 'br']) {
    const v = variants.get(`${f} ${coding}`);
    if (v) out.add(v);
  }
  return out;
}

/**
 * `reuse` maps sha256 -> an already loaded file whose bytes are shared instead of read again.
 * Throws ReleaseVerificationError naming the file when anything differs from the seal. A file
 * without a sealed variant (not compressible, or sealed before variants existed) is sent as is.
 */
export async function loadRelease(
  releasesDir: string,
  revision: string,
  reuse: ReadonlyMap<string, ServedFile> = new Map(),
  memoryMax: number = STORE_MEMORY_MAX,
): Promise<LoadedRelease> {
  const dir = releaseDir(releasesDir, revision);
  // Each byte is hashed once: the store as the private copy that is served (below), and every data
  // file and variant as the bytes read into memory (readSealed); verification hashes the rest on
  // disk, including a data file whose bytes are shared from `reuse` rather than read again.
  const prefix = DATA_DIR + '/';
  let readHere: Set<string> | null = null;
  const seal = await verifyRelease(dir, {
    hashedByCaller: (path, sealed) => path === STORE_FILE || (readHere ??= readByLoader(sealed, reuse)).has(path),
  });
  if (seal.revision !== revision) {
    throw new ReleaseVerificationError(`directory ${revision} holds sealed revision ${seal.revision}`, 'release.json');
  }
  const variants = new Map<string, SealedVariant>();
  for (const v of seal.variants ?? []) variants.set(`${v.of} ${v.coding}`, v);
  const files = new Map<string, ServedFile>();
  await Promise.all(
    seal.files
      .filter((f) => f.path.startsWith(prefix))
      .map(async (f) => {
        const path = f.path.slice(prefix.length);
        const known = reuse.get(f.sha256);
        // Bytes already held under the same sha256 are shared rather than read again (a swap keeps
        // one copy of unchanged files); the file must still be a regular file.
        const body = known ? await regularFile(dir, f.path).then(() => known.body) : await readSealed(dir, f);
        const variant = async (coding: 'gzip' | 'br') => {
          const v = variants.get(`${f.path} ${coding}`);
          return v ? readSealed(dir, v) : body;
        };
        const [gzip, br] = await Promise.all([variant('gzip'), variant('br')]);
        files.set(path, { path, body, gzip, br, sha256: f.sha256, mediaType: f.media_type });
      }),
  );
  const storeEntry = seal.files.find((f) => f.path === STORE_FILE);
  if (!storeEntry) throw new ReleaseVerificationError(`${STORE_FILE}: not in the seal`, STORE_FILE);
  const { db, copy } = await privateStore(dir, storeEntry, memoryMax);
  return { revision, dir, seal, db, files, storeCopy: copy };
}

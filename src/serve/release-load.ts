// Loads one sealed release for serving: verify it, hold its data/ tree in memory with the gzip and
// brotli variants written at seal time (src/release/precompress.ts; loading compresses nothing, so a
// swap does not compete with requests for CPU), and open its store read-only.
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from '../lib/hash.js';
import { DATA_DIR, STORE_FILE, releaseDir, type SealedVariant } from '../release/layout.js';
import { ReleaseVerificationError, verifyRelease } from '../release/verify.js';
import type { LoadedRelease, ServedFile } from './release-types.js';
import { openStore } from '../store/open.js';

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
  if (sha256Hex(body) !== f.sha256) throw new ReleaseVerificationError(`${f.path}: changed while loading`, f.path);
  return body;
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
): Promise<LoadedRelease> {
  const dir = releaseDir(releasesDir, revision);
  const seal = await verifyRelease(dir);
  if (seal.revision !== revision) {
    throw new ReleaseVerificationError(`directory ${revision} holds sealed revision ${seal.revision}`, 'release.json');
  }
  const variants = new Map<string, SealedVariant>();
  for (const v of seal.variants ?? []) variants.set(`${v.of} ${v.coding}`, v);
  const files = new Map<string, ServedFile>();
  const prefix = DATA_DIR + '/';
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
  const db = openStore(join(dir, STORE_FILE));
  return { revision, dir, seal, db, files };
}

// Loads one sealed release for serving: verify it, hold its data/ tree in memory with the gzip and
// brotli variants computed once (issue 3), and open its store read-only.
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as z, gzip } from 'node:zlib';
import { sha256Hex } from '../lib/hash.js';
import { DATA_DIR, STORE_FILE, releaseDir } from '../release/layout.js';
import { ReleaseVerificationError, verifyRelease } from '../release/verify.js';
import type { LoadedRelease, ServedFile } from './release-types.js';
import { openStore } from '../store/open.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

// Fixed levels so the same release always yields the same encoded bytes (and so the same
// representation ETags). Brotli 9 rather than 11: near the same ratio at a fraction of the time, which
// keeps a release swap within the one second issue 3 asks for.
const GZIP_LEVEL = 9;
const BROTLI_QUALITY = 9;

async function compress(body: Buffer, text: boolean): Promise<{ gzip: Buffer; br: Buffer }> {
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: GZIP_LEVEL }),
    brotliAsync(body, {
      params: {
        [z.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [z.BROTLI_PARAM_MODE]: text ? z.BROTLI_MODE_TEXT : z.BROTLI_MODE_GENERIC,
        [z.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  return { gzip: gz, br };
}

/**
 * `reuse` maps sha256 -> an already loaded file, so a swap only compresses files that changed.
 * Throws ReleaseVerificationError naming the file when anything differs from the seal.
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
  const files = new Map<string, ServedFile>();
  const prefix = DATA_DIR + '/';
  await Promise.all(
    seal.files
      .filter((f) => f.path.startsWith(prefix))
      .map(async (f) => {
        const abs = join(dir, f.path);
        // Only regular files are served: a symlink, even to identical bytes, refuses the release.
        if (!(await lstat(abs)).isFile()) throw new ReleaseVerificationError(`${f.path}: not a regular file`, f.path);
        const body = await readFile(abs);
        // Re-hash what is held in memory: the bytes served are exactly the sealed bytes, even if the
        // file changed on disk between verification and this read.
        if (sha256Hex(body) !== f.sha256) throw new ReleaseVerificationError(`${f.path}: changed while loading`, f.path);
        const known = reuse.get(f.sha256);
        // PDFs are compressed inside (Flate streams): a second pass gains little and would slow a swap.
        const alreadyCompressed = f.media_type === 'application/pdf';
        const encoded = known ?? (alreadyCompressed ? { gzip: body, br: body } : await compress(body, /json|csv|html|text/.test(f.media_type)));
        const path = f.path.slice(prefix.length);
        files.set(path, { path, body, gzip: encoded.gzip, br: encoded.br, sha256: f.sha256, mediaType: f.media_type });
      }),
  );
  const db = openStore(join(dir, STORE_FILE));
  return { revision, dir, seal, db, files };
}

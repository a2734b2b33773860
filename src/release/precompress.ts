// Precompressed variants of the data/ files, written once at seal time beside each file
// (`x.json.gz`, `x.json.br`: where nginx's gzip_static and brotli_static look), so that loading a
// release compresses nothing and a static server can send the bytes Node sends.
//
// They are listed in release.json under `variants` (path, sha256, bytes, the file they encode and the
// coding) and verified like every sealed file, but kept OUT of the revision hash and out of `files`:
// they are derived from the content, and a compressor's output may change with the Node/zlib/brotli
// version, so the same content must keep the same revision whatever built it. Not being in `files`,
// they are never published as resources of their own.
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as z, gzip } from 'node:zlib';
import { sha256Hex } from '../lib/hash.js';
import { faultPoint } from './fault.js';
import { DATA_DIR, type SealedFile, type SealedVariant } from './layout.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

// Fixed levels, so one build environment always writes the same bytes (and so the same
// representation ETags). Brotli 8: on the real release's 363 compressible files (35.6 MB), quality 9
// took 22.7 s of CPU for 2,256,915 bytes, quality 8 1.0 s for 2,266,911 (0.4% more): 9 was
// a third of a whole build's CPU time; 11 costs more still.
const GZIP_LEVEL = 9;
const BROTLI_QUALITY = 8;
export const VARIANT_SUFFIX = { gzip: '.gz', br: '.br' } as const;

/** Text formats gain from compression; PDFs are compressed inside (Flate streams) and are skipped. */
export function compressible(mediaType: string): boolean {
  return /json|csv|html|text|xml|javascript|svg/.test(mediaType);
}

async function encode(body: Buffer, coding: 'gzip' | 'br', text: boolean): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(body, { level: GZIP_LEVEL });
  return brotliAsync(body, {
    params: {
      [z.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [z.BROTLI_PARAM_MODE]: text ? z.BROTLI_MODE_TEXT : z.BROTLI_MODE_GENERIC,
      [z.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * Writes the gzip and br variant of each compressible data/ file in `files` into `dir` and returns
 * them, sorted by path. A variant that is not smaller than its file is not written.
 */
export async function writeVariants(
  dir: string,
  files: readonly SealedFile[],
): Promise<SealedVariant[]> {
  const out: SealedVariant[] = [];
  const todo = files.filter(
    (file) => file.path.startsWith(DATA_DIR + '/') && compressible(file.media_type),
  );
  const one = async (file: SealedFile) => {
    const body = await readFile(join(dir, file.path));
    // Both codings at once: zlib runs them on libuv's thread pool, so they overlap with each other
    // and with the next files' reads; each output depends only on its input, so the order does not
    // change a byte, and the list is sorted below.
    await Promise.all(
      (['gzip', 'br'] as const).map(async (coding) => {
        const bytes = await encode(body, coding, true);
        if (bytes.length >= body.length) return;
        const path = file.path + VARIANT_SUFFIX[coding];
        await writeFile(join(dir, path), bytes);
        faultPoint('seal.variant');
        out.push({ path, sha256: sha256Hex(bytes), bytes: bytes.length, of: file.path, coding });
      }),
    );
  };
  // As many files in flight as cores: more only queues on the pool and holds more bodies in memory.
  let next = 0;
  const worker = async () => {
    while (next < todo.length) await one(todo[next++]!);
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(availableParallelism(), todo.length)) }, worker),
  );
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

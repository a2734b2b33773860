// The explorer's built assets (web/dist) and their sizes as sent: raw, gzip at level 9 and br.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { webDistDir } from '../../src/serve/web/assets.js';

export async function assetSizes() {
  const dir = webDistDir();
  const files: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(join(d, e.name));
      else files.push(join(d, e.name));
    }
  };
  await walk(dir);
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const f of files) {
    const body = await readFile(f);
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
    br += brotliCompressSync(body).length;
  }
  return {
    assets_files: files.length,
    assets_raw_bytes: raw,
    assets_gzip_bytes: gz,
    assets_br_bytes: br,
  };
}

// The web build read into memory once: every file of web/dist with its sha256 and gzip/br variants,
// so serving is a map look-up like /data/ (the variants are made here because the web build is not
// part of a sealed release). A variant is compressed the first time a client accepts its coding and
// then kept: compressing every asset at level 9 / quality 11 up front cost most of a second of start-up.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ServedFile } from '../releases/release-types.js';

const MEDIA: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * DALA_WEB_DIST, else web/dist of the package this module belongs to (found upward, so it holds for
 * src/ and compiled output).
 */
export function webDistDir(): string {
  const configured = process.env['DALA_WEB_DIST'];
  if (configured) return configured;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, 'web', 'dist');
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const out: string[] = [];
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

export interface WebBuild {
  dir: string;
  files: ReadonlyMap<string, ServedFile>;
}

export async function loadWebBuild(dir: string): Promise<WebBuild> {
  const files = new Map<string, ServedFile>();
  if (!existsSync(join(dir, 'index.html'))) return { dir, files };
  for (const abs of (await walk(dir)).sort()) {
    const path = relative(dir, abs).split(sep).join('/');
    const body = await readFile(abs);
    let gzip: Buffer | null = null;
    let br: Buffer | null = null;
    files.set(path, {
      path,
      body,
      sha256: createHash('sha256').update(body).digest('hex'),
      get gzip() {
        return (gzip ??= gzipSync(body, { level: 9 }));
      },
      get br() {
        return (br ??= brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }));
      },
      mediaType: MEDIA[extname(abs)] ?? 'application/octet-stream',
    });
  }
  return { dir, files };
}

// Every file of a sealed release as a reader gets it: for a test that reads all of them (the data
// files, the store, the evidence), the gzip and br variants decompressed and a PDF's words extracted.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pdfToText } from './pdftotext.js';

/** Every file under `dir`, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A released file's text: decompressed, and a PDF's raw bytes followed by its words. */
export async function readableText(path: string): Promise<string> {
  let bytes = readFileSync(path);
  if (path.endsWith('.gz')) bytes = gunzipSync(bytes);
  else if (path.endsWith('.br')) bytes = brotliDecompressSync(bytes);
  const raw = bytes.toString('latin1');
  return path.replace(/\.(gz|br)$/, '').endsWith('.pdf')
    ? `${raw}\n${await pdfToText(bytes)}`
    : bytes.toString('utf8');
}

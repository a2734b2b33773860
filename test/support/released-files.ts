// Every file of a sealed release as a reader gets it: for a test that reads all of them (the data
// files, the store, the evidence), the gzip and br variants decompressed and a PDF's words extracted.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pdfsToText } from './pdftotext.js';

/** Every file under `dir`, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const isPdf = (path: string) => path.replace(/\.(gz|br)$/, '').endsWith('.pdf');

/** A released file's bytes as a reader gets them: the gzip and br variants decompressed. */
function readableBytes(path: string): Buffer {
  const bytes = readFileSync(path);
  if (path.endsWith('.gz')) return gunzipSync(bytes);
  if (path.endsWith('.br')) return brotliDecompressSync(bytes);
  return bytes;
}

/**
 * Each file under `dir` with its text, one at a time: decompressed, and a PDF's raw bytes followed
 * by its words. The PDFs' words are extracted first, all in one pdftotext pass (pdfsToText).
 */
export async function* releasedTexts(dir: string): AsyncGenerator<{ path: string; text: string }> {
  const files = filesUnder(dir);
  const pdfs = files.filter(isPdf);
  const words = await pdfsToText(pdfs.map(readableBytes));
  const wordsOf = new Map(pdfs.map((p, i) => [p, words[i]!]));
  for (const path of files) {
    const bytes = readableBytes(path);
    const words = wordsOf.get(path);
    const text =
      words === undefined ? bytes.toString('utf8') : `${bytes.toString('utf8')}\n${words}`;
    yield { path, text };
  }
}

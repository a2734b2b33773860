// Every file of a sealed release as a reader gets it: for a test that reads all of them (the data
// files, the store, the evidence), the gzip and br variants decompressed and a PDF's words extracted.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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

// A file longer than a string may be (V8: 2^29 - 24 characters; the store passed 512 MiB) is read in
// pieces that overlap by far more than any name, phone, e-mail or URL a reader looks for.
const PIECE = 256 * 1024 * 1024;
const OVERLAP = 64 * 1024;

/**
 * Each file under `dir` with its text, one at a time: decompressed, and a PDF's raw bytes followed
 * by its words; a file longer than PIECE bytes as overlapping pieces, each yielded with its path.
 * The PDFs' words are extracted first, all in one pdftotext pass (pdfsToText). `only` picks files by
 * their path in the release (data/...).
 */
export async function* releasedTexts(
  dir: string,
  only: (relative: string) => boolean = () => true,
): AsyncGenerator<{ path: string; text: string }> {
  const files = filesUnder(dir).filter((path) => only(relative(dir, path)));
  const pdfs = files.filter(isPdf);
  const words = await pdfsToText(pdfs.map(readableBytes));
  const wordsOf = new Map(pdfs.map((p, i) => [p, words[i]!]));
  for (const path of files) {
    const bytes = readableBytes(path);
    const words = wordsOf.get(path);
    if (bytes.length > PIECE) {
      for (let at = 0; at < bytes.length; at += PIECE - OVERLAP)
        yield { path, text: bytes.subarray(at, at + PIECE).toString('utf8') };
      continue;
    }
    const text =
      words === undefined ? bytes.toString('utf8') : `${bytes.toString('utf8')}\n${words}`;
    yield { path, text };
  }
}

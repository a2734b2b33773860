// pdftotext (poppler-utils, installed by .ci/run) run asynchronously: a test that serves the release
// from its own process must not block the event loop while poppler reads (a blocked server lets
// kept-alive sockets time out under the client).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const noPdftotext = spawnSync('pdftotext', ['-v']).error !== undefined;

/** The text of a PDF given as bytes; `bbox` gives pdftotext's XHTML with one box per word. */
export function pdfToText(pdf: Buffer, bbox = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', [...(bbox ? ['-bbox'] : []), '-q', '-', '-']);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out).toString('utf8'))
        : reject(new Error(`pdftotext exited ${code}: ${Buffer.concat(err).toString()}`)),
    );
    child.stdin.end(pdf);
  });
}

/**
 * The text of each PDF, in order (with `bbox`, each one's XHTML page boxes). pdftotext reads one file
 * per process, and a release holds hundreds of PDFs: they are joined into one (pdfunite) and read in
 * one pass, split at its page ends (a form feed; with `bbox`, each `<page` element). When a PDF has
 * more than one page the pages no longer tell the files apart, and each is read on its own.
 */
export async function pdfsToText(pdfs: Buffer[], bbox = false): Promise<string[]> {
  if (pdfs.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), 'dala-pdfs-'));
  try {
    const inputs = pdfs.map((pdf, i) => {
      const path = join(dir, `${String(i).padStart(6, '0')}.pdf`);
      writeFileSync(path, pdf);
      return path;
    });
    const joined = join(dir, 'joined.pdf');
    await run('pdfunite', [...inputs, joined]);
    const text = await pdfToText(readFileSync(joined), bbox);
    const pages = bbox
      ? text
          .split('<page ')
          .slice(1)
          .map((page) => `<page ${page}`)
      : text.split('\f').slice(0, -1);
    if (pages.length === pdfs.length) return pages;
    const texts: string[] = [];
    for (const pdf of pdfs) texts.push(await pdfToText(pdf, bbox));
    return texts;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const err: Buffer[] = [];
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} exited ${code}: ${Buffer.concat(err).toString()}`)),
    );
  });
}

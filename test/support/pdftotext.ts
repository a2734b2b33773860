// pdftotext (poppler-utils, installed by .ci/run) run asynchronously: a test that serves the release
// from its own process must not block the event loop while poppler reads (a blocked server lets
// kept-alive sockets time out under the client).
import { spawn, spawnSync } from 'node:child_process';

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

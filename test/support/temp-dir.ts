// Every temporary directory a test process makes, removed when the process exits: a suite run would
// otherwise leave a built release (~35 MB) per test file in the system's temporary directory, and a
// machine that runs the suite many times fills its disk. DALA_TEST_KEEP_TMP=1 keeps them for a look.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

function removeAll(): void {
  if (process.env.DALA_TEST_KEEP_TMP === '1') return;
  for (const dir of made) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** A new directory under the system's temporary directory, named `<prefix>XXXXXX`, removed at exit. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (made.push(dir) === 1) process.once('exit', removeAll);
  return dir;
}

// Headless Chromium (Debian's `chromium` package, installed by .ci/run) driven by playwright-core,
// with a fresh profile and no background network of its own.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { tempDir } from './temp-dir.js';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  const profile = tempDir('dala-chromium-');
  // launchPersistentContext passes the profile as --user-data-dir.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
  });
  // A step that cannot happen fails the test instead of waiting for ever.
  context.setDefaultTimeout(20_000);
  return {
    context,
    close: async () => {
      await context.close();
      // A browser that did not exit on close is ended by its process id, never by name.
      for (const pid of await childPids(/chrom/i)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // it exited in between
        }
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Ids of this process's children whose command name matches (Linux /proc; none elsewhere). */
async function childPids(name: RegExp): Promise<number[]> {
  const entries = await readdir('/proc').catch(() => [] as string[]);
  const pids: number[] = [];
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    const stat = await readFile(`/proc/${e}/stat`, 'utf8').catch(() => '');
    // "pid (comm) state ppid ...": comm may hold spaces, so read after the last ')'.
    const m = /^\d+ \((.*)\) \S+ (\d+)/s.exec(stat);
    if (m && Number(m[2]) === process.pid && name.test(m[1]!)) pids.push(Number(e));
  }
  return pids;
}

// Notices a change of CURRENT: fs.watch on the releases directory, and a poll besides, since fs.watch
// is not reliable on every filesystem (network mounts, some containers) and may fail to start at all.
import { watch, type FSWatcher } from 'node:fs';

export interface PointerWatch {
  close(): void;
}

/** Calls check() on every change in releasesDir and every pollMs; the timer does not keep the process alive. */
export function watchPointer(releasesDir: string, pollMs: number, check: () => void): PointerWatch {
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(releasesDir, check);
    watcher.on('error', () => watcher?.close());
  } catch {
    watcher = null; // the poll below still notices the swap
  }
  const timer = setInterval(check, pollMs);
  timer.unref();
  return {
    close() {
      watcher?.close();
      clearInterval(timer);
    },
  };
}

// One full garbage collection once the server's start-up work is done (release loaded, route
// schemas compiled), so that the first requests do not pay for the start-up's garbage.
//
// Why: measured on the 1M-entity release, the first few hundred requests after a start each
// promoted most of what they allocated into the old generation (the heap grew by 5-6 MB per
// young-generation collection, and those collections took 25-80 ms instead of 1-8 ms on a loaded
// machine) until the first full collection; after it, a collection freed nearly all it scanned.
// Forcing that collection at the end of start-up removed the episode in the same runs. V8 offers
// no call for it without --expose-gc; the flag is set here, for a new context only, the way the
// `expose-gc` package does it (https://nodejs.org/api/v8.html#v8setflagsfromstringflags), so the
// server's own global scope gains no `gc`.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

/** Runs one full collection; false when this runtime does not allow it (nothing is done then). */
export function collectStartUpGarbage(): boolean {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as unknown;
      collect = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      collect = null;
    }
  }
  if (!collect) return false;
  collect();
  return true;
}

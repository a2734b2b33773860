// A worker forked while another serves (LISTEN_WHEN_READY, ./messages.ts) starts at a lower priority
// and takes the normal one back once it answers: importing and building its app, and opening its
// release, then take a core only as far as the serving worker leaves it, so the answers of the first
// seconds are not slowed by a start-up. On Linux the nice value is each thread's (setpriority(2),
// "BUGS"): this thread is lowered, the threads it starts inherit it, and every thread still at that
// value is raised back. Raising needs CAP_SYS_NICE or an RLIMIT_NICE of 20 (getrlimit(2)); without
// either the worker starts at the normal priority, never stays lowered.
import { readFileSync, readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

const START_NICE = 10;
const CAP_SYS_NICE = 23n;

/** Whether this process may set a thread's nice value back to 0 once it has raised it. */
function mayRestore(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const cap = /^CapEff:\s*([0-9a-f]+)$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (cap && (BigInt(`0x${cap[1]}`) >> CAP_SYS_NICE) & 1n) return true;
    const limit = /^Max nice priority\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return limit !== null && Number(limit[1]) >= 20;
  } catch {
    return false;
  }
}

/** Lowers this thread's priority for the start-up; the function returned takes the normal one back. */
export function startLowered(): () => void {
  if (!mayRestore() || getPriority() !== 0) return () => {};
  try {
    setPriority(START_NICE);
  } catch {
    return () => {};
  }
  return () => {
    for (const tid of readdirSync('/proc/self/task').map(Number))
      try {
        if (getPriority(tid) === START_NICE) setPriority(tid, 0);
      } catch {
        // a thread that ended meanwhile
      }
  };
}

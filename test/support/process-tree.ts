// The processes of one `dala serve`: the process a test spawned and, with several workers, the
// workers its primary forked (the kernel lists a process's children in /proc/<pid>/task/<pid>/children,
// proc(5)). A figure of "the server" is a figure of all of them: the primary serves nothing, and any
// worker may hold a given connection.
import { readFileSync, readlinkSync } from 'node:fs';

/** The children of pid, as the kernel lists them; none once it has exited. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Whether pid runs Node (the serving processes do; esbuild's service, which tsx starts, does not). */
function isNode(pid: number): boolean {
  try {
    return readlinkSync(`/proc/${pid}/exe`) === process.execPath;
  } catch {
    return false;
  }
}

/** The workers a primary forked (its Node children), oldest first. */
export function workersOf(pid: number): number[] {
  return childrenOf(pid)
    .filter(isNode)
    .sort((a, b) => a - b);
}

/** The spawned process and every Node process under it (its workers). */
export function serveProcesses(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...childrenOf(all[i]!).filter(isNode));
  return all;
}

/** Resident bytes of one process (VmRSS), 0 once it has exited. */
export function residentBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Resident bytes of the spawned process and its workers together. */
export function serveResidentBytes(pid: number): number {
  return serveProcesses(pid).reduce((sum, p) => sum + residentBytes(p), 0);
}

/**
 * Samples every process of a `dala serve` every 100 ms until stopped: their resident bytes at the
 * start (together) and the largest growth of any one of them. A bound per process, since each worker
 * holds what it serves (a file read on first use, its answers in flight) whichever it is.
 */
export function watchResident(pid: number): () => { before: number; growth: number } {
  const processes = serveProcesses(pid);
  const before = processes.map(residentBytes);
  const peaks = [...before];
  const sample = () =>
    processes.forEach((p, i) => (peaks[i] = Math.max(peaks[i]!, residentBytes(p))));
  const sampler = setInterval(sample, 100);
  return () => {
    clearInterval(sampler);
    sample();
    return {
      before: before.reduce((a, b) => a + b, 0),
      growth: Math.max(...peaks.map((peak, i) => peak - before[i]!)),
    };
  };
}

// Witnesses of machine-wide stalls, for load tests that judge latency on a shared machine.
// A stall is a span in which a process that had nothing to do but wake up on a timer did not run:
// its timer fired late. Two witnesses:
// - this process (the load client): its own lateness also inflates the latencies it measures;
// - a sentinel, a separate idle Node process on a 5 ms timer: the Linux scheduler wakes a task that
//   mostly sleeps ahead of busy ones, so when even the sentinel runs late by tens of milliseconds the
//   machine as a whole was not running its processes (other processes on the cores, a virtual CPU
//   descheduled by its host), and the server under test was held up with it.
// A pause of the server alone (a long garbage collection, synchronous work) stops neither witness, so
// it is never excused.
import { spawn } from 'node:child_process';

/** A stall, in epoch milliseconds (performance.timeOrigin + performance.now(), comparable across processes). */
export interface Stall {
  from: number;
  to: number;
}

export interface StallWitness {
  /** Every stall witnessed so far, by either witness. */
  stalls(): Stall[];
  stop(): Promise<void>;
}

const now = () => performance.timeOrigin + performance.now();

// The sentinel's whole program: report each lateness past the threshold as "from to\n".
const sentinel = (intervalMs: number, thresholdMs: number) => `
let tick = performance.now();
setInterval(() => {
  const t = performance.now();
  if (t - tick - ${intervalMs} > ${thresholdMs}) process.stdout.write((performance.timeOrigin + tick + ${intervalMs}) + ' ' + (performance.timeOrigin + t) + '\\n');
  tick = t;
}, ${intervalMs});
`;

/** Starts both witnesses; a timer late by more than thresholdMs is a stall. */
export async function witnessStalls(thresholdMs: number): Promise<StallWitness> {
  const found: Stall[] = [];
  const child = spawn(process.execPath, ['-e', sentinel(5, thresholdMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      const [from, to] = line.split(' ').map(Number);
      if (Number.isFinite(from) && Number.isFinite(to)) found.push({ from: from!, to: to! });
    }
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', reject);
  });
  const intervalMs = 20;
  let tick = now();
  const watchdog = setInterval(() => {
    const t = now();
    if (t - tick - intervalMs > thresholdMs) found.push({ from: tick + intervalMs, to: t });
    tick = t;
  }, intervalMs);
  return {
    stalls: () => [...found].sort((a, b) => a.from - b.from),
    async stop() {
      clearInterval(watchdog);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

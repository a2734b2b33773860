// The jobs of a test run and the pool that runs them: each job is a child process (its own process
// group, so a timeout ends all it started), its output kept whole for the log. A job may wait for
// another (the files that read the real release wait for its build); the pool starts the longest
// expected job first among those ready, within a cap on jobs at once and per group. Jobs of a serial
// group (servers, child processes: their timings are part of what they assert) run one at a time,
// alone, after every other job. Jobs of a group run beside the pool (Chromium: a browser test waits
// on the page far more than it computes) run one at a time outside its cap, before the serial ones.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Job {
  name: string;
  group: string;
  command: string[];
  env?: Record<string, string>;
  /** The name of the job whose success this one needs; its stdout's last line becomes `handed`. */
  after?: string;
  /** Expected duration in ms (the last recorded one): the longest ready job starts first. */
  expectedMs: number;
  /** A batch's test files, run in this one process (test/runner/batch.ts). */
  files?: readonly string[];
  /** Builds the environment from what `after` printed. */
  handedEnv?: (handed: string) => Record<string, string>;
}

export interface JobResult {
  job: Job;
  ok: boolean;
  code: number | null;
  ms: number;
  /** CPU time of the job and every process it waited for (user and system), when known. */
  cpuMs?: number;
  output: string; // stdout and stderr as they came
  stdout: string;
  startedAt: number;
  note?: string; // why it did not run or was stopped
}

export interface PoolOptions {
  root: string;
  jobs: number; // at most this many at once
  perGroup: Record<string, number>; // and at most this many of a group at once
  serial: string[]; // groups whose jobs run alone, one at a time, once every other job has ended
  beside: string[]; // groups whose jobs run one at a time beside the others, outside `jobs`
  timeoutMs: number;
  onDone: (result: JobResult) => void;
}

/**
 * The CPU time of this process's ended children (and theirs), ms: /proc/self/stat's cutime and
 * cstime, which grow by a child's whole time when it is reaped, so the growth from one child's
 * exit to the next is that child's time (two reaped in the same turn share one figure).
 */
function endedChildrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // the fields after the command name (which may hold spaces, in parentheses): cutime and cstime
    // are fields 16 and 17, in clock ticks of 10 ms (USER_HZ is 100 on Linux)
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined; // not Linux
  }
}

let cpuSeen = endedChildrenCpuMs();

function runOne(job: Job, env: Record<string, string>, opts: PoolOptions): Promise<JobResult> {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const [cmd, ...args] = job.command;
    // each job is a test run of its own, also when this runner runs under node --test, whose
    // children take NODE_TEST_CONTEXT as the order to report to a parent runner
    const { NODE_TEST_CONTEXT: _parent, ...inherited } = process.env;
    const child = spawn(cmd!, args, {
      cwd: opts.root,
      env: { ...inherited, ...job.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => ((output += s), (stdout += s)));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (output += s));
    let note: string | undefined;
    const timer = setTimeout(() => {
      note = `stopped after ${opts.timeoutMs / 1000} s`;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, opts.timeoutMs);
    running.add(child.pid!);
    let cpuMs: number | undefined;
    child.on('exit', () => {
      const now = endedChildrenCpuMs();
      if (now !== undefined && cpuSeen !== undefined) cpuMs = now - cpuSeen;
      cpuSeen = now;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      running.delete(child.pid!);
      const ms = Date.now() - startedAt;
      resolve({ job, ok: code === 0 && !note, code, ms, cpuMs, output, stdout, startedAt, note });
    });
  });
}

const running = new Set<number>();

/** Ends every job still running (their process groups), e.g. when the run is interrupted. */
export function stopAll(): void {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Runs every job, each once its `after` job has succeeded; resolves with every result. */
export function runPool(all: Job[], opts: PoolOptions): Promise<JobResult[]> {
  const waiting = [...all].sort((a, b) => b.expectedMs - a.expectedMs);
  const results = new Map<string, JobResult>();
  const active = new Map<string, number>(); // group -> jobs running
  let activeCount = 0; // jobs running within the cap
  let besideCount = 0; // and beside it
  const isSerial = (job: Job) => opts.serial.includes(job.group);
  const isBeside = (job: Job) => opts.beside.includes(job.group);
  const busy = () => activeCount + besideCount;
  return new Promise((resolve) => {
    const finish = (result: JobResult) => {
      results.set(result.job.name, result);
      opts.onDone(result);
    };
    const pump = () => {
      for (let i = 0; i < waiting.length;) {
        const job = waiting[i]!;
        if (!isBeside(job) && activeCount >= opts.jobs) {
          i++;
          continue;
        }
        const before = job.after ? results.get(job.after) : undefined;
        if (job.after && !before) {
          i++; // its prerequisite has not finished
          continue;
        }
        if (before && !before.ok) {
          waiting.splice(i, 1);
          const note = `not run: ${job.after} failed`;
          finish({ job, ok: false, code: null, ms: 0, output: '', stdout: '', startedAt: 0, note });
          continue;
        }
        const inGroup = active.get(job.group) ?? 0;
        const held = isSerial(job) && (busy() > 0 || waiting.some((j) => !isSerial(j)));
        const cap = isBeside(job) ? 1 : (opts.perGroup[job.group] ?? Infinity);
        if (held || inGroup >= cap) {
          i++;
          continue;
        }
        waiting.splice(i, 1);
        active.set(job.group, inGroup + 1);
        if (isBeside(job)) besideCount++;
        else activeCount++;
        if (isSerial(job)) i = waiting.length; // alone: nothing else starts beside it
        const handed = before?.stdout.trim().split('\n').at(-1) ?? '';
        const env = before && job.handedEnv ? job.handedEnv(handed) : {};
        void runOne(job, env, opts).then((result) => {
          active.set(job.group, active.get(job.group)! - 1);
          if (isBeside(job)) besideCount--;
          else activeCount--;
          finish(result);
          pump();
        });
      }
      if (busy() === 0 && waiting.length > 0) {
        // nothing runs and nothing could start: a prerequisite that is not a job of this run
        for (const job of waiting.splice(0)) {
          const note = `not run: ${job.after} is not part of this run`;
          finish({ job, ok: false, code: null, ms: 0, output: '', stdout: '', startedAt: 0, note });
        }
      }
      if (busy() === 0 && waiting.length === 0) resolve([...results.values()]);
    };
    pump();
  });
}

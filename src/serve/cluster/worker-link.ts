// A worker's side of cluster IPC: the rate-limit budget and the workers list asked of the primary,
// and this worker's status reported to it. Every exchange has a deadline, so a primary that does not
// answer (busy, or gone) costs a request at most that long, never a hang.
import {
  MemoryStore,
  type BucketPolicy,
  type RateLimitStore,
  type TakeResult,
} from '../rate-limit/bucket.js';
import {
  isDalaMessage,
  STATUS_EVERY_MS,
  type PrimaryAnswer,
  type StatusReport,
  type WorkerRequest,
} from './messages.js';
import type { WorkerStatus, WorkersReport } from './worker-status.js';

type Outgoing = WorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/** Sends requests to the primary and matches its answers to them by id. */
export class PrimaryLink {
  private nextId = 1;
  private readonly waiting = new Map<number, (answer: PrimaryAnswer | null) => void>();

  constructor(private readonly proc: NodeJS.Process = process) {
    if (!proc.send)
      throw new Error('PrimaryLink runs in a cluster worker (a process with an IPC channel)');
    proc.on('message', (message: unknown) => {
      if (!isDalaMessage(message) || (message.dala !== 'took' && message.dala !== 'workers'))
        return;
      this.waiting.get(message.id)?.(message as PrimaryAnswer);
    });
  }

  /** The primary's answer, or null after timeoutMs (or when the channel is closed). */
  ask(request: Outgoing, timeoutMs: number): Promise<PrimaryAnswer | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(null), timeoutMs);
      const done = (answer: PrimaryAnswer | null) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(answer);
      };
      this.waiting.set(id, done);
      if (!this.proc.connected) return done(null);
      this.proc.send!({ ...request, id }, undefined, undefined, (err) => err && done(null));
    });
  }

  /** Reports status() to the primary now and every STATUS_EVERY_MS (messages.ts). */
  reportStatus(status: () => WorkerStatus): void {
    const report = () => {
      if (!this.proc.connected) return;
      const message: StatusReport = { dala: 'status', id: 0, status: status() };
      this.proc.send!(message, undefined, undefined, () => {}); // a closed channel: the primary is gone
    };
    report();
    setInterval(report, STATUS_EVERY_MS).unref();
  }
}

/** A take that gets no answer within this long is counted by the worker's own bucket instead. */
const TAKE_TIMEOUT_MS = 250;

/**
 * The token buckets held by the primary, shared by every worker: without Redis, one address's budget
 * holds across workers only if one process counts it. While the primary does not answer, each worker
 * counts its own budget (the same fallback as a lost Redis: at most workers x burst, never a 500).
 */
export class PrimaryBudget implements RateLimitStore {
  private readonly fallback: MemoryStore;
  private lost = false;
  private queue: { key: string; resolve: (result: Promise<TakeResult> | TakeResult) => void }[] =
    [];

  constructor(
    private readonly link: PrimaryLink,
    policy: BucketPolicy,
  ) {
    this.fallback = new MemoryStore(policy);
  }

  /**
   * The takes of the requests parsed in one turn of the event loop travel as one message, answered by
   * one: under many connections the IPC cost is paid per turn rather than per request, and a request
   * waits at most until the end of its turn (setImmediate) plus one round trip.
   */
  take(key: string): Promise<TakeResult> {
    return new Promise((resolve) => {
      if (this.queue.push({ key, resolve }) === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    const answer = await this.link.ask(
      { dala: 'take', keys: batch.map((b) => b.key) },
      TAKE_TIMEOUT_MS,
    );
    this.lost = answer?.dala !== 'took';
    batch.forEach((b, i) =>
      b.resolve(answer?.dala === 'took' ? answer.results[i]! : this.fallback.take(b.key)),
    );
  }

  degradation(): string | null {
    return this.lost
      ? `rate limit: the primary process did not answer within ${TAKE_TIMEOUT_MS} ms; this worker counts its own budget meanwhile`
      : null;
  }

  async close(): Promise<void> {
    await this.fallback.close();
  }
}

/** How long health waits for the primary's list of workers (answered from memory, STATUS_EVERY_MS). */
const WORKERS_TIMEOUT_MS = 250;

/**
 * Every worker's status as the primary last heard it, this worker's own taken now (it counts the
 * request asking); this worker alone (with a reason) if the primary does not answer.
 */
export function workersFromPrimary(
  link: PrimaryLink,
): (self: () => WorkerStatus) => Promise<WorkersReport> {
  return async (self) => {
    const answer = await link.ask({ dala: 'workers' }, WORKERS_TIMEOUT_MS);
    const me = self();
    if (answer?.dala !== 'workers')
      return {
        workers: [me],
        reasons: [
          `the primary process did not answer within ${WORKERS_TIMEOUT_MS} ms; only the answering worker is listed`,
        ],
      };
    const { workers, reasons } = answer.report;
    const listed = workers.some((w) => w.pid === me.pid);
    return {
      workers: listed ? workers.map((w) => (w.pid === me.pid ? me : w)) : [...workers, me],
      reasons: reasons.filter((r) => !r.includes(`pid ${me.pid} `)),
    };
  };
}

// The primary of `dala serve` with DALA_WORKERS > 1: it forks the serving processes and serves
// nothing itself (it opens no release and no store). Why node:cluster and not SO_REUSEPORT: Node 20's
// net.Server.listen has no reusePort option (it is ignored, and a second process's listen on the
// port fails with EADDRINUSE), so one port for several processes takes cluster's shared handle.
//
// What the primary does: it owns the token buckets of the rate limit when there is no Redis (each
// worker's take is one IPC round trip, answered here from memory); it keeps every worker's latest
// status report for /api/v1/health (answered at once: no worker is asked while health waits); it restarts a worker that dies (with backoff: a worker crashing at start must
// not spin); it starts the workers one after another (below); on SIGTERM or SIGINT it stops every worker the way `dala serve` stops (in-flight
// requests finish) and exits once all have. Each worker watches the CURRENT pointer itself, so one
// swap reaches them all without the primary.
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { DEFAULT_POLICY, MemoryStore, type BucketPolicy } from '../rate-limit/bucket.js';
import {
  isDalaMessage,
  LISTEN_WHEN_READY,
  STATUS_STALE_MS,
  WORKER_EXIT,
  type PrimaryAnswer,
  type StatusReport,
  type WorkerRequest,
} from './messages.js';
import type { WorkerStatus, WorkersReport } from './worker-status.js';

export interface PrimaryOptions {
  workers: number;
  log: Logger;
  policy?: BucketPolicy;
}

/** Backoff after a crash: doubling from 100 ms to 10 s; a worker up for a minute resets it. */
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 10_000;
const STABLE_AFTER_MS = 60_000;
/**
 * At start, the next worker is forked once the one before it answers every route, or past this long
 * (a store verified whole before it answers may take minutes; the others need not wait for it).
 */
const START_ALONE_MAX_MS = 10_000;
/** Past this long after SIGTERM, workers still running are killed. */
const DRAIN_LIMIT_MS = 15_000;

interface Slot {
  worker: Worker | null;
  startedAt: number;
  delay: number;
  /** The running worker's latest status report, and when it came. */
  status: WorkerStatus | null;
  reportedAt: number;
  /** The running worker has reported that it answers every route (its store is open, or refused). */
  serving: boolean;
}

/** Runs until every worker has stopped after SIGTERM/SIGINT; resolves the exit code. */
export function runPrimary(opts: PrimaryOptions): Promise<number> {
  const { log } = opts;
  // The workers accept from the one listening socket themselves (SCHED_NONE), not from the primary
  // in turn (round-robin, Node's default). Under round-robin the primary accepts each connection and
  // passes it to a worker over IPC: a connection passed to a worker killed at that moment is held by
  // the primary, never answered nor closed; every connection costs the primary a turn on a core the
  // workers need; and at SIGTERM the connections it still held were reset. Sharing the socket, a
  // worker killed outright takes only the connections it had accepted (reset by the kernel), the
  // queue stays for the others, and a draining worker reads it before it closes (front-server.ts).
  // libuv (1.45 and later) accepts one connection per turn of a worker's event loop, so a busy worker
  // leaves the next to an idle one. Node's NODE_CLUSTER_SCHED_POLICY=rr still chooses round-robin
  // (to compare the two).
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  const budget = new MemoryStore(opts.policy ?? DEFAULT_POLICY);
  const slots: Slot[] = [];
  let stopping = false;
  /** The primary's exit code when a worker stopped for a reason every restart would meet too. */
  let fatal: number | null = null;
  // One paging-cursor key for every worker (and every restart of one): a connection may reach any
  // worker, so a cursor issued by one must continue on the others, and one answer (its next_cursor
  // included) must be the same bytes, and so have the same ETag, whichever worker made it.
  const cursorKey = process.env.DALA_CURSOR_KEY || randomBytes(32).toString('base64url');

  const answer = (worker: Worker, message: PrimaryAnswer) => {
    if (worker.isConnected()) worker.send(message);
  };

  /** Every worker's latest report; a missing or stale one is a reason instead. */
  const gather = (): WorkersReport => {
    const reasons: string[] = [];
    const workers: WorkerStatus[] = [];
    const now = Date.now();
    slots.forEach((slot, index) => {
      const worker = slot.worker;
      if (slot.startedAt === 0)
        reasons.push(`worker ${index + 1} of ${slots.length} starts once worker ${index} answers`);
      else if (!worker || !worker.isConnected())
        reasons.push(`worker ${index + 1} of ${slots.length} is restarting after it stopped`);
      else if (!slot.status)
        reasons.push(`worker pid ${worker.process.pid} is starting (no status report yet)`);
      else if (now - slot.reportedAt > STATUS_STALE_MS)
        reasons.push(
          `worker pid ${worker.process.pid} has not reported its status for ${now - slot.reportedAt} ms (its event loop is held)`,
        );
      else workers.push(slot.status);
    });
    return { workers, reasons };
  };

  const onMessage = (slot: Slot, worker: Worker) => (message: unknown) => {
    if (!isDalaMessage(message)) return;
    const m = message as WorkerRequest | StatusReport;
    // MemoryStore.take does its work before its first await, so the takes happen in the order sent
    if (m.dala === 'take')
      void Promise.all(m.keys.map((key) => budget.take(key))).then((results) =>
        answer(worker, { dala: 'took', id: m.id, results }),
      );
    else if (m.dala === 'workers') answer(worker, { dala: 'workers', id: m.id, report: gather() });
    else if (m.dala === 'status' && slot.worker === worker) {
      slot.status = m.status;
      slot.reportedAt = Date.now();
      if (!slot.serving && m.status.status !== 'verifying') {
        slot.serving = true;
        startAfter(slot);
      }
    }
  };

  // The workers start one after another, each forked once the one before it answers every route.
  // Started at once on a machine with as many cores as workers, each start (importing and building the
  // app, opening and hashing the release) took a core the other's needed, and a connection a starting
  // worker accepted waited for its whole start-up: the first store-backed answer came after twice one
  // process's start. One at a time, the first answers as soon as one process would, and a worker
  // forked while another serves listens only once it answers every route (LISTEN_WHEN_READY), so no
  // connection waits for a start-up.
  const startAfter = (slot: Slot) => {
    const next = slots[slots.indexOf(slot) + 1];
    if (next && next.startedAt === 0 && !stopping) start(next, slots.indexOf(next));
  };

  const start = (slot: Slot, index: number) => {
    slot.startedAt = Date.now();
    const othersServe = slots.some((s) => s !== slot && s.serving);
    const worker = cluster.fork({
      DALA_WORKER_INDEX: String(index + 1),
      DALA_CURSOR_KEY: cursorKey,
      ...(othersServe ? { [LISTEN_WHEN_READY]: '1' } : {}),
    });
    slot.worker = worker;
    slot.status = null;
    slot.serving = false;
    setTimeout(() => startAfter(slot), START_ALONE_MAX_MS).unref();
    worker.on('message', onMessage(slot, worker));
    worker.on('exit', (code, signal) => {
      slot.worker = null;
      slot.status = null;
      slot.serving = false;
      if (stopping) return;
      if (code === WORKER_EXIT.REFUSED || code === WORKER_EXIT.CANNOT_LISTEN) {
        // `dala serve` refused to serve (a synthetic release without --benchmark), or the port is in
        // use or not allowed (the worker wrote why on stderr): so would every restart
        log.error(
          { pid: worker.process.pid, code },
          code === WORKER_EXIT.REFUSED
            ? 'dala serve: a worker refused to serve; stopping the others'
            : 'dala serve: a worker could not listen on the port (in use or not allowed); stopping the others',
        );
        fatal = code === WORKER_EXIT.REFUSED ? 2 : 1;
        return stop('SIGTERM');
      }
      slot.delay =
        Date.now() - slot.startedAt >= STABLE_AFTER_MS
          ? FIRST_DELAY_MS
          : Math.min(slot.delay * 2, MAX_DELAY_MS);
      log.error(
        { pid: worker.process.pid, code, signal, restart_in_ms: slot.delay },
        `dala serve: worker pid ${worker.process.pid} stopped (${signal ?? `code ${code}`}); restarting it in ${slot.delay} ms`,
      );
      setTimeout(() => !stopping && start(slot, index), slot.delay);
      startAfter(slot); // a worker that stopped before it answered holds the next no longer
    });
  };

  let stop: (signal: NodeJS.Signals) => void = () => {};
  const stopped = new Promise<number>((resolve) => {
    stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      const running = slots
        .map((s) => s.worker)
        .filter(
          (w): w is Worker =>
            w !== null && w.process.exitCode === null && w.process.signalCode === null,
        );
      log.info(
        { signal, workers: running.map((w) => w.process.pid) },
        `dala serve: ${signal}, stopping ${running.length} workers`,
      );
      const forced = setTimeout(() => {
        for (const w of running) w.process.kill('SIGKILL');
      }, DRAIN_LIMIT_MS);
      forced.unref();
      void Promise.all(
        running.map(
          (w) =>
            new Promise<number>((done) => {
              w.once('exit', (code) => done(code ?? 1));
              w.process.kill(signal); // each worker drains as a single `dala serve` does (src/cli/serve.ts)
            }),
        ),
      ).then(async (codes) => {
        clearTimeout(forced);
        await budget.close();
        resolve(fatal ?? (codes.every((c) => c === 0) ? 0 : 1));
      });
    };
  });
  for (let i = 0; i < opts.workers; i++) {
    const slot: Slot = {
      worker: null,
      startedAt: 0,
      delay: FIRST_DELAY_MS / 2,
      status: null,
      reportedAt: 0,
      serving: false,
    };
    slots.push(slot);
  }
  start(slots[0]!, 0);
  log.info(
    { workers: opts.workers, pid: process.pid },
    `dala serve: primary pid ${process.pid} started ${opts.workers} workers, each forked once the one before it answers`,
  );
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return stopped;
}

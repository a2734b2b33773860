// The messages between the primary and its workers over cluster IPC (node:cluster, process.send).
// Every request carries an id its answer repeats, so many can be outstanding at once.
import type { TakeResult } from '../rate-limit/bucket.js';
import type { WorkerStatus, WorkersReport } from './worker-status.js';

/**
 * A worker's exit codes that restarting cannot mend, so the primary stops every worker and exits:
 * REFUSED (a synthetic release without --benchmark; the primary exits 2) and CANNOT_LISTEN (the
 * port is in use or not allowed; the primary exits 1, as one process does).
 */
export const WORKER_EXIT = { REFUSED: 2, CANNOT_LISTEN: 3 } as const;

/**
 * Set to '1' in the environment of a worker forked while another serves: it listens only once it
 * answers every route, so no connection it accepts waits for its start-up (src/serve/server.ts).
 */
export const LISTEN_WHEN_READY = 'DALA_LISTEN_WHEN_READY';

/** Worker -> primary. */
export type WorkerRequest =
  | { dala: 'take'; id: number; keys: string[] } // one token of each key's bucket, in order (a key may repeat)
  | { dala: 'workers'; id: number }; // every worker's status, for /api/v1/health

/** Primary -> worker, answering a WorkerRequest. */
export type PrimaryAnswer =
  | { dala: 'took'; id: number; results: TakeResult[] }
  | { dala: 'workers'; id: number; report: WorkersReport };

/** Worker -> primary, every STATUS_EVERY_MS unasked: its own status (id 0). */
export type StatusReport = { dala: 'status'; id: number; status: WorkerStatus };

/**
 * How often a worker reports its status to the primary. Health is answered from the latest reports,
 * so it never waits on a worker busy with a large answer (or just dead); a report older than
 * STATUS_STALE_MS says the worker has not run its event loop for that long.
 */
export const STATUS_EVERY_MS = 200;
export const STATUS_STALE_MS = 2_000;

export function isDalaMessage(message: unknown): message is { dala: string; id: number } {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { dala?: unknown }).dala === 'string' &&
    typeof (message as { id?: unknown }).id === 'number'
  );
}

// The messages between the primary and its workers over cluster IPC (node:cluster, process.send).
// Every request carries an id its answer repeats, so many can be outstanding at once.
import type { TakeResult } from '../rate-limit/bucket.js';
import type { WorkerStatus, WorkersReport } from './worker-status.js';

/** Worker -> primary. */
export type WorkerRequest =
  | { dala: 'take'; id: number; keys: string[] } // one token of each key's bucket, in order (a key may repeat)
  | { dala: 'workers'; id: number }; // every worker's status, for /api/v1/health

/** Primary -> worker, answering a WorkerRequest. */
export type PrimaryAnswer =
  | { dala: 'took'; id: number; results: TakeResult[] }
  | { dala: 'workers'; id: number; report: WorkersReport };

/** Primary -> worker: report yourself; worker -> primary: the report. */
export type StatusQuery = { dala: 'status?'; id: number };
export type StatusAnswer = { dala: 'status'; id: number; status: WorkerStatus };

export function isDalaMessage(message: unknown): message is { dala: string; id: number } {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { dala?: unknown }).dala === 'string' &&
    typeof (message as { id?: unknown }).id === 'number'
  );
}

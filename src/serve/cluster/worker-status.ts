// What one serving process reports of itself in /api/v1/health (`workers`): its pid, the revision it
// serves, its state, how long it has run and how many requests it holds now. With DALA_WORKERS > 1
// the primary gathers these from every worker (primary.ts); a single process lists itself alone.
import type { Server } from 'node:http';
import { openObject, type ItemOf } from '../v1/response-schemas.js';

export const WORKER_SCHEMA = openObject(
  {
    pid: { type: 'integer', description: 'Operating-system process id of this serving process.' },
    revision: {
      type: ['string', 'null'],
      description: 'The sealed release this process serves now (null: none).',
    },
    status: {
      type: 'string',
      enum: ['ready', 'verifying', 'degraded', 'unavailable'],
      description: "This process's own readiness.",
    },
    uptime_s: { type: 'number', minimum: 0, description: 'Seconds since this process started.' },
    in_flight: {
      type: 'integer',
      minimum: 0,
      description:
        'HTTP requests this process is answering now (this health request included when it is the one answering).',
    },
    requests: {
      type: 'integer',
      minimum: 0,
      description: 'HTTP requests this process has received since it started.',
    },
  },
  ['pid', 'revision', 'status', 'uptime_s', 'in_flight', 'requests'],
);

export type WorkerStatus = ItemOf<typeof WORKER_SCHEMA>;

/** The serving processes and why any of them is missing from the list (a crashed worker restarting). */
export interface WorkersReport {
  workers: WorkerStatus[];
  reasons: string[];
}

export interface RequestCounter {
  inFlight(): number;
  total(): number;
}

/** Counts the requests the server receives and those not yet answered (a response closed, sent or cut). */
export function countRequests(server: Server): RequestCounter {
  let inFlight = 0;
  let total = 0;
  server.on('request', (_req, res) => {
    inFlight++;
    total++;
    res.once('close', () => inFlight--);
  });
  return { inFlight: () => inFlight, total: () => total };
}

interface HolderView {
  status(): { state: WorkerStatus['status']; revision: string | null };
}

export function selfStatus(releases: HolderView, counter: RequestCounter): WorkerStatus {
  const { state, revision } = releases.status();
  return {
    pid: process.pid,
    revision,
    status: state,
    uptime_s: Math.round(process.uptime() * 10) / 10,
    in_flight: counter.inFlight(),
    requests: counter.total(),
  };
}

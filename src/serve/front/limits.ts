// Protection against slow and abusive clients and against overload, in one place.
// - Timeouts (Node http server): the whole request (headers and body) must arrive within
//   REQUEST_TIMEOUT_MS, headers within HEADERS_TIMEOUT_MS, an idle keep-alive connection closes after
//   KEEP_ALIVE_TIMEOUT_MS; the checks run every second (Node's default 30 s let a slow sender hold
//   a socket for over a minute).
// - Sizes: headers (request line included) 16 KiB, request target 8 KiB (RFC 9112 section 3
//   recommends supporting at least 8000 octets; more is refused with 414).
// - Connections per peer address (trusted proxies exempt, since every client arrives through them).
// - Admission (load/admission.ts): answers that cost work are bounded in flight per process and per
//   address (503 with Retry-After beyond) and made one per event-loop turn, so health and cheap
//   answers never wait behind a burst.
// - Write timeout (load/write-timeout.ts): a client that stops reading its answer is let go after
//   WRITE_TIMEOUT_MS (default the request timeout) and the memory its answer held is freed.
// - Load shedding: when the event loop's delay passes a bound the server answers 503 with
//   Retry-After instead of queueing without bound; /api/v1/health keeps answering so an operator and
//   the proxy see why.
import type { Socket } from 'node:net';
import type { Server } from 'node:http';
import { problem } from '../problems/errors.js';
import { writeProblemToSocket } from './client-errors.js';
import { trustedProxies } from '../rate-limit/client-address.js';

export interface Limits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxHeaderBytes: number;
  maxUrlBytes: number;
  maxConnectionsPerAddress: number;
  maxEventLoopDelayMs: number;
  /** Answers that cost work in flight per process, and per client address (load/admission.ts). */
  maxAnswersInFlight: number;
  maxAnswersPerAddress: number;
  /** A connection whose client reads nothing of its answer for this long is destroyed (load/write-timeout.ts). */
  writeTimeoutMs: number;
}

const env = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

/**
 * The longest path parameter a route takes (find-my-way's maxParamLength, 100 by default, refused a
 * longer one with a 400 before any route ran: an SDMX key naming 17 regions is longer). The request
 * target's own bound (maxUrlBytes, 414 beyond) is the one that limits it.
 */
export const MAX_PATH_PARAMETER_LENGTH = 8 * 1024;

/** The bound `dala serve` uses unless DALA_MAX_EVENT_LOOP_DELAY_MS says otherwise. */
export const SERVE_MAX_EVENT_LOOP_DELAY_MS = 250;

export function defaultLimits(): Limits {
  return {
    requestTimeoutMs: env('DALA_REQUEST_TIMEOUT_MS', 10_000),
    headersTimeoutMs: env('DALA_HEADERS_TIMEOUT_MS', 5_000),
    keepAliveTimeoutMs: env('DALA_KEEP_ALIVE_TIMEOUT_MS', 5_000),
    maxHeaderBytes: 16 * 1024,
    maxUrlBytes: 8 * 1024,
    maxConnectionsPerAddress: env('DALA_MAX_CONNECTIONS_PER_ADDRESS', 128),
    // Off (0) unless configured: an app embedded in another process (a test harness doing heavy
    // synchronous work on the same loop) must not shed for delays it did not cause. `dala serve`, a
    // process of its own, turns it on (SERVE_MAX_EVENT_LOOP_DELAY_MS).
    maxEventLoopDelayMs: Number(process.env.DALA_MAX_EVENT_LOOP_DELAY_MS) || 0,
    maxAnswersInFlight: env('DALA_MAX_ANSWERS_IN_FLIGHT', 64),
    maxAnswersPerAddress: env('DALA_MAX_ANSWERS_PER_ADDRESS', 16),
    writeTimeoutMs: env('DALA_WRITE_TIMEOUT_MS', 10_000),
  };
}

/** Fastify options derived from the limits. */
export function serverOptions(limits: Limits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.requestTimeoutMs * 3, // a socket idle this long mid-response is dead
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      connectionsCheckingInterval: 1_000,
      maxHeaderSize: limits.maxHeaderBytes,
    },
  };
}

function tooMany(socket: Socket, perAddress: number): void {
  writeProblemToSocket(
    socket,
    problem(
      'overloaded',
      `more than ${perAddress} open connections from this address; reuse connections or retry later`,
      '/',
    ),
    { 'retry-after': '1' },
  );
  socket.destroySoon();
}

/** Caps open connections per peer address; trusted proxies (addresses or CIDRs) are not capped. */
export function limitConnectionsPerAddress(
  server: Server,
  perAddress: number,
  trusted: readonly string[] = [],
): void {
  const isTrusted = trustedProxies(trusted);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (isTrusted(address)) return;
    const n = (open.get(address) ?? 0) + 1;
    if (n > perAddress) {
      tooMany(socket, perAddress);
      return;
    }
    open.set(address, n);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

// The HTTP server in front of the Fastify app: its limits (timeouts, header size, connections per
// address, the write timeout), problem+json for requests Node cannot parse, and the /data/ fast path (data/fast-path.ts).
// It can listen before the app is built: `dala serve` then answers sealed /data/ files as soon as they
// are verified, and holds every other request until the app is ready (attach), so starting the app
// (its modules, routes and plugins) is not on the path to the first answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { answerClientError, answerRefusal, hostRefusal } from './client-errors.js';
import { COMMON_HEADERS } from './common-headers.js';
import { problem } from '../problems/errors.js';
import type { PublicOrigin } from './public-origin.js';
import { dataFastPath } from '../data/fast-path.js';
import { limitConnectionsPerAddress, serverOptions, type Limits } from './limits.js';
import { cutStalledWriters } from '../load/write-timeout.js';
import type { LoadedRelease } from '../releases/release-types.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface FrontServer {
  server: Server;
  /** Set by the app: true while it sheds load or closes (the fast path then leaves requests to it). */
  refuse: () => boolean;
  /** Hands every request the fast path leaves to `app`; those held until now first, in order. */
  attach(app: Handler): void;
  /**
   * Stops accepting connections and resolves once every one has ended: each request read is
   * answered, and a kept-alive connection is closed as soon as it is idle.
   */
  drain(): Promise<void>;
}

export interface FrontOptions {
  limits: Limits;
  trustProxy?: string[];
  /** The release served now, or null. */
  current(): LoadedRelease | null;
  /** false: no fast path (the access log is on, and Fastify writes it for every request). */
  fastPath: boolean;
  /** The origin this server answers for (public-origin.ts). */
  publicOrigin: PublicOrigin;
}

export function frontServer(opts: FrontOptions): FrontServer {
  const o = serverOptions(opts.limits);
  // Host is checked below (hostRefusal), so the answer is a problem document, not Node's empty 400.
  const server = createServer({ ...o.http, requireHostHeader: false });
  // As Fastify sets them on a server it creates itself.
  server.keepAliveTimeout = o.keepAliveTimeout;
  server.requestTimeout = o.requestTimeout;
  server.setTimeout(o.connectionTimeout);
  limitConnectionsPerAddress(server, opts.limits.maxConnectionsPerAddress, opts.trustProxy);
  server.on('clientError', answerClientError);
  cutStalledWriters(server, opts.limits.writeTimeoutMs);
  const connections = trackConnections(server);
  let draining = false;
  let app: Handler | null = null;
  const held: [IncomingMessage, ServerResponse][] = [];
  const front: FrontServer = {
    server,
    refuse: () => false,
    attach(handler) {
      app = handler;
      for (const [req, res] of held.splice(0)) if (!res.destroyed) handler(req, res);
    },
    drain: () =>
      drain(server, connections, () => {
        draining = true;
      }),
  };
  const fast = opts.fastPath
    ? dataFastPath({
        current: opts.current,
        maxUrlBytes: opts.limits.maxUrlBytes,
        refuse: () => front.refuse(),
      })
    : () => false;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.shouldKeepAlive = false; // RFC 9112 section 9.6: the connection closes after this answer
    const malformed = hostRefusal(req);
    if (malformed !== null) return answerRefusal(res, problem('malformed_request', malformed, '/'));
    const elsewhere = opts.publicOrigin.misdirected(req);
    if (elsewhere !== null)
      return answerRefusal(
        res,
        problem(
          'misdirected_request',
          `this server answers for ${opts.publicOrigin.origin(server)} only, not for ${JSON.stringify(elsewhere.slice(0, 100))}`,
          '/',
        ),
      );
    if (req.url === '*') return answerAsterisk(req, res);
    if (fast(req, res)) return;
    if (app) app(req, res);
    else held.push([req, res]);
  });
  return front;
}

/** The methods some resource of this server takes (POST: /api/v1/resolve, /mcp, reconciliation). */
const SERVER_METHODS = 'GET, HEAD, POST, OPTIONS';

/**
 * A request for the server as a whole (the asterisk-form target, RFC 9112 section 3.2.4): OPTIONS *
 * answers 200 with the methods the server takes (RFC 9110 section 9.3.7); any other method may not
 * name it (400).
 */
function answerAsterisk(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'OPTIONS')
    return answerRefusal(
      res,
      problem(
        'malformed_request',
        'only OPTIONS may have the request target * (RFC 9112 section 3.2.4)',
        '/',
      ),
    );
  res.writeHead(200, { ...COMMON_HEADERS, allow: SERVER_METHODS, 'content-length': '0' });
  res.end();
}

/** Listens on host:port; the URL as Fastify's "Server listening at" line gives it. */
export function listen(server: Server, host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      const a = server.address() as AddressInfo;
      resolve(`http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`);
    });
  });
}

/** How often a draining server looks for connections it can close. */
const DRAIN_SWEEP_MS = 25;
/**
 * How long a connection accepted before the listener closed may take to send its first request: a
 * client that connected just before SIGTERM sends it at once; one that sends nothing is let go.
 */
const FIRST_REQUEST_GRACE_MS = 1_000;
/** At most this many turns of the event loop accept queued connections before the listener closes. */
const MAX_ACCEPT_TURNS = 1_000;

/** What a draining server knows of each open connection. */
interface Connection {
  /** Requests read on it so far, and those not yet answered. */
  read: number;
  open: number;
}

/** Tracks every connection's requests, so that a drain knows which it can close (drain below). */
function trackConnections(server: Server): Map<Socket, Connection> {
  const connections = new Map<Socket, Connection>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { read: 0, open: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const c = connections.get(req.socket);
    if (!c) return;
    c.read++;
    c.open++;
    res.once('close', () => c.open--);
  });
  return connections;
}

async function drain(
  server: Server,
  connections: Map<Socket, Connection>,
  setDraining: () => void,
): Promise<void> {
  setDraining(); // every answer from now on says Connection: close and ends its connection
  // Connections the kernel has completed but this process has not accepted yet are reset when the
  // listening socket closes, though their clients sent a request before the signal. libuv accepts
  // one queued connection per poll of the event loop (1.45 and later), so the queue is read a turn
  // at a time until two turns in a row accept nothing (the first may end in the poll phase that ran
  // this code's signal handler, without a poll of its own; the second polled and saw none pending).
  let accepted = 0;
  const count = () => accepted++;
  server.on('connection', count);
  for (let turn = 0, quiet = 0; turn < MAX_ACCEPT_TURNS && quiet < 2; turn++) {
    const before = accepted;
    await new Promise((resolve) => setImmediate(resolve));
    quiet = accepted === before ? quiet + 1 : 0;
  }
  server.off('connection', count);
  const until = Date.now() + FIRST_REQUEST_GRACE_MS;
  await new Promise<void>((resolve) => {
    // Not http.Server.close: since Node 19 it also destroys every connection with no request in
    // progress, and a connection just accepted has not had its request read yet (reset, unanswered).
    // net.Server.close stops listening and calls back once every connection has ended.
    net.Server.prototype.close.call(server, () => {
      clearInterval(sweep);
      resolve();
    });
    // A connection with no answer in progress ends: at once when it has been answered (kept alive,
    // idle), or when its first request has not come within the grace.
    const sweep = setInterval(() => {
      for (const [socket, c] of connections)
        if (c.open === 0 && (c.read > 0 || Date.now() > until)) socket.destroy();
    }, DRAIN_SWEEP_MS);
  });
}

// The HTTP server in front of the Fastify app: its limits (timeouts, header size, connections per
// address, the write timeout), problem+json for requests Node cannot parse, and the /data/ fast path (data/fast-path.ts).
// It can listen before the app is built: `dala serve` then answers sealed /data/ files as soon as they
// are verified, and holds every other request until the app is ready (attach), so starting the app
// (its modules, routes and plugins) is not on the path to the first answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError, answerRefusal, hostRefusal } from './client-errors.js';
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
  let app: Handler | null = null;
  const held: [IncomingMessage, ServerResponse][] = [];
  const front: FrontServer = {
    server,
    refuse: () => false,
    attach(handler) {
      app = handler;
      for (const [req, res] of held.splice(0)) if (!res.destroyed) handler(req, res);
    },
  };
  const fast = opts.fastPath
    ? dataFastPath({
        current: opts.current,
        maxUrlBytes: opts.limits.maxUrlBytes,
        refuse: () => front.refuse(),
      })
    : () => false;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
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
    if (fast(req, res)) return;
    if (app) app(req, res);
    else held.push([req, res]);
  });
  return front;
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

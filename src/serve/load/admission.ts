// Admission of answers that cost work (a store read, a search, a CSV or JSON made and compressed),
// decided before the work starts: an answer the cache holds never comes here (the cache's
// preHandler answers first), health is exempt, and everything else takes a slot.
// - At most `perProcess` such answers in flight (admitted, not yet fully sent or abandoned) and at
//   most `perAddress` from one client address (client-address.ts: the socket's, or X-Forwarded-For
//   from a trusted proxy); beyond either, 503 `overloaded` with Retry-After at once, at the cost of
//   a refusal rather than of the work.
// - Admitted answers are made one per turn of the event loop (setImmediate), in arrival order. A
//   burst of requests read in one turn would otherwise each be answered inside that turn, and a
//   request that came with them (health, a cached answer, a /data/ file) would wait for all of
//   them; between two admitted answers the loop reads and answers what cheap requests it has.
// - Connections are accepted one per turn of the loop (libuv takes one from the listening socket's
//   queue each time it polls), so a burst of new connections, each with a request, would be
//   accepted one per admitted answer: a health check on the last of them waited for all the answers
//   before it. While connections are still arriving (one was accepted in the turn before), answers
//   wait a turn, up to MAX_YIELDS turns in a row: the queue of connections is read first, the
//   requests on them are admitted or refused by the bounds above, and health answers at once.
// - One answer in the making per connection: a request pipelined behind an answer of its connection
//   not yet sent (its response not closed: the client has not read it, or it is not written yet)
//   waits for that answer before it is admitted and its answer made. Node emits every pipelined
//   request it has read and holds the answers it cannot write yet, so a client that pipelines and
//   never reads would otherwise have the process make and hold an answer per request (up to
//   `perAddress`) until the write timeout; now a connection holds one answer plus what its socket
//   buffers, and the answers still go out in request order (RFC 9112 section 9.3.2), as Node writes them.
// The event-loop-delay shedding (load-shed.ts) stays as a second line: it catches lateness this
// does not schedule (a release load, a garbage collection, the /data/ fast path under a flood).
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import { ProblemError } from '../problems/errors.js';
import type { AddressResolver } from '../rate-limit/client-address.js';

export interface AdmissionLimits {
  /** Answers in flight per process. */
  perProcess: number;
  /** Answers in flight per client address. */
  perAddress: number;
}

// Turns an admitted answer waits at most, in a row, for connections to stop arriving: an idle turn
// costs microseconds, so a burst of this many connections is read in a few milliseconds, and a
// steady stream of them still lets an answer through every MAX_YIELDS + 1 turns.
const MAX_YIELDS = 512;

/** A response of a connection, and what waits for it to close (the request pipelined after it). */
interface Turn {
  closed: boolean;
  then?: () => void;
}

export class Admission {
  private inFlight = 0;
  /** Each response's predecessor on its connection, while that one is open. */
  private readonly before = new WeakMap<ServerResponse, Turn>();
  /** Answers made since the server started (tests observe the per-connection bound by it). */
  private made = 0;
  private readonly byAddress = new Map<string, number>();
  private readonly waiting: { request: FastifyRequest; done: HookHandlerDoneFunction }[] = [];
  private scheduled = false;
  /** Connections accepted so far (watchConnections), and as many as the last turn saw. */
  private accepted = 0;
  private seen = 0;
  private yields = 0;

  constructor(
    private readonly limits: AdmissionLimits,
    private readonly addressOf: AddressResolver,
    private readonly exempt: (path: string) => boolean = (path) => path.endsWith('/health'),
  ) {}

  /** Answers in flight now (health reports it). */
  get load(): { inFlight: number; waiting: number; made: number } {
    return { inFlight: this.inFlight, waiting: this.waiting.length, made: this.made };
  }

  /**
   * Counts the server's connections, so that answers wait while a burst of them is being accepted,
   * and links each response to the one before it on its connection.
   */
  watchConnections(server: Server): void {
    server.on('connection', () => this.accepted++);
    const last = new WeakMap<Socket, Turn>();
    // first of the request listeners: the app's may admit the request before returning
    server.prependListener('request', (request: { socket: Socket }, response: ServerResponse) => {
      const turn: Turn = { closed: false };
      const previous = last.get(request.socket);
      if (previous && !previous.closed) this.before.set(response, previous);
      last.set(request.socket, turn);
      response.once('close', () => {
        turn.closed = true;
        turn.then?.();
      });
    });
  }

  /** Adds the admission preHandler to a scope; install it after the answer cache. */
  install(scope: FastifyInstance): void {
    scope.addHook('preHandler', (request, reply, done) => this.admit(request, reply, done));
  }

  private admit(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    if (this.exempt(request.url.split('?')[0] ?? '')) return done();
    const previous = this.before.get(reply.raw);
    if (previous && !previous.closed) {
      // admitted once the answer before it on the connection is sent (or the connection gone)
      previous.then = () => {
        if (!request.raw.socket?.destroyed) this.admit(request, reply, done);
      };
      return;
    }
    const address = this.addressOf(request);
    const mine = this.byAddress.get(address) ?? 0;
    if (this.inFlight >= this.limits.perProcess || mine >= this.limits.perAddress) {
      const which =
        mine >= this.limits.perAddress
          ? `${mine} answers from this address are in progress (bound ${this.limits.perAddress})`
          : `${this.inFlight} answers are in progress (bound ${this.limits.perProcess})`;
      return done(
        new ProblemError(
          'overloaded',
          `the server is busy: ${which}; retry shortly`,
          {},
          { 'retry-after': '1' },
        ),
      );
    }
    this.inFlight++;
    this.byAddress.set(address, mine + 1);
    // 'close' comes once the answer is sent whole or the connection is gone, whichever is first.
    reply.raw.once('close', () => {
      this.inFlight--;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    });
    this.waiting.push({ request, done });
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.accepted !== this.seen && this.yields < MAX_YIELDS) {
        // a connection came in the turn before: more may be queued, each taking a turn to accept
        this.seen = this.accepted;
        this.yields++;
        this.schedule();
        return;
      }
      this.seen = this.accepted;
      this.yields = 0;
      const next = this.waiting.shift();
      // a client gone while it waited costs nothing more. Its socket says so: the request stream
      // itself is destroyed once a body has been read whole (Node's autoDestroy), client or not.
      if (next && !next.request.raw.socket?.destroyed) {
        this.made++;
        next.done();
      }
      this.schedule();
    });
  }
}

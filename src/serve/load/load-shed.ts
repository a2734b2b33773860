// Load shedding: when the event loop runs late by more than a bound, requests already queued are
// answered 503 with Retry-After rather than served after an unbounded wait; /health still answers.
// Hand-rolled rather than @fastify/under-pressure: that plugin reads a sampling window with no samples
// (any pause longer than the window, such as loading a release) as an infinite delay and then sheds
// every request for a whole further window, which would fail requests during an ordinary release
// switch. Here the delay is the lateness of a 50 ms timer, measured each time it fires, and the server
// sheds while the last two measurements both pass the bound: sustained overload, where each turn of
// the loop runs late, rather than one pause (a collection, a release load) that the queue absorbs.
// The next on-time tick ends the shedding.
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../problems/errors.js';

const TICK_MS = 50;

export function installLoadShedding(
  app: FastifyInstance,
  maxDelayMs: number,
  exempt: (path: string) => boolean,
): () => number {
  if (!(maxDelayMs > 0)) return () => 0;
  let delay = 0;
  let previous = 0;
  let expected = performance.now() + TICK_MS;
  const timer = setInterval(() => {
    const now = performance.now();
    previous = delay;
    delay = Math.max(0, now - expected);
    expected = now + TICK_MS;
  }, TICK_MS);
  timer.unref();
  // A pause before the server listens (loading the release) queues no request: start measuring then.
  app.addHook('onReady', async () => {
    delay = previous = 0;
    expected = performance.now() + TICK_MS;
  });
  app.addHook('onClose', async () => clearInterval(timer));
  // Synchronous (a done callback): an async hook costs a promise and a microtask turn per request.
  app.addHook('onRequest', (req, _reply, done) => {
    if (Math.min(delay, previous) <= maxDelayMs || exempt(req.url.split('?')[0] ?? ''))
      return done();
    done(
      new ProblemError(
        'overloaded',
        `the server is overloaded (event loop ${Math.round(delay)} ms late, bound ${maxDelayMs} ms); retry shortly`,
        {},
        { 'retry-after': '1' },
      ),
    );
  });
  return () => Math.min(delay, previous);
}

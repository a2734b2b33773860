// The release a request answers from, pinned once when the request arrives and returned once when
// it ends (docs/interface.md §9: every response comes wholly from one revision, and its
// X-Dala-Revision header names that revision): the holder closes a retired release only once no
// request holds it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import { isStoreFault } from '../problems/problem-handler.js';
import type { ReleaseHolder } from './release-holder.js';
import type { LoadedRelease } from './release-types.js';

declare module 'fastify' {
  interface FastifyRequest {
    release: LoadedRelease | null;
    releaseUnpinned: boolean; // set once the pin is returned (onResponse or onRequestAbort, whichever first)
    /** When no release is served: why (the pointer's path and reason), for the 503's detail. */
    releaseProblem: string;
  }
}

/** The release this request answers from; 503 no_release when none was served as it arrived. */
export function pinned(request: FastifyRequest): LoadedRelease {
  if (!request.release)
    throw new ProblemError(
      'no_release',
      `no verified release is served: ${request.releaseProblem || 'none loaded yet'}`,
    );
  return request.release;
}

/** Pins the current release to a request (the app's first onRequest step). */
export function pinRelease(req: FastifyRequest, releases: ReleaseHolder): void {
  req.release = releases.acquire();
  if (!req.release) req.releaseProblem = releases.status().reasons.join('; ');
}

/**
 * Returns the pin when the request ends, answered or aborted, and reports a store read that failed
 * (a corrupted page) as the release's fault, not the request's: health degrades and the release
 * reloads from its sealed directory (problem-handler answers 503). Synchronous hooks (done
 * callbacks): an async hook costs a promise and a microtask turn per request on every route.
 */
export function installReleasePins(app: FastifyInstance, releases: ReleaseHolder): void {
  app.decorateRequest('release', null);
  app.decorateRequest('releaseUnpinned', false);
  app.decorateRequest('releaseProblem', '');
  const unpin = (req: FastifyRequest) => {
    if (req.release && !req.releaseUnpinned) {
      req.releaseUnpinned = true;
      releases.releaseRef(req.release);
    }
  };
  app.addHook('onResponse', (req, _reply, done) => {
    unpin(req);
    done();
  });
  app.addHook('onError', async (req, _reply, err) => {
    if (req.release && isStoreFault(err)) releases.reportFault(req.release as never, err);
  });
  app.addHook('onRequestAbort', (req, done) => {
    unpin(req);
    done();
  });
}

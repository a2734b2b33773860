// The release a request answers from, pinned once in app.ts's onRequest hook (docs/interface.md §9: every
// response comes wholly from one revision, and its X-Dala-Revision header names that revision).
import type { FastifyRequest } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease } from './release-types.js';

declare module 'fastify' {
  interface FastifyRequest {
    release: LoadedRelease | null;
    releaseUnpinned: boolean; // set once the pin is returned (onResponse or onRequestAbort, whichever first)
    /** When no release is served: why (the pointer's path and reason), for the 503's detail. */
    releaseProblem: string;
  }
}

export function pinned(request: FastifyRequest): LoadedRelease {
  if (!request.release) throw new ProblemError('no_release', `no verified release is served: ${request.releaseProblem || 'none loaded yet'}`);
  return request.release;
}

// What the answers made with their representations already (./precomposed.ts, ./compressed.ts)
// share: JSON by default, revalidated like every answer of a sealed release, with no Link, unless the
// maker names other headers. sendPrecomposed (./hooks.ts) sends one as it is and the answer cache
// keeps it as it is.
import type { KeptAnswer } from './cache.js';

// An answer changes only when a release swaps, under the same URL; clients revalidate with the ETag.
export const DEFAULT_CACHE_CONTROL = 'public, max-age=60, must-revalidate';

/** The headers an answer is sent with, besides its coding's. */
export interface AnswerHeaders {
  contentType: string;
  cacheControl: string;
  link: string | null;
  deprecation: string | null;
}

const JSON_ANSWER: AnswerHeaders = {
  contentType: 'application/json; charset=utf-8',
  cacheControl: DEFAULT_CACHE_CONTROL,
  link: null,
  deprecation: null,
};

export abstract class RouteMadeAnswer implements KeptAnswer {
  readonly contentType: string;
  readonly cacheControl: string;
  readonly link: string | null;
  readonly deprecation: string | null;
  abstract readonly sha256: string;
  /** The identity length: the identity bytes are made only when asked for. */
  abstract readonly bodyBytes: number;
  abstract readonly weight: number;
  abstract readonly gzip: Buffer;
  abstract get body(): Buffer;

  constructor(headers: AnswerHeaders = JSON_ANSWER) {
    this.contentType = headers.contentType;
    this.cacheControl = headers.cacheControl;
    this.link = headers.link;
    this.deprecation = headers.deprecation;
  }
}

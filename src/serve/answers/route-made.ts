// What the answers a route makes with their representations already (./precomposed.ts,
// ./compressed.ts) share: JSON, revalidated like every answer of a sealed release, with no Link.
// sendPrecomposed (./hooks.ts) sends one as it is and the answer cache keeps it as it is.
import type { KeptAnswer } from './cache.js';
import { DEFAULT_CACHE_CONTROL } from './hooks.js';

export abstract class RouteMadeAnswer implements KeptAnswer {
  readonly contentType = 'application/json; charset=utf-8';
  readonly cacheControl = DEFAULT_CACHE_CONTROL;
  readonly link = null;
  abstract readonly sha256: string;
  /** The identity length: the identity bytes are made only when asked for. */
  abstract readonly bodyBytes: number;
  abstract readonly weight: number;
  abstract readonly gzip: Buffer;
  abstract get body(): Buffer;
}

// An answer made of a head computed per request and parts deflated ahead of time (at build, or once
// by the route: src/lib/gzip-compose.ts): offered as gzip, composed without compressing the parts
// again, or as identity, whose bytes are written only when a client asks for them. No br: a Brotli
// stream cannot be joined from separately compressed parts. Kept in the answer cache like any
// answer (src/serve/answers/hooks.ts), so a repeat sends the composed bytes as they are.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { gzipComposed, type DeflatedPart } from '../../lib/gzip-compose.js';
import { owned } from './cache.js';
import { RouteMadeAnswer } from './route-made.js';

// An identity body up to this size is kept once made; a larger one is made again when asked for, so
// an answer's weight in the cache is known when it is stored.
const KEEP_BODY_BYTES = 256 * 1024;

export class PrecomposedAnswer extends RouteMadeAnswer {
  /** Over the head's bytes and the parts' sha256: equal only for equal bytes, without hashing megabytes. */
  readonly sha256: string;
  readonly bodyBytes: number;
  readonly gzip: Buffer;
  readonly weight: number;
  private whole: Buffer | null = null;

  /**
   * `parts`: each open but the last, closed. `tail`: the identity text after the head when the route
   * holds it anyway; without it the identity body is the gzip inflated.
   */
  constructor(
    private readonly head: Buffer,
    parts: readonly [...DeflatedPart[], DeflatedPart],
    private readonly tail?: Buffer,
  ) {
    super();
    const hash = createHash('sha256').update(head);
    let bytes = head.length;
    for (const p of parts) {
      hash.update(p.sha256);
      bytes += p.bytes;
    }
    this.sha256 = hash.digest('hex');
    this.bodyBytes = bytes;
    this.gzip = gzipComposed(head, ...parts);
    this.weight =
      head.length +
      this.gzip.length +
      (tail?.length ?? 0) +
      (bytes <= KEEP_BODY_BYTES ? bytes : 0) +
      256;
  }

  get body(): Buffer {
    if (this.whole) return this.whole;
    const body = this.tail ? Buffer.concat([this.head, this.tail]) : gunzipSync(this.gzip);
    if (body.length <= KEEP_BODY_BYTES) this.whole = owned(body);
    return body;
  }
}

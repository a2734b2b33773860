// An answer made of a head computed per request and a tail stored deflated at build
// (src/lib/gzip-compose.ts): offered as gzip, composed without compressing the tail again, or as
// identity, whose bytes are written only when a client asks for them. No br: a Brotli stream cannot
// be joined from separately compressed parts.
import { createHash } from 'node:crypto';
import { gzipComposed, type DeflatedPart } from '../../lib/gzip-compose.js';
import type { Encodable } from '../data/encoding.js';
import { DEFAULT_CACHE_CONTROL } from './hooks.js';

export class PrecomposedAnswer implements Encodable {
  readonly contentType = 'application/json; charset=utf-8';
  readonly cacheControl = DEFAULT_CACHE_CONTROL;
  readonly link = null;
  /** Over the head's bytes and the tail's sha256: equal only for equal bytes, without hashing megabytes. */
  readonly sha256: string;
  readonly bodyBytes: number;
  private whole: Buffer | null = null;
  private gz: Buffer | null = null;

  constructor(private readonly head: Buffer, private readonly tail: DeflatedPart, private readonly tailText: () => Buffer) {
    this.sha256 = createHash('sha256').update(head).update(tail.sha256).digest('hex');
    this.bodyBytes = head.length + tail.bytes;
  }

  get body(): Buffer {
    return (this.whole ??= Buffer.concat([this.head, this.tailText()]));
  }

  get gzip(): Buffer {
    return (this.gz ??= gzipComposed(this.head, this.tail));
  }
}

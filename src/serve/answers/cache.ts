// A bounded in-memory cache of answers computed from a sealed release. A release never changes, so
// an answer is fixed by (revision, canonical URL, Accept) and may be reused until it is evicted;
// least recently used entries go first once the byte budget is spent.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as z, gzipSync } from 'node:zlib';
import type { Encodable } from '../data/encoding.js';

// Compressed on the request path, once per entry and coding: moderate fixed levels (deterministic
// bytes, so a representation's ETag is stable) that cost a few milliseconds for a 200 KB answer.
const GZIP_LEVEL = 6;
const BROTLI_QUALITY = 5;
// A larger answer (a snapshot over every layer is about 1 MB) is compressed at lower levels, still
// fixed by its size: Brotli 5 took 6 ms of CPU for 1 MB, a fifth of the whole answer; Brotli 3 and
// gzip 4 take about half as long for output some 20% larger.
const LARGE_BYTES = 256 * 1024;
const LARGE_GZIP_LEVEL = 4;
const LARGE_BROTLI_QUALITY = 3;

/** An answer the cache keeps: its representations, headers and the bytes it holds at most. */
export interface KeptAnswer extends Encodable {
  readonly contentType: string;
  readonly cacheControl: string;
  readonly link: string | null;
  /** The Deprecation header (RFC 9745) of an answer reached through a deprecated id, when it has one. */
  readonly deprecation?: string | null;
  readonly weight: number;
}

export class CachedAnswer implements KeptAnswer {
  readonly sha256: string;
  readonly lazy = true; // gzip and br are made on first use (chooseCoding reads no variant it does not send)
  private gz: Buffer | null = null;
  private brotli: Buffer | null = null;

  constructor(
    readonly body: Buffer,
    readonly contentType: string,
    readonly cacheControl: string,
    readonly link: string | null = null, // the Link header (RFC 8288) of the answer, when it has one
    readonly deprecation: string | null = null, // the Deprecation header (RFC 9745), when it has one
  ) {
    this.sha256 = createHash('sha256').update(body).digest('hex');
  }

  get gzip(): Buffer {
    return (this.gz ??= gzipSync(this.body, {
      level: this.body.length > LARGE_BYTES ? LARGE_GZIP_LEVEL : GZIP_LEVEL,
    }));
  }

  get br(): Buffer {
    return (this.brotli ??= brotliCompressSync(this.body, {
      params: {
        [z.BROTLI_PARAM_QUALITY]:
          this.body.length > LARGE_BYTES ? LARGE_BROTLI_QUALITY : BROTLI_QUALITY,
        [z.BROTLI_PARAM_SIZE_HINT]: this.body.length,
      },
    }));
  }

  /** Bytes held: the body plus whichever variants were made (an upper bound of both is charged up front). */
  get weight(): number {
    return this.body.length * 2 + 256;
  }
}

export interface AnswerCacheOptions {
  /** Total budget in bytes (default 64 MiB). */
  maxBytes?: number;
  /** Larger answers are answered but not kept (default 8 MiB). */
  maxEntryBytes?: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, KeptAnswer>(); // insertion order = recency
  private bytes = 0;
  readonly maxBytes: number;
  readonly maxEntryBytes: number;

  constructor(opts: AnswerCacheOptions = {}) {
    this.maxBytes = opts.maxBytes ?? 64 * 2 ** 20;
    this.maxEntryBytes = Math.min(opts.maxEntryBytes ?? 8 * 2 ** 20, this.maxBytes);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): KeptAnswer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, answer: KeptAnswer): void {
    if (answer.weight > this.maxEntryBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.weight;
    }
    this.entries.set(key, answer);
    this.bytes += answer.weight;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.weight;
    }
  }
}

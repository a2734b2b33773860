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
// Past a megabyte (a CSV snapshot over every layer is 2 MB) Brotli 3 alone took 5.2 ms of CPU and
// gzip 4 6.7 ms; Brotli 1 takes 2.2 ms for output 17% larger, gzip 1 3.6 ms for 13% larger.
const HUGE_BYTES = 1024 * 1024;
const HUGE_LEVEL = 1;

/** An answer the cache keeps: its representations, headers and the bytes it holds at most. */
export interface KeptAnswer extends Encodable {
  readonly contentType: string;
  readonly cacheControl: string;
  readonly link: string | null;
  /** The Deprecation header (RFC 9745) of an answer reached through a deprecated id, when it has one. */
  readonly deprecation?: string | null;
  readonly weight: number;
  /**
   * Set by the cache while it keeps the answer: told the bytes of each representation the answer makes
   * and keeps after it was stored (CachedAnswer's gzip and br, made on first use), so the budget
   * counts the bytes held, not an estimate.
   */
  onGrow?: ((bytes: number) => void) | null;
}

/**
 * `b` in an ArrayBuffer of its own length. zlib's sync result can be a view of its larger output chunk
 * (16 KiB for an answer of 2 KiB), and a small Buffer.from a view of a shared 8 KiB pool: a kept view
 * holds its whole backing store, which no byte count of the view sees (at 1,557 series answers the
 * views held 64 MiB for 34 MiB of answers).
 */
export function owned(b: Buffer): Buffer {
  if (b.byteOffset === 0 && b.buffer.byteLength === b.length) return b;
  const own = Buffer.allocUnsafeSlow(b.length);
  b.copy(own);
  return own;
}

export class CachedAnswer implements KeptAnswer {
  readonly body: Buffer;
  readonly sha256: string;
  readonly lazy = true; // gzip and br are made on first use (chooseCoding reads no variant it does not send)
  onGrow: ((bytes: number) => void) | null = null;
  private gz: Buffer | null = null;
  private brotli: Buffer | null = null;

  constructor(
    body: Buffer,
    readonly contentType: string,
    readonly cacheControl: string,
    readonly link: string | null = null, // the Link header (RFC 8288) of the answer, when it has one
    readonly deprecation: string | null = null, // the Deprecation header (RFC 9745), when it has one
  ) {
    this.body = owned(body);
    this.sha256 = createHash('sha256').update(body).digest('hex');
  }

  private kept(variant: Buffer): Buffer {
    const own = owned(variant);
    this.onGrow?.(own.length);
    return own;
  }

  get gzip(): Buffer {
    return (this.gz ??= this.kept(
      gzipSync(this.body, {
        level:
          this.body.length > HUGE_BYTES
            ? HUGE_LEVEL
            : this.body.length > LARGE_BYTES
              ? LARGE_GZIP_LEVEL
              : GZIP_LEVEL,
      }),
    ));
  }

  get br(): Buffer {
    return (this.brotli ??= this.kept(
      brotliCompressSync(this.body, {
        params: {
          [z.BROTLI_PARAM_QUALITY]:
            this.body.length > HUGE_BYTES
              ? HUGE_LEVEL
              : this.body.length > LARGE_BYTES
                ? LARGE_BROTLI_QUALITY
                : BROTLI_QUALITY,
          [z.BROTLI_PARAM_SIZE_HINT]: this.body.length,
        },
      }),
    ));
  }

  /** Bytes held now: the body and whichever variants were made (a variant made later is told to onGrow). */
  get weight(): number {
    return this.body.length + (this.gz?.length ?? 0) + (this.brotli?.length ?? 0) + 256;
  }
}

export interface AnswerCacheOptions {
  /** Total budget in bytes (default 64 MiB). */
  maxBytes?: number;
  /** Larger answers are answered but not kept (default 8 MiB). */
  maxEntryBytes?: number;
}

export class AnswerCache {
  // insertion order = recency; `charged` is what the entry counts in `bytes`, grown as it grows
  private readonly entries = new Map<string, { answer: KeptAnswer; charged: number }>();
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

  /** The bytes the kept answers hold (at most maxBytes once a set or a growth has evicted). */
  get heldBytes(): number {
    return this.bytes;
  }

  get(key: string): KeptAnswer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit?.answer;
  }

  set(key: string, answer: KeptAnswer): void {
    if (answer.weight > this.maxEntryBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.charged;
      if (old.answer !== answer && old.answer.onGrow) old.answer.onGrow = null;
    }
    const entry = { answer, charged: answer.weight };
    this.entries.set(key, entry);
    this.bytes += entry.charged;
    if ('onGrow' in answer)
      answer.onGrow = (bytes) => {
        if (this.entries.get(key) !== entry) return;
        entry.charged += bytes;
        this.bytes += bytes;
        this.evict();
      };
    this.evict();
  }

  private evict(): void {
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.charged;
      if (v.answer.onGrow) v.answer.onGrow = null;
    }
  }
}

// A large answer made per request and kept in Brotli, at quality 1: its identity bytes lie in a buffer
// the route reuses, so making the answer allocates little more than its compressed form (about 60 KB
// for a 1.3 MB snapshot over every layer). At that size Brotli 1 took 1.0 ms of CPU for 57 KB here,
// gzip level 1 2.2-4.3 ms for 61 KB, gzip 4 and Brotli 3 (the answer cache's levels for large
// answers) several times more. The identity and gzip bytes, for clients that do not accept br, are
// made from the Brotli bytes the first time one is asked for and kept from then on, charged to the
// answer cache as they are made (onGrow): made again on every request, a 3.4 MB snapshot's identity
// bytes cost 3-4 ms of CPU each time, and its rate fell to a quarter. The answer cache keeps any
// answer past its entry bound this way too (a whole SDMX structure message is 12-16 MB, in Brotli a
// few hundred KB), and identity bytes past that bound are never kept: they are inflated for each
// client that asks for them, a few tens of milliseconds where making the message again took hundreds.
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants as z, gzipSync } from 'node:zlib';
import { owned } from './cache.js';
import { RouteMadeAnswer, type AnswerHeaders } from './route-made.js';

const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;

export class CompressedAnswer extends RouteMadeAnswer {
  /** chooseCoding reads no variant it does not send: identity and gzip are never made for nothing. */
  readonly lazy = true;
  readonly sha256: string;
  readonly bodyBytes: number;
  readonly br: Buffer;
  onGrow: ((bytes: number) => void) | null = null;
  private identity: Buffer | null = null;
  private gz: Buffer | null = null;

  /**
   * `body`: the identity bytes, read only here (the caller may reuse their buffer afterwards).
   * `keepIdentity`: the most identity bytes kept once made.
   */
  constructor(
    body: Buffer,
    headers?: AnswerHeaders,
    private readonly keepIdentity = Infinity,
  ) {
    super(headers);
    this.bodyBytes = body.length;
    this.br = owned(
      brotliCompressSync(body, {
        params: {
          [z.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [z.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    // Over the Brotli bytes, a twentieth of the body's: Brotli at a fixed quality is deterministic
    // and lossless, so equal Brotli bytes mean equal answers and the reverse (RFC 9110 8.8.3).
    this.sha256 = createHash('sha256').update(this.br).digest('hex');
  }

  private kept(variant: Buffer): Buffer {
    const own = owned(variant);
    this.onGrow?.(own.length);
    return own;
  }

  /** Bytes held now: the Brotli bytes and whichever of identity and gzip were asked for. */
  get weight(): number {
    return this.br.length + (this.identity?.length ?? 0) + (this.gz?.length ?? 0) + 256;
  }

  get body(): Buffer {
    if (this.identity) return this.identity;
    const body = brotliDecompressSync(this.br);
    return body.length > this.keepIdentity ? body : (this.identity = this.kept(body));
  }

  get gzip(): Buffer {
    // from the identity bytes when they are kept; a gzip client alone does not make them kept
    const body = this.identity ?? brotliDecompressSync(this.br);
    return (this.gz ??= this.kept(gzipSync(body, { level: GZIP_LEVEL })));
  }
}

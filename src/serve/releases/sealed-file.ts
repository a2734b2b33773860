// One data file of a served release and its sealed gzip and brotli variants, held in memory. A release
// loaded at start may answer before its data files are read (reading the real release's 1,222 files
// took half a second, most of `dala serve`'s cold start): such a file is read on its first use, each
// body checked by ./sealed-read-one.ts (a regular file of the sealed size whose bytes, hashed as held,
// are the sealed ones) before any of it is served, and kept; the files not used yet are read behind
// the first answers (LoadedRelease.readAhead). Every reader of a file's bytes goes through this one
// accessor, so no byte is served that was not hashed against the seal.
import { ReleaseVerificationError } from '../../release/verify.js';
import { ProblemError } from '../problems/errors.js';
import { readOneSealed, type SealedRead } from './sealed-read-one.js';
import type { ServedFile } from './release-types.js';

export interface HeldBodies {
  body: Buffer;
  gzip: Buffer; // the sealed variant, or body itself when there is none
  br: Buffer;
}

/** Where a file not read yet is read from, and whom its refusal withdraws. */
export interface UnreadSource {
  revision: string;
  dir: string;
  file: SealedRead; // data/<path>
  gzip?: SealedRead;
  br?: SealedRead;
  /** Called once, when the file differs from its seal: the release stops being served. */
  refused(err: ReleaseVerificationError): void;
}

export class SealedFile implements ServedFile {
  private held: HeldBodies | null;
  private failure: ProblemError | null = null;

  constructor(
    readonly path: string,
    readonly sha256: string,
    readonly mediaType: string,
    held: HeldBodies | null,
    private readonly source: UnreadSource | null,
  ) {
    this.held = held;
  }

  get body(): Buffer {
    return this.hold().body;
  }

  get gzip(): Buffer {
    return this.hold().gzip;
  }

  get br(): Buffer {
    return this.hold().br;
  }

  /** Whether the bytes are in memory (verified), so reading them reads no file. */
  get isHeld(): boolean {
    return this.held !== null;
  }

  /** The sealed files still to read for this one: none once held or refused. */
  unread(): SealedRead[] {
    if (this.held || this.failure || !this.source) return [];
    const { file, gzip, br } = this.source;
    return [file, ...(gzip ? [gzip] : []), ...(br ? [br] : [])];
  }

  /** Takes bodies read and hashed elsewhere (readSealedFiles, behind the first answers), by sealed path. */
  adopt(bodies: ReadonlyMap<string, Buffer>): void {
    if (this.held || this.failure || !this.source) return;
    const { file, gzip, br } = this.source;
    const body = bodies.get(file.path);
    const gz = gzip ? bodies.get(gzip.path) : body;
    const brotli = br ? bodies.get(br.path) : body;
    // all or nothing: a sealed variant missing here is read on first use, never stood in for by the body
    if (!body || !gz || !brotli) return;
    this.held = { body, gzip: gz, br: brotli };
  }

  private hold(): HeldBodies {
    if (this.held) return this.held;
    if (this.failure) throw this.failure;
    const source = this.source!;
    const read = (f: SealedRead): Buffer => {
      const body = readOneSealed(source.dir, f);
      if (typeof body !== 'string') return body;
      const err = new ReleaseVerificationError(`${f.path}: ${body}`, f.path);
      // What a failed store read answers: this request 503, the release withdrawn (its holder says why).
      this.failure = new ProblemError('release_unavailable', `release ${source.revision}: ${err.message}; it is no longer served`, {}, { 'retry-after': '1' });
      source.refused(err);
      throw this.failure;
    };
    const body = read(source.file);
    this.held = { body, gzip: source.gzip ? read(source.gzip) : body, br: source.br ? read(source.br) : body };
    return this.held;
  }
}

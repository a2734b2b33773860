// Content negotiation for the precomputed variants (RFC 9110 12.5.3 Accept-Encoding with q-values) and
// conditional requests (RFC 9110 13.1.1 If-Match, strong comparison; 13.1.2 If-None-Match, weak).
import type { IncomingHttpHeaders } from 'node:http';
import { ProblemError } from '../problems/errors.js';

export type Coding = 'br' | 'gzip' | 'identity';

// Clients send few distinct Accept-Encoding values; parsing each once keeps negotiation off the hot
// path. Bounded: cleared when full, so hostile variety costs only re-parsing.
const parsed = new Map<string, Map<string, number>>();
const PARSED_LIMIT = 256;

function qualities(header: string): Map<string, number> {
  let q = parsed.get(header);
  if (q) return q;
  q = parse(header);
  if (parsed.size >= PARSED_LIMIT) parsed.clear();
  parsed.set(header, q);
  return q;
}

function parse(header: string): Map<string, number> {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let value = 1;
    for (const p of params) {
      const m = /^\s*q=([0-9.]+)\s*$/.exec(p);
      if (m) value = Math.min(1, Number(m[1]) || 0);
    }
    q.set(name, value);
  }
  return q;
}

/** What negotiation needs of a representation: the identity bytes and its encoded variants. */
export interface Encodable {
  body: Buffer;
  readonly gzip: Buffer;
  /** Absent when the representation is offered in gzip only. */
  readonly br?: Buffer;
  sha256: string;
  /** The identity length, when the identity bytes are made only on demand. */
  readonly bodyBytes?: number;
  /**
   * The variants are compressed when first read (an answer computed per request): on a tie of q, br
   * is taken without making gzip only to compare their sizes.
   */
  readonly lazy?: boolean;
}

/**
 * Picks the coding with the highest q; on a tie the smaller body wins, except that a lazily compressed
 * representation takes br over gzip unread (brotli is the smaller for JSON and text, and compressing
 * both on every request would double the cost of a cache miss). A compressed variant is only a
 * candidate when it is smaller than the file itself (a PDF rarely is). Without the header, or when no
 * listed coding is acceptable, the file is sent as is (RFC 9110 12.5.3 allows that). A variant is
 * only read when its coding is acceptable, so a lazily compressed one is made only when asked for.
 */
export function chooseCoding(header: string | undefined, file: Encodable): Coding {
  if (header === undefined) return 'identity';
  const q = qualities(header);
  const star = q.get('*');
  const qOf = (c: Coding) => q.get(c) ?? (c === 'identity' ? (star ?? 1) : (star ?? 0));
  const identity = file.bodyBytes ?? file.body.length;
  const size = (c: Coding) => (c === 'identity' ? identity : (file[c]?.length ?? Infinity));
  let best: Coding = 'identity';
  let bestQ = 0;
  for (const c of ['br', 'gzip', 'identity'] as const) {
    const v = qOf(c);
    if (v <= 0 || (file.lazy && c === 'gzip' && best === 'br' && v <= bestQ)) continue;
    if (c !== 'identity' && size(c) >= identity) continue;
    if (v > bestQ || (v === bestQ && size(c) < size(best))) {
      best = c;
      bestQ = v;
    }
  }
  return best;
}

/** Whether gzip is acceptable (q > 0) by the Accept-Encoding header. */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  const q = qualities(header);
  return (q.get('gzip') ?? q.get('*') ?? 0) > 0;
}

/** Whether br or gzip is acceptable (q > 0) by the Accept-Encoding header. */
export function acceptsCompression(header: string | undefined): boolean {
  if (header === undefined) return false;
  const q = qualities(header);
  return (q.get('br') ?? q.get('*') ?? 0) > 0 || acceptsGzip(header);
}

/** A strong ETag per representation: the sealed sha256, suffixed for an encoded variant. */
export function etagOf(file: Encodable, coding: Coding): string {
  return coding === 'identity' ? `"${file.sha256}"` : `"${file.sha256}-${coding}"`;
}

function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** If-Match names `*` or this strong tag (a weak tag never matches strongly: RFC 9110 8.8.3.2). */
function anyMatch(header: string, etag: string): boolean {
  if (header.trim() === '*') return true; // there is a current representation: this one
  return header.split(',').some((tag) => tag.trim() === etag);
}

/**
 * What a GET or HEAD for the representation whose strong ETag is `etag` gets, by its preconditions in
 * RFC 9110 section 13.2.2's order: 412 when If-Match names neither `*` nor this tag, 304 when
 * If-None-Match names it, else 200.
 */
export function preconditions(headers: IncomingHttpHeaders, etag: string): 200 | 304 | 412 {
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined && !anyMatch(ifMatch, etag)) return 412;
  return noneMatch(headers['if-none-match'], etag) ? 304 : 200;
}

/** Why a precondition failed, as the problem document of a 412 says it. */
export function preconditionFailed(etag: string): ProblemError {
  return new ProblemError(
    'precondition_failed',
    `If-Match names no current representation of this resource; its ETag is ${etag} (RFC 9110 section 13.1.1)`,
  );
}

/**
 * True when the answer is 304 Not Modified (If-None-Match names `etag`); throws the 412 problem
 * when If-Match names another representation (preconditions).
 */
export function notModified(headers: IncomingHttpHeaders, etag: string): boolean {
  const status = preconditions(headers, etag);
  if (status === 412) throw preconditionFailed(etag);
  return status === 304;
}

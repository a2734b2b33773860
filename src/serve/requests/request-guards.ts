// What a request must be before any route reads it: a request target within the URL limit
// (414, RFC 9110 section 15.5.15) and a body without a content coding (415, RFC 9110 section 8.4).
import type { FastifyRequest } from 'fastify';
import { ProblemError } from '../problems/errors.js';

/** Throws the problem a request gets when its target is too long or its body is content-coded. */
export function refuseUnreadableRequest(req: FastifyRequest, maxUrlBytes: number): void {
  if (Buffer.byteLength(req.url) > maxUrlBytes) {
    throw new ProblemError(
      'uri_too_long',
      `the request target is longer than ${maxUrlBytes} bytes`,
    );
  }
  // Request bodies are never content-coded here (RFC 9110 section 8.4: 415 for an unsupported coding).
  const coding = req.headers['content-encoding'];
  if (coding !== undefined && String(coding).trim().toLowerCase() !== 'identity') {
    throw new ProblemError(
      'unsupported_media_type',
      `request bodies with Content-Encoding ${JSON.stringify(String(coding).slice(0, 40))} are not accepted; send identity`,
      {},
      { 'accept-encoding': 'identity' },
    );
  }
}

// Answers computed from a sealed release are immutable for its revision, so every GET a scope
// answers with 200 gets a strong ETag over its bytes (RFC 9110 8.8.3), 304 on a matching
// If-None-Match (RFC 9110 13.1.2), gzip/br by Accept-Encoding (RFC 9110 12.5.3) and is kept in a
// bounded cache keyed by revision, canonical URL and Accept. The lookup is a preHandler, so
// onRequest hooks (the v1 rate limit) still run and count every request, and schema validation has
// already refused bad input; only 200 answers are stored, never a problem.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  chooseCoding,
  etagOf,
  preconditionFailed,
  preconditions,
  type Encodable,
} from '../data/encoding.js';
import { AnswerCache, CachedAnswer, type KeptAnswer } from './cache.js';
import { canonicalUrl } from './canonical-url.js';
import { CompressedAnswer } from './compressed.js';
import { DEFAULT_CACHE_CONTROL, type AnswerHeaders } from './route-made.js';
import { PROBLEM_MEDIA_TYPE, problem } from '../problems/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for a route whose answer depends on more than the release and the URL (e.g. the clock). */
    answerCache?: boolean;
  }
  interface FastifyRequest {
    answerKey: string | null; // set when the answer may be stored
    answerFromCache: boolean;
    answerComposed: KeptAnswer | null; // an answer the route sent with its representations made
  }
}

function keyOf(request: FastifyRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.routeOptions.config.answerCache === false || !request.release) return null;
  return `${request.release.revision} ${canonicalUrl(request.url)} ${request.headers.accept ?? ''}`;
}

/** What sending an answer needs: its representations and headers. */
type Answer = Encodable & Pick<KeptAnswer, 'contentType' | 'cacheControl' | 'link' | 'deprecation'>;

/** Sends `answer` (200 in the negotiated coding, or 304) with its validators. */
function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Answer,
): { status: 200 | 304 | 412; payload: Buffer | null } {
  const coding = chooseCoding(request.headers['accept-encoding'], answer);
  const etag = etagOf(answer, coding);
  // the key holds Accept (JSON or CSV), so shared caches must vary on it too
  reply
    .header('etag', etag)
    .header('cache-control', answer.cacheControl)
    .header('vary', 'Accept, Accept-Encoding');
  if (answer.link) reply.header('link', answer.link);
  if (answer.deprecation) reply.header('deprecation', answer.deprecation);
  const status = preconditions(request.headers, etag);
  if (status === 412) {
    // sent from the onSend hook too, where a thrown error cannot become the answer
    const failed = preconditionFailed(etag);
    reply
      .code(412)
      .header('content-type', PROBLEM_MEDIA_TYPE)
      .header('cache-control', 'no-store')
      .removeHeader('content-encoding');
    const body = problem(failed.code, failed.detail, request.url);
    return { status: 412, payload: Buffer.from(JSON.stringify(body)) };
  }
  if (status === 304) {
    reply.code(304).removeHeader('content-type');
    return { status: 304, payload: null };
  }
  reply.code(200).header('content-type', answer.contentType);
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return { status: 200, payload: coding === 'identity' ? answer.body : answer[coding]! };
}

/**
 * Sends an answer a route made with its representations already (src/serve/answers/precomposed.ts):
 * negotiated and validated like a cached one, never re-encoded, and stored as it is.
 */
export function sendPrecomposed(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: KeptAnswer,
): FastifyReply {
  request.answerComposed = answer;
  return reply.send(sendAnswer(request, reply, answer).payload);
}

export function installAnswerCache(scope: FastifyInstance, cache: AnswerCache): void {
  scope.decorateRequest('answerKey', null);
  scope.decorateRequest('answerFromCache', false);
  scope.decorateRequest('answerComposed', null);

  scope.addHook('preHandler', (request, reply, done) => {
    const key = keyOf(request);
    const hit = key === null ? undefined : cache.get(key);
    if (!hit) {
      request.answerKey = key;
      done();
      return;
    }
    request.answerFromCache = true;
    reply.send(sendAnswer(request, reply, hit).payload);
  });

  scope.addHook('onSend', (request, reply, payload, done) => {
    if (request.answerFromCache || request.answerKey === null) return done(null, payload);
    if (request.answerComposed) {
      // the answer is whole whichever of it was sent (200 or 304)
      if (request.method === 'GET' && (reply.statusCode === 200 || reply.statusCode === 304))
        cache.set(request.answerKey, request.answerComposed);
      return done(null, payload);
    }
    if (reply.statusCode !== 200) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const type = reply.getHeader('content-type');
    const headers: AnswerHeaders = {
      contentType: typeof type === 'string' ? type : 'application/json; charset=utf-8',
      cacheControl: String(reply.getHeader('cache-control') ?? DEFAULT_CACHE_CONTROL),
      link:
        typeof reply.getHeader('link') === 'string' ? (reply.getHeader('link') as string) : null,
      deprecation:
        typeof reply.getHeader('deprecation') === 'string'
          ? (reply.getHeader('deprecation') as string)
          : null,
    };
    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
    // past the entry bound the answer is kept in Brotli alone (./compressed.ts): otherwise every
    // request for it made it again
    const answer =
      cache.maxEntryBytes > 0 && body.length > cache.maxEntryBytes
        ? new CompressedAnswer(body, headers, cache.maxEntryBytes)
        : new CachedAnswer(
            body,
            headers.contentType,
            headers.cacheControl,
            headers.link,
            headers.deprecation,
          );
    // HEAD runs the GET handler too, but only a GET is known to carry the whole body here.
    if (request.method === 'GET') cache.set(request.answerKey, answer);
    reply.removeHeader('content-length');
    done(null, sendAnswer(request, reply, answer).payload);
  });
}

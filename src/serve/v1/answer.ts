// One negotiation rule for /api/v1/ (RFC 9110 12.5.1): a route answers the media types it declares
// in `config.formats` (JSON when it declares none); collections add CSV. A request none of them
// satisfies is 406 not_acceptable before the handler runs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendCsv } from '../csv.js';
import { preferredType } from '../negotiate.js';
import { COLLECTION_FORMATS } from './schemas.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Media types the route answers, preferred first. */
    formats?: readonly string[];
  }
}

export const collectionConfig = { formats: COLLECTION_FORMATS };

export function negotiationHook(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    preferredType(request, request.routeOptions.config.formats ?? ['application/json']);
  });
}

/** True when this collection request asked for CSV. */
export function wantsCsv(request: FastifyRequest): boolean {
  return preferredType(request, COLLECTION_FORMATS) === 'text/csv';
}

/** A collection as CSV: every item the filters select, streamed; named after the route. */
export function csvAnswer(request: FastifyRequest, reply: FastifyReply, items: Iterable<Record<string, unknown>>, columns?: string[]): FastifyReply {
  const name = (request.routeOptions.url ?? 'answer').split('/').filter((s) => s && !s.startsWith(':')).pop() ?? 'answer';
  reply.header('vary', 'Accept');
  return sendCsv(reply, items, { columns, filename: `${name}.csv` });
}

// One negotiation rule for /api/v1/ (RFC 9110 12.5.1): a route answers the media types it declares
// in `config.formats` (JSON when it declares none); collections add CSV. A request none of them
// satisfies is 406 not_acceptable before the handler runs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendCsv } from '../answers/csv.js';
import { preferredType } from '../answers/negotiate.js';
import type { Envelope } from './envelope.js';
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

// Whole collections as the sealed CSV files under /data/ (the same rows, precompressed .gz/.br
// beside them): linked from every page of the collection as rel="alternate".
const DOWNLOADS: Record<string, string> = {
  observations: '/data/public-observations.csv',
  institutions: '/data/institutions-catalog.csv',
  datasets: '/data/datasets/index.csv',
};

/**
 * A collection page in the representation asked for: the envelope as JSON, or the same page's items
 * as CSV with the same links (Link header, RFC 8288), never more rows than the JSON page holds.
 */
export function pageAnswer<T extends Record<string, unknown>>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Envelope<T[]>,
  columns?: string[],
): Envelope<T[]> | FastifyReply {
  const name =
    (request.routeOptions.url ?? '')
      .split('/')
      .filter((s) => s && !s.startsWith(':'))
      .pop() ?? 'answer';
  const download = DOWNLOADS[name];
  // the Link header is written from this links object when the answer is sent (envelope.ts)
  if (download) page.links.alternate = download;
  if (!wantsCsv(request)) return page;
  return sendCsv(reply, { rows: page.data, columns }, `${name}.csv`);
}

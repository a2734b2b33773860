// Registering SDMX routes: one operation under several paths (the trailing parts of an SDMX path are
// optional), each documented with its offered media types and SDMX-ML errors; every path also answers
// with a trailing slash, which SDMX clients write (rsdmx's request builder ends every structure and
// data path with "/"); the slashed form is the same route, kept out of the interface document.
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { responses, type ErrorStatus } from './media.js';

export interface SdmxOperation {
  paths: readonly string[];
  summary: string;
  description?: string;
  querystring: object;
  types: readonly string[];
  errors: ErrorStatus[];
}

export function sdmxRoutes(
  app: FastifyInstance,
  op: SdmxOperation,
  handler: RouteHandlerMethod,
): void {
  const schema = {
    tags: ['sdmx'],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    querystring: op.querystring,
    response: responses(op.summary, op.types, op.errors),
  };
  for (const path of op.paths) {
    app.get(path, { schema }, handler);
    app.get(`${path}/`, { schema: { ...schema, hide: true } }, handler);
  }
}

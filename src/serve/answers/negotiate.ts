// Content negotiation (RFC 9110 12.5.1): the media type an answer takes from the client's Accept
// header (parsed by `negotiator`, which handles q-values and wildcards), or from an explicit
// `format` query parameter, which wins because links and spreadsheets cannot set headers.
// Nothing offered is acceptable: 406 not_acceptable listing what is.
import Negotiator from 'negotiator';
import type { FastifyRequest } from 'fastify';
import { ProblemError } from '../problems/errors.js';

/** `format` values and the media type each names. */
export const FORMATS = {
  json: 'application/json',
  csv: 'text/csv',
  html: 'text/html',
  ttl: 'text/turtle',
  jsonld: 'application/ld+json',
} as const;
export type Format = keyof typeof FORMATS;

export function preferredType<T extends string>(request: FastifyRequest, offered: readonly T[]): T {
  const format = (request.query as { format?: string } | undefined)?.format;
  if (format !== undefined) {
    const named = FORMATS[format as Format] as T | undefined;
    if (named && offered.includes(named)) return named;
  }
  const accept = request.headers.accept;
  if (!accept) return offered[0]!;
  const chosen = new Negotiator({ headers: { accept } }).mediaType([...offered]) as T | undefined;
  if (chosen) return chosen;
  throw new ProblemError(
    'not_acceptable',
    `none of the media types this resource offers matches Accept: ${accept}; offered: ${offered.join(', ')}`,
    {
      offered: [...offered],
    },
  );
}

/** The `format` query parameter of a route offering these media types. */
export function formatParam(offered: readonly string[]): object {
  const names = (Object.keys(FORMATS) as Format[]).filter((f) => offered.includes(FORMATS[f]));
  return {
    type: 'string',
    enum: names,
    description: `Answer format (overrides Accept): ${names.join(' or ')}`,
  };
}

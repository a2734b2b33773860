// Route schemas of /api/v1/: they validate requests, serialise responses and are the only source of
// the OpenAPI document (openapi.ts), so the contract is written once.
import type { ErrorCode } from '../problems/errors.js';
import { LOCALE_ORDER } from '../../lib/languages.js';
import { problems as sharedProblems, type FromQuery } from '../interface/schemas.js';
import { envelopeOf } from './response-schemas.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from './paging.js';

// The envelope and open-object builders live with the answer schemas the browser app reads.
export { envelopeOf, openObject, type ItemOf } from './response-schemas.js';

/** A collection's 200: a page as the JSON envelope, or the same page's items as CSV (RFC 4180, header row). */
export function collectionResponse(item: object, description: string): object {
  const { description: _, ...envelope } = envelopeOf({ type: 'array', items: item }, description);
  return {
    description,
    content: {
      'application/json': { schema: envelope },
      'text/csv': {
        schema: {
          type: 'string',
          description:
            'One row per item of the page; nested members flattened (names.en), deeper ones as JSON text; links in the Link header.',
        },
      },
    },
  };
}

/** Error responses of a v1 route: its own codes plus rate_limited, since every v1 route but health is limited. */
export function problems(...codes: ErrorCode[]): Record<string, object> {
  return sharedProblems(...codes, 'rate_limited');
}

export const limitParam = {
  type: 'integer',
  minimum: 1,
  maximum: MAX_LIMIT,
  default: DEFAULT_LIMIT,
  description: `Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}); CSV pages alike.`,
} as const;
export const cursorParam = {
  type: 'string',
  minLength: 1,
  description: 'Opaque cursor from meta.next_cursor; pinned to the revision of the first page.',
} as const;
/** Collections answer JSON or CSV (Accept: text/csv, or this parameter, which wins). */
export const collectionFormatParam = {
  type: 'string',
  enum: ['json', 'csv', 'csv-excel'],
  description:
    'Answer format, overriding Accept: json (default), csv (the same page as rows, with the same Link header) or csv-excel (the same CSV after a UTF-8 byte order mark, for Excel on Windows).',
} as const;
export const COLLECTION_FORMATS = ['application/json', 'text/csv'] as const;
export const localeParam = {
  type: 'string',
  enum: LOCALE_ORDER,
  description: 'Preferred language of labels and of tie-breaking.',
} as const;
export const idParam = {
  type: 'object',
  required: ['id'],
  properties: {
    id: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description:
        "Canonical id (e.g. place:KZ-35; ':' may be sent raw or as %3A, '/' in district ids as %2F). An alias (slug, old code, former name) answers 308 to the canonical URL.",
    },
  },
} as const;
/** The params of an item route `/<family>/:id`. */
export type IdParams = FromQuery<typeof idParam>;

/** The paging members of every collection's query (limit, cursor, format), as its schema gives them. */
export type PagingQuery = FromQuery<ReturnType<typeof pagedQuery<{}, []>>>;

/**
 * A collection's query: its filters plus limit, cursor and format; any other parameter is
 * unknown_parameter. Typed as written, so FromQuery gives the handler's query type.
 */
export function pagedQuery<
  const P extends Record<string, object> = {},
  const R extends readonly (keyof P & string)[] = [],
>(extra?: P, required?: R) {
  return {
    type: 'object',
    required: (required ?? []) as R,
    additionalProperties: false,
    properties: {
      ...(extra ?? ({} as P)),
      limit: limitParam,
      cursor: cursorParam,
      format: collectionFormatParam,
    },
  } as const;
}

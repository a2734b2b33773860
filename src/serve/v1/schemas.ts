// Route schemas of /api/v1/: they validate requests, serialise responses and are the only source of
// the OpenAPI document (openapi.ts), so the contract is written once.
import { ERROR_CATALOG, PROBLEM_MEDIA_TYPE, type ErrorCode } from '../errors.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from './paging.js';

export const SHARED_SCHEMAS = [
  {
    $id: 'Problem',
    type: 'object',
    description: 'RFC 9457 problem details with a stable code from the one error catalog.',
    required: ['type', 'title', 'status', 'detail', 'instance', 'code'],
    properties: {
      type: { type: 'string', format: 'uri' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      instance: { type: 'string' },
      code: { type: 'string', enum: Object.keys(ERROR_CATALOG) },
    },
    additionalProperties: true,
  },
  {
    $id: 'Meta',
    type: 'object',
    required: ['schema_version', 'revision'],
    properties: {
      schema_version: { type: 'string', description: 'Version of the public projection schema.' },
      revision: { type: ['string', 'null'], description: 'The sealed release this answer came from (null only before the first release).' },
      count: { type: 'integer', minimum: 0, description: 'Collections: items in the whole result set.' },
      next_cursor: { type: ['string', 'null'], description: 'Collections: opaque cursor of the next page, pinned to this revision.' },
      note: { type: 'string', description: 'Says why a collection is empty when it is.' },
    },
  },
  {
    $id: 'Links',
    type: 'object',
    required: ['self'],
    properties: { self: { type: 'string' }, next: { type: 'string' } },
  },
  {
    $id: 'Names',
    type: 'object',
    required: ['en', 'ru', 'kk'],
    properties: { en: { type: 'string' }, ru: { type: 'string' }, kk: { type: 'string' } },
  },
] as const;

/** A response body schema: the envelope around `data`. Item shapes stay open (additive contract). */
export function envelopeOf(data: object, description: string): object {
  return {
    description,
    type: 'object',
    required: ['data', 'meta', 'links'],
    properties: { data, meta: { $ref: 'Meta#' }, links: { $ref: 'Links#' } },
  };
}

export function openObject(properties: Record<string, object>, required: string[] = []): object {
  return { type: 'object', required, properties, additionalProperties: true };
}

/** Error responses a route can give, as problem+json, grouped by status. */
export function problems(...codes: ErrorCode[]): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, 'rate_limited', 'internal_error', 'no_release'] as ErrorCode[]) {
    const status = ERROR_CATALOG[code].status;
    const list = byStatus.get(status) ?? [];
    if (!list.includes(code)) list.push(code);
    byStatus.set(status, list);
  }
  const out: Record<string, object> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = {
      description: `Problem (codes: ${list.join(', ')})`,
      content: { [PROBLEM_MEDIA_TYPE]: { schema: { $ref: 'Problem#' } } },
    };
  }
  return out;
}

export const limitParam = {
  type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT,
  description: `Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`,
};
export const cursorParam = { type: 'string', minLength: 1, description: 'Opaque cursor from meta.next_cursor; pinned to the revision of the first page.' };
export const localeParam = { type: 'string', enum: ['ru', 'kk', 'en'], description: 'Preferred language of labels and of tie-breaking.' };
export const idParam = {
  type: 'object',
  required: ['id'],
  properties: {
    id: {
      type: 'string', minLength: 1, maxLength: 200,
      description: "Canonical id (e.g. place:KZ-35; ':' may be sent raw or as %3A, '/' in district ids as %2F). An alias (slug, old code, former name) answers 308 to the canonical URL.",
    },
  },
};

export function pagedQuery(extra: Record<string, object> = {}, required: string[] = []): object {
  return { type: 'object', required, properties: { ...extra, limit: limitParam, cursor: cursorParam } };
}

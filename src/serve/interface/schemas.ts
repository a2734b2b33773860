// Schemas shared by every route family, registered once on the root app so each family's routes and
// the one interface document refer to the same components (Problem, Meta, Links, Names).
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { LANGUAGES_ENGLISH_FIRST, perLanguage } from '../../lib/languages.js';
import {
  ERROR_CATALOG,
  PROBLEM_MEDIA_TYPE,
  PROBLEM_SCHEMA,
  type ErrorCode,
} from '../problems/errors.js';

/**
 * The value a route's handler receives for a query, params or body schema declared `as const`: the
 * type is derived from the schema Fastify validates against, so the two cannot drift apart.
 */
export type FromQuery<S> = S extends JSONSchema ? FromSchema<S> : never;

export { PROBLEM_SCHEMA } from '../problems/errors.js';

export const META_SCHEMA = {
  $id: 'Meta',
  type: 'object',
  required: ['schema_version', 'revision'],
  properties: {
    schema_version: { type: 'string', description: 'Version of the public projection schema.' },
    revision: {
      type: ['string', 'null'],
      description: 'The sealed release this answer came from (null only before the first release).',
    },
    count: {
      type: 'integer',
      minimum: 0,
      description: 'Collections: items in the whole result set.',
    },
    next_cursor: {
      type: ['string', 'null'],
      description: 'Collections: opaque cursor of the next page, pinned to this revision.',
    },
    note: { type: 'string', description: 'Says why a collection is empty when it is.' },
  },
} as const;

export const LINKS_SCHEMA = {
  $id: 'Links',
  type: 'object',
  required: ['self'],
  properties: {
    self: { type: 'string' },
    first: { type: 'string' },
    next: { type: 'string' },
    describedby: { type: 'string' },
  },
  additionalProperties: { type: 'string' },
} as const;

export const NAMES_SCHEMA = {
  $id: 'Names',
  type: 'object',
  required: LANGUAGES_ENGLISH_FIRST,
  // null: no translation exists; the resource says which language it falls back to (name_fallback)
  properties: {
    ...perLanguage({ type: ['string', 'null'] } as const, LANGUAGES_ENGLISH_FIRST),
    en: { type: 'string' },
  },
} as const;

export const SHARED_SCHEMAS = [PROBLEM_SCHEMA, META_SCHEMA, LINKS_SCHEMA, NAMES_SCHEMA] as const;

/**
 * The value an answer schema declared `as const` describes, its `$ref`s to the shared components
 * (Meta#, Links#, Names#) resolved: a route's answer type is derived from the schema that documents
 * and serialises it, so the two cannot drift apart.
 */
export type FromResponse<S> = S extends JSONSchema
  ? FromSchema<S, { references: [typeof META_SCHEMA, typeof LINKS_SCHEMA, typeof NAMES_SCHEMA] }>
  : never;

// store_verifying: a release served at start answers its store-backed routes once its store is verified.
const ALWAYS: ErrorCode[] = [
  'unknown_parameter',
  'method_not_allowed',
  'internal_error',
  'no_release',
  'store_verifying',
];

/** Error responses a route can give, as problem+json grouped by status (codes named in each). */
export function problems(...codes: ErrorCode[]): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, ...ALWAYS]) {
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

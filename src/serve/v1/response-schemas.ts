// Answer schemas of /api/v1/ that other code reads the answers of: the search hit, the release
// summary and seal, the snapshot descriptor, the change between releases and the envelope around
// them, and a topic of the scheme. The routes document and serialise their answers with these schemas and return the types
// derived from them (bottom of this file), and the browser app (web/src/api.ts) reads the same types.
// This module imports no server code (only the shared Meta#, Links#, Names# components), so web/ can
// import its types.
import type { FromResponse } from '../interface/schemas.js';

/** An open object schema (members beyond those listed are allowed: the additive contract). */
export function openObject<
  const P extends Record<string, object>,
  const R extends readonly (keyof P & string)[] = [],
>(properties: P, required?: R) {
  return {
    type: 'object',
    required: (required ?? []) as R,
    properties,
    additionalProperties: true,
  } as const;
}

/** A response body schema: the envelope around `data`. Item shapes stay open (additive contract). */
export function envelopeOf<const D extends object>(data: D, description: string) {
  return {
    description,
    type: 'object',
    required: ['data', 'meta', 'links'],
    properties: { data, meta: { $ref: 'Meta#' }, links: { $ref: 'Links#' } },
  } as const;
}

/** The value of an item schema, its shared `$ref`s resolved: the type a route's view returns. */
export type ItemOf<S> = FromResponse<S>;

/** The answer an envelope around `data` of schema D describes. */
export type EnvelopeOf<D extends object> = FromResponse<ReturnType<typeof envelopeOf<D>>>;

/** The answer of a collection whose items have schema I. */
export type CollectionOf<I extends object> = EnvelopeOf<{
  readonly type: 'array';
  readonly items: I;
}>;

export const ENTITY_TYPES = [
  'place',
  'district',
  'institution',
  'person',
  'indicator',
  'dataset',
  'event',
  'source',
] as const;

/** A topic of the scheme (/api/v1/topics): its kind, SDG number, names and indicators. */
export const topicSchema = openObject(
  {
    id: { type: 'string', description: 'topic:<id>' },
    kind: { type: 'string', enum: ['domain', 'sdg-goal'] },
    notation: {
      type: ['string', 'null'],
      description: "An SDG goal's number; null for a statistical domain",
    },
    names: { $ref: 'Names#' },
    indicators: {
      type: 'array',
      items: { type: 'string' },
      description: 'The ids of the indicators classified in the topic (indicator:<id>)',
    },
    indicator_count: { type: 'integer', minimum: 0 },
    source_url: { type: 'string' },
    revision: { type: 'string' },
    links: openObject({ self: { type: 'string' }, indicators: { type: 'string' } }, [
      'self',
      'indicators',
    ]),
  },
  [
    'id',
    'kind',
    'notation',
    'names',
    'indicators',
    'indicator_count',
    'source_url',
    'revision',
    'links',
  ],
);

export const hitSchema = openObject(
  {
    id: { type: 'string' },
    type: { type: 'string', enum: [...ENTITY_TYPES] },
    label: { type: 'string' },
    names: { $ref: 'Names#' },
    score: { type: 'number', minimum: 0, maximum: 1 },
    match: openObject(
      {
        name: { type: 'string', description: 'The name that matched, as published.' },
        lang: { type: 'string', description: 'kk, ru, en, or und for codes and slugs.' },
        kind: {
          type: 'string',
          description:
            "name, official_name, centre_name (a region called by its centre's name, which it shares), abbreviation, alias, former_name, legacy_code, slug or code.",
        },
        type: { type: 'string', enum: ['exact', 'prefix', 'fuzzy'] },
        distance: {
          type: 'integer',
          minimum: 0,
          description: 'Edits between the normalised query and the name.',
        },
        valid_until: {
          type: 'string',
          description: 'For a former name (kind former_name): the year or date it was last in use.',
        },
      },
      ['name', 'lang', 'kind', 'type', 'distance'],
    ),
    href: { type: 'string' },
  },
  ['id', 'type', 'label', 'names', 'score', 'match', 'href'],
);

const summaryProperties = {
  revision: { type: 'string' },
  schema_version: { type: 'string' },
  built_at: { type: 'string', format: 'date-time' },
  as_of: { type: 'string', format: 'date' },
  previous_revision: { type: ['string', 'null'] },
  file_count: { type: 'integer' },
  bytes: { type: 'integer' },
  current: { type: 'boolean' },
} as const;
const summaryRequired = [
  'revision',
  'schema_version',
  'built_at',
  'as_of',
  'previous_revision',
  'file_count',
  'bytes',
  'current',
] as const;
export const releaseSummary = openObject(summaryProperties, summaryRequired);
export const releaseSeal = openObject(
  {
    ...summaryProperties,
    files: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
  [...summaryRequired, 'files'],
);
export const snapshotDescriptor = openObject(
  {
    id: { type: 'string' },
    revision: { type: 'string' },
    as_of: { type: 'string' },
    built_at: { type: 'string' },
    manifest: { type: 'string' },
    files: { type: 'integer' },
  },
  ['id', 'revision', 'as_of', 'built_at', 'manifest', 'files'],
);

export const CHANGE_SCHEMA = openObject(
  {
    kind: { type: 'string', enum: ['file', 'entity'] },
    key: { type: 'string' },
    change: { type: 'string', enum: ['added', 'removed', 'modified'] },
    from: { type: ['string', 'null'], description: 'sha256 before (null: added)' },
    to: { type: ['string', 'null'], description: 'sha256 after (null: removed)' },
  },
  ['kind', 'key', 'change', 'from', 'to'],
);

export type SearchHit = ItemOf<typeof hitSchema>;
export type ReleaseSummary = ItemOf<typeof releaseSummary>;
export type Change = ItemOf<typeof CHANGE_SCHEMA>;

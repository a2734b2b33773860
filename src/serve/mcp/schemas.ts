// The members MCP tools share in their schemas: paging arguments (the v1 rule: a page of 1 to
// MAX_LIMIT with an opaque cursor pinned to its release, docs/interface.md §10.4), the page members of
// an answer, and the v1 item schemas made self-contained (a tool's schemas travel alone to the
// client, where the shared components `Names#` ... cannot be resolved, so they are written in).
import { DIMENSIONS, DIMENSION_IDS, type DimensionId } from '../../lib/dimensions.js';
import { SHARED_SCHEMAS } from '../interface/schemas.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../v1/paging.js';
import { localeParam } from '../v1/schemas.js';

type Shared = (typeof SHARED_SCHEMAS)[number];
const SHARED = new Map<string, Shared>(SHARED_SCHEMAS.map((s) => [`${s.$id}#`, s]));

/** A schema with every `$ref` to a shared component replaced by the component itself (without its $id). */
export function selfContained<S>(schema: S): S {
  if (Array.isArray(schema)) return schema.map(selfContained) as S;
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && SHARED.has(ref)) {
    const { $id: _, ...component } = SHARED.get(ref)!;
    return selfContained(component) as S;
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, selfContained(v)])) as S;
}

/** limit and cursor of a tool that answers a page. */
export const PAGE_ARGS = {
  limit: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_LIMIT,
    default: DEFAULT_LIMIT,
    description: `Items per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`,
  },
  cursor: {
    type: 'string',
    minLength: 1,
    maxLength: 2000,
    description:
      'next_cursor of the page before, to continue the same call (the other arguments unchanged); it stays on the release of the first page.',
  },
} as const;

export const LOCALE_ARG = {
  ...localeParam,
  description: 'Language of names and labels: en (default), ru or kk.',
} as const;

/** The members of a paged answer beside its items. */
export const PAGE_MEMBERS = {
  revision: {
    type: 'string',
    description: 'The sealed release every value of this answer comes from.',
  },
  total: { type: 'integer', minimum: 0, description: 'Items in the whole result, every page.' },
  next_cursor: {
    type: ['string', 'null'],
    description: 'Pass as cursor to get the next page; null on the last page.',
  },
  note: {
    type: ['string', 'null'],
    description:
      'What the answer leaves out and why (an empty result is not proof that something does not exist).',
  },
} as const;

export const PAGE_REQUIRED = ['revision', 'total', 'next_cursor', 'note'] as const;

/** One code per dimension: the one breakdown a comparison or a series is of (totals where omitted). */
export const ONE_CODE = Object.fromEntries(
  DIMENSION_IDS.map((d) => [
    d,
    {
      type: 'string',
      minLength: 1,
      maxLength: 40,
      pattern: '^[^,]+$',
      description: `${DIMENSIONS[d].name.en} code (${Object.keys(DIMENSIONS[d].codes).join(', ')}); one. Omitted: the total (_T).`,
    },
  ]),
) as Record<
  DimensionId,
  { type: 'string'; minLength: 1; maxLength: 40; pattern: '^[^,]+$'; description: string }
>;

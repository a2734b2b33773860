// POST /resolve (docs/interface.md §4.4), after the W3C Reconciliation API: candidates with a score, a `match`
// flag and the features that matched. The status tells the outcome and the service never picks
// among homonyms (docs/interface.md §10.6): 200 one sure match, 300 several, 404 none (with the
// nearest candidates). A sure match is an exact match of the normalised name (src/serve/v1/search/sure.ts).
import type { FastifyInstance } from 'fastify';
import type { ReleaseSource } from '../releases/release-types.js';
import { lazyValidator } from '../interface/lazy-schemas.js';
import { strictBodyAjv } from './strict-ajv.js';
import { pinned } from '../releases/pinned.js';
import { single } from './envelope.js';
import { entityPath } from './search.js';
import { ENTITY_TYPES } from './response-schemas.js';
import { search } from './search/engine.js';
import type { Hit } from './search/hits.js';
import { nearest, sureMatches } from './search/sure.js';
import type { FromQuery } from '../interface/schemas.js';
import { envelopeOf, localeParam, openObject, problems, type ItemOf } from './schemas.js';

const RESOLVE_BODY = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 500,
      pattern: '\\S',
      description: 'The name to resolve, in any language or transliteration.',
    },
    type: { type: 'string', enum: [...ENTITY_TYPES], description: 'Only objects of this type.' },
    locale: localeParam,
    within: {
      type: 'string',
      minLength: 1,
      description: 'Canonical id of a containing place, e.g. place:KZ-35.',
    },
  },
} as const;
type ResolveBody = FromQuery<typeof RESOLVE_BODY>;

const MAX_CANDIDATES = 10;

const candidateSchema = openObject(
  {
    id: { type: 'string' },
    names: { $ref: 'Names#' },
    type: { type: 'string' },
    score: { type: 'number', minimum: 0, maximum: 1 },
    match: { type: 'boolean', description: 'true only for a sure (exact, normalised) match' },
    features: {
      type: 'array',
      items: openObject(
        { id: { type: 'string' }, value: { type: ['string', 'number', 'boolean'] } },
        ['id', 'value'],
      ),
    },
    href: { type: 'string' },
  },
  ['id', 'names', 'type', 'score', 'match', 'features', 'href'],
);

const resultSchema = openObject(
  {
    result: { type: 'string', enum: ['found', 'ambiguous', 'not_found'] },
    query: { type: 'object', additionalProperties: true },
    id: {
      type: ['string', 'null'],
      description:
        'The canonical id when result is found; null otherwise (never a pick among homonyms).',
    },
    candidates: { type: 'array', items: candidateSchema },
  },
  ['result', 'query', 'id', 'candidates'],
);

type Result = ItemOf<typeof resultSchema>;

function candidate(prefix: string, hit: Hit): Result['candidates'][number] {
  return {
    id: hit.entity.id,
    names: hit.entity.names,
    type: hit.entity.type,
    score: hit.score,
    match: hit.match.type === 'exact',
    features: [
      { id: 'name', value: hit.match.name },
      { id: 'name_lang', value: hit.match.lang },
      { id: 'name_kind', value: hit.match.kind },
      { id: 'match_type', value: hit.match.type },
      { id: 'edit_distance', value: hit.match.distance },
    ],
    href: entityPath(prefix, hit.entity),
  };
}

export async function resolveRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource; basePath: string },
): Promise<void> {
  app.post<{ Body: ResolveBody }>('/resolve', {
    validatorCompiler: ({ schema }) => {
      let fn: ReturnType<ReturnType<typeof strictBodyAjv>['compile']> | null = null;
      return lazyValidator(() => (fn ??= strictBodyAjv().compile(schema)) as never) as never;
    },
    schema: {
      summary: 'Resolve a name to one canonical id: 200 found, 300 homonymy (no pick), 404 none',
      tags: ['search'],
      body: RESOLVE_BODY,
      response: {
        200: envelopeOf(resultSchema, 'Exactly one sure match'),
        300: envelopeOf(
          resultSchema,
          'Homonymy: several sure matches, every one listed, none picked',
        ),
        404: {
          description: 'No sure match; the nearest candidates are listed (envelope, not a problem)',
          content: { 'application/json': { schema: envelopeOf(resultSchema, 'No sure match') } },
        },
        ...problems('unsupported_media_type', 'malformed_body', 'invalid_body', 'body_too_large'),
      },
    },
    handler: async (request, reply) => {
      const release = pinned(request);
      const body = request.body;
      const searchOpts = {
        locale: body.locale,
        types: body.type ? [body.type] : undefined,
        within: body.within,
      };
      const result = search(release.db, body.name, searchOpts);
      const hits = result.hits;
      const sure = sureMatches(result);
      const query = {
        name: body.name,
        type: body.type ?? null,
        locale: body.locale ?? null,
        within: body.within ?? null,
      };
      if (sure.length === 1) {
        return single<Result>(request, release, {
          result: 'found',
          query,
          id: sure[0]!.entity.id,
          candidates: [candidate(opts.basePath, sure[0]!)],
        });
      }
      if (sure.length > 1) {
        reply.code(300);
        return single<Result>(request, release, {
          result: 'ambiguous',
          query,
          id: null,
          candidates: sure.map((h) => candidate(opts.basePath, h)),
        });
      }
      const near =
        hits.length > 0 ? hits.slice(0, MAX_CANDIDATES) : nearest(release.db, result, searchOpts);
      reply.code(404);
      return single<Result>(request, release, {
        result: 'not_found',
        query,
        id: null,
        candidates: near.map((h) => candidate(opts.basePath, h)),
      });
    },
  });
}

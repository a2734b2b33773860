// GET /search (docs/interface.md §4.4): places, districts, institutions, persons, indicators, datasets, events and
// sources by any name in kk, ru or en, by transliteration, former name or abbreviation; kind-of-place
// words select the kind; ranked exact > prefix > fuzzy (src/serve/v1/search/ranking.ts).
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';
import { collection, idSegment } from './envelope.js';
import { nextCursor, openPage } from './paging.js';
import { collectionConfig, pageAnswer } from './answer.js';
import type { FromQuery } from '../interface/schemas.js';
import { collectionResponse, localeParam, pagedQuery, problems, type ItemOf } from './schemas.js';
import { ENTITY_TYPES, hitSchema } from './response-schemas.js';
import { search } from './search/engine.js';
import type { Locale } from './search/ranking.js';
import type { Hit, IndexedEntity } from './search/hits.js';

/** The v1 URL of an entity's item route. */
export function entityPath(prefix: string, entity: { id: string; type: string }): string {
  const family: Record<string, string> = {
    place: 'places',
    district: 'places',
    indicator: 'indicators',
    dataset: 'datasets',
    source: 'sources',
  };
  return `${prefix}/${family[entity.type] ?? 'entities'}/${idSegment(entity.id)}`;
}

export function label(entity: IndexedEntity, locale: Locale | undefined): string {
  return entity.names[locale ?? 'en'] || entity.names.en;
}

/** An entity's type as the answer schemas name it; the store holds no other (src/publish/store/content.ts). */
export function entityType(type: string): (typeof ENTITY_TYPES)[number] {
  const known = ENTITY_TYPES.find((t) => t === type);
  if (!known) throw new Error(`entity type "${type}" is not one of ${ENTITY_TYPES.join(', ')}`);
  return known;
}

export function hitView(
  prefix: string,
  hit: Hit,
  locale: Locale | undefined,
): ItemOf<typeof hitSchema> {
  return {
    id: hit.entity.id,
    type: entityType(hit.entity.type),
    label: label(hit.entity, locale),
    names: hit.entity.names,
    score: hit.score,
    match: { ...hit.match },
    href: entityPath(prefix, hit.entity),
  };
}

/**
 * The ranked hits of a query in one release, by v1 search and the MCP search tool alike; a query
 * without letters or digits that finds nothing is invalid_query (there was nothing to search for).
 */
export function searchHits(
  release: LoadedRelease,
  q: string,
  opts: { locale?: Locale; type?: string },
): Hit[] {
  const { hits } = search(release.db, q, {
    locale: opts.locale,
    types: opts.type ? [opts.type] : undefined,
  });
  if (hits.length === 0 && /^[^\p{L}\p{N}]*$/u.test(q))
    throw new ProblemError('invalid_query', `Query "${q}" has no letters or digits to search for.`);
  return hits;
}

/** What an empty answer says (docs/interface.md §1.5): no match is not proof of absence. */
export const noMatchNote = (release: LoadedRelease, q: string) =>
  `No name in release ${release.revision} matches "${q}"; this does not show the object does not exist.`;

export const SEARCH_QUERY = pagedQuery(
  {
    q: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      description: 'Text to find (required, not blank).',
    },
    locale: localeParam,
    type: { type: 'string', enum: [...ENTITY_TYPES], description: 'Only objects of this type.' },
  },
  ['q'],
);
type SearchQuery = FromQuery<typeof SEARCH_QUERY>;

export async function searchRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource; basePath: string },
): Promise<void> {
  app.get<{ Querystring: SearchQuery }>('/search', {
    config: collectionConfig,
    schema: {
      summary:
        'Search every named object by any of its names, in kk, ru or en, or by transliteration',
      tags: ['search'],
      querystring: SEARCH_QUERY,
      response: {
        200: collectionResponse(
          hitSchema,
          'Ranked hits: exact, then prefix, then fuzzy matches (a page, JSON or CSV)',
        ),
        ...problems(
          'missing_parameter',
          'invalid_query',
          'invalid_locale',
          'invalid_limit',
          'invalid_cursor',
          'invalid_parameter',
          'unknown_release',
        ),
      },
    },
    handler: async (request, reply) => {
      const page = await openPage(request, opts.releases, request.query);
      const { q, locale, type } = request.query;
      const hits = searchHits(page.release, q, { locale, type });
      const slice = hits
        .slice(page.offset, page.offset + page.limit)
        .map((h) => hitView(opts.basePath, h, locale));
      const note = hits.length === 0 ? noMatchNote(page.release, q) : undefined;
      return pageAnswer(
        request,
        reply,
        collection(request, page.release, slice, hits.length, nextCursor(page, hits.length), {
          note,
          page,
        }),
      );
    },
  });
}

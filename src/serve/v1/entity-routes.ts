// Collection + item routes for one family of v1 entities (places, datasets, sources, entities), all
// answered from the ONE release the handler took at its start; aliases answer 308.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from '../errors.js';
import type { LoadedRelease, ReleaseSource } from '../release-types.js';
import { canonicalIdOf, canonicalUrl } from './aliases.js';
import { collection, single } from './envelope.js';
import { nextCursor, openPage, takeRelease } from './paging.js';
import { collectionResponse, envelopeOf, idParam, pagedQuery, problems } from './schemas.js';
import { collectionConfig, csvAnswer, wantsCsv } from './answer.js';
import { searchIndexFor, type IndexedEntity } from './search/index.js';

export interface EntityFamily {
  path: string; // URL segment, e.g. "places"
  types: readonly string[]; // entities.type values served here
  idPrefix: string; // canonical id prefix, e.g. "place"
  noun: string;
  itemSchema: object;
  view(entity: IndexedEntity, release: LoadedRelease): Record<string, unknown>;
  /** Filters of the collection beyond paging, and the test each names. */
  filters?: Record<string, object>;
  keep?(entity: IndexedEntity, query: Record<string, unknown>): boolean;
}

export interface FamilyOptions {
  releases: ReleaseSource;
}

/** The entity an item route names, or a 308 to its canonical URL when the segment is an alias. */
export function findEntity(
  request: FastifyRequest,
  reply: FastifyReply,
  release: LoadedRelease,
  family: Pick<EntityFamily, 'types' | 'idPrefix' | 'noun'>,
  raw: string,
): IndexedEntity | null {
  const index = searchIndexFor(release);
  const id = canonicalIdOf(index, release.db, raw, family.types, family.idPrefix);
  if (id === null) throw new ProblemError('not_found', `No ${family.noun} has id or alias "${raw}" in release ${release.revision}.`);
  if (id !== raw) {
    reply.code(308).header('location', canonicalUrl(request.url, raw, id));
    return null;
  }
  return index.entities.get(id)!;
}

export const redirectResponse = {
  308: {
    description: 'The id is an alias (slug, old code, former name): Location holds the canonical URL',
    headers: { location: { type: 'string', description: 'The canonical URL' } },
    type: 'null',
  },
};

export function registerEntityFamily(app: FastifyInstance, family: EntityFamily, opts: FamilyOptions): void {
  app.get(`/${family.path}`, {
    config: collectionConfig,
    schema: {
      summary: `Every ${family.noun}, by canonical id; JSON pages or CSV`,
      tags: ['resources'],
      querystring: pagedQuery(family.filters),
      response: {
        200: collectionResponse(family.itemSchema, `A page of ${family.noun} records (JSON) or all of them (CSV)`),
        ...problems('invalid_parameter', 'invalid_limit', 'invalid_cursor', 'unknown_release', 'not_acceptable'),
      },
    },
    handler: async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const csv = wantsCsv(request);
      const page = await openPage(request, opts.releases, query);
      const all = [...searchIndexFor(page.release).entities.values()].filter((e) => family.types.includes(e.type) && (family.keep?.(e, query) ?? true));
      if (csv) return csvAnswer(request, reply, all.map((e) => family.view(e, page.release)));
      const data = all.slice(page.offset, page.offset + page.limit).map((e) => family.view(e, page.release));
      const note = all.length === 0 ? `Release ${page.release.revision} publishes no ${family.noun} for these filters.` : undefined;
      return collection(request, page.release, data, all.length, nextCursor(page, all.length), { note, page });
    },
  });

  app.get<{ Params: { id: string } }>(`/${family.path}/:id`, {
    schema: {
      summary: `One ${family.noun} by canonical id (aliases answer 308)`,
      tags: ['resources'],
      params: idParam,
      response: { 200: envelopeOf(family.itemSchema, `The ${family.noun}`), ...redirectResponse, ...problems('not_found', 'invalid_path') },
    },
    handler: async (request, reply) => {
      const release = takeRelease(request, opts.releases);
      const entity = findEntity(request, reply, release, family, request.params.id);
      if (!entity) return reply.send();
      return single(request, release, family.view(entity, release));
    },
  });
}

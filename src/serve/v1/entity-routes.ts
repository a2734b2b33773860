// Collection + item routes for one family of v1 entities (places, datasets, sources, entities), all
// answered from the ONE release the handler took at its start; aliases answer 308. Entities are read
// from the store by id and by keyed page (src/store/entity-reader.ts), never held whole in memory.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';
import { canonicalIdOf, canonicalUrl } from './aliases.js';
import { collection, single } from './envelope.js';
import { nextCursor, openPage } from './paging.js';
import { pinned } from '../releases/pinned.js';
import {
  collectionResponse,
  envelopeOf,
  idParam,
  pagedQuery,
  problems,
  type IdParams,
  type ItemOf,
  type PagingQuery,
} from './schemas.js';
import type { FromQuery } from '../interface/schemas.js';
import { collectionConfig, pageAnswer } from './answer.js';
import { entityReaderOf } from '../../store/entity-reader.js';
import { parseEntity, type IndexedEntity } from './search/hits.js';

/** The query members a family's own filters add to the paging ones, derived from their schemas. */
export type FilterQuery<F> = FromQuery<{
  type: 'object';
  additionalProperties: false;
  properties: F;
}>;

export interface EntityFamily<F extends Record<string, object> = {}, I extends object = object> {
  path: string; // URL segment, e.g. "places"
  types: readonly string[]; // entities.type values served here
  idPrefix: string; // canonical id prefix, e.g. "place"
  noun: string;
  itemSchema: I;
  /** An entity as the family's item schema describes it (an open object, so also a CSV row). */
  view(entity: IndexedEntity, release: LoadedRelease): ItemOf<I> & Record<string, unknown>;
  /** Filters of the collection beyond paging, and the types each selects among `types`. */
  filters?: F;
  typesFor?(query: FilterQuery<F>): readonly string[];
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
  const entities = entityReaderOf(release);
  const id = canonicalIdOf(entities, release.db, raw, family.types, family.idPrefix);
  if (id === null)
    throw new ProblemError(
      'not_found',
      `No ${family.noun} has id or alias "${raw}" in release ${release.revision}.`,
    );
  if (id !== raw) {
    reply.code(308).header('location', canonicalUrl(request.url, raw, id));
    return null;
  }
  return parseEntity(entities.get(id)!);
}

export const redirectResponse = {
  308: {
    description:
      'The id is an alias (slug, old code, former name): Location holds the canonical URL',
    headers: { location: { type: 'string', description: 'The canonical URL' } },
    type: 'null',
  },
};

export function registerEntityFamily<
  const F extends Record<string, object> = {},
  const I extends object = object,
>(app: FastifyInstance, family: EntityFamily<F, I>, opts: FamilyOptions): void {
  // Fastify validates the query against `pagedQuery(family.filters)`: the paging members and the filters.
  app.get<{ Querystring: PagingQuery }>(`/${family.path}`, {
    config: collectionConfig,
    schema: {
      summary: `Every ${family.noun}, by canonical id; JSON pages or CSV`,
      tags: ['resources'],
      querystring: pagedQuery(family.filters),
      response: {
        200: collectionResponse(family.itemSchema, `A page of ${family.noun} records, JSON or CSV`),
        ...problems(
          'invalid_parameter',
          'invalid_limit',
          'invalid_cursor',
          'unknown_release',
          'not_acceptable',
        ),
      },
    },
    handler: async (request, reply) => {
      const query = request.query;
      const page = await openPage(request, opts.releases, query);
      // Fastify validated the query against pagedQuery(family.filters), so it holds the filters too.
      // The cast stays: declaring Querystring as PagingQuery & FilterQuery<F> makes Fastify type the
      // query as UndefinedToUnknown<KeysOf<Q> extends never ? unknown : Q>, a conditional type that
      // stays unresolved while F is generic, so request.query would be neither that intersection nor
      // a Record (tsc TS2345); only a concrete F resolves it.
      const types = family.typesFor?.(query as PagingQuery & FilterQuery<F>) ?? family.types;
      const entities = entityReaderOf(page.release);
      const view = (row: Parameters<typeof parseEntity>[0]) =>
        family.view(parseEntity(row), page.release);
      const total = entities.count(types);
      // A cursor carries the id the page starts after; a link by offset alone (prev) finds it once.
      const after = page.after ?? entities.idBefore(types, page.offset);
      const rows =
        page.offset >= total || (page.offset > 0 && after === null)
          ? []
          : entities.pageAfter(types, after, page.limit);
      const data = rows.map(view);
      const note =
        total === 0
          ? `Release ${page.release.revision} publishes no ${family.noun} for these filters.`
          : undefined;
      // the previous page starts after the id `limit + 1` places before this page's first
      const prevKey =
        page.offset > page.limit && rows.length > 0
          ? (entities.idBack(types, rows[0]!.id, page.limit + 1) ?? undefined)
          : undefined;
      return pageAnswer(
        request,
        reply,
        collection(request, page.release, data, total, nextCursor(page, total, rows.at(-1)?.id), {
          note,
          page,
          prevKey,
        }),
      );
    },
  });

  app.get<{ Params: IdParams }>(`/${family.path}/:id`, {
    schema: {
      summary: `One ${family.noun} by canonical id (aliases answer 308)`,
      tags: ['resources'],
      params: idParam,
      response: {
        200: envelopeOf(family.itemSchema, `The ${family.noun}`),
        ...redirectResponse,
        ...problems('not_found', 'invalid_path'),
      },
    },
    handler: async (request, reply) => {
      const release = pinned(request);
      const entity = findEntity(request, reply, release, family, request.params.id);
      if (!entity) return reply.send();
      return single(request, release, family.view(entity, release));
    },
  });
}

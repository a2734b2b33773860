// Collection + item routes for one family of v1 entities (places, datasets, sources, entities), all
// answered from the ONE release the handler took at its start; aliases answer 308. Entities are read
// from the store by id and by keyed page (src/store/entity-reader.ts), never held whole in memory.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease, ReleaseSource, ServedFile } from '../releases/release-types.js';
import { sendPrecomposed } from '../answers/hooks.js';
import { sealedAnswer } from '../answers/sealed-answer.js';
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
import { formatParam, preferredType } from '../answers/negotiate.js';

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
  /** Other representations of an item beside its JSON (an HTML page for a browser, JSON-stat), by Accept or format. */
  alternates?: readonly Alternate[];
}

/**
 * Another representation of an item: its media type (one of negotiate.ts FORMATS), its schema, and
 * either a writer of the item's view or the sealed file of the release that is it.
 */
export interface Alternate {
  type: string;
  schema: object;
  headers?: Readonly<Record<string, string>>; // sent with it (an HTML page's security policy)
  render?(view: Record<string, unknown>, release: LoadedRelease): string;
  /** The item's sealed file, sent as it is; undefined when this item has none (406: not offered). */
  sealed?(view: Record<string, unknown>, release: LoadedRelease): ServedFile | undefined;
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

  // an item with other representations answers its JSON first (a program), each other by Accept
  const alternates = family.alternates ?? [];
  const formats: string[] = ['application/json'];
  const alternateContent: Record<string, { schema: object }> = {};
  for (const a of alternates) {
    formats.push(a.type);
    alternateContent[a.type] = { schema: a.schema };
  }
  const others = formats.slice(1).join(' or ');
  const itemSchema: object = family.itemSchema; // as a plain schema: the envelope's members only
  const { description: _, ...envelope } = envelopeOf(itemSchema, `The ${family.noun}`);
  app.get<{ Params: IdParams }>(`/${family.path}/:id`, {
    ...(alternates.length ? { config: { formats } } : {}),
    schema: {
      summary: alternates.length
        ? `One ${family.noun} by canonical id: JSON, or ${others} (aliases answer 308)`
        : `One ${family.noun} by canonical id (aliases answer 308)`,
      tags: ['resources'],
      params: idParam,
      ...(alternates.length
        ? {
            querystring: {
              type: 'object',
              additionalProperties: false,
              properties: { format: formatParam(formats) },
            },
          }
        : {}),
      response: {
        200: alternates.length
          ? {
              description: `The ${family.noun}: the v1 envelope, or ${others}`,
              content: {
                'application/json': { schema: envelope },
                ...alternateContent,
              },
            }
          : envelopeOf(family.itemSchema, `The ${family.noun}`),
        ...redirectResponse,
        ...problems(
          'not_found',
          'invalid_path',
          ...(alternates.length ? (['not_acceptable'] as const) : []),
        ),
      },
    },
    handler: async (request, reply) => {
      const release = pinned(request);
      const entity = findEntity(request, reply, release, family, request.params.id);
      if (!entity) return reply.send();
      const view = family.view(entity, release);
      if (!alternates.length) return single(request, release, view);
      reply.header('vary', 'Accept');
      const type = preferredType(request, formats);
      const alternate = alternates.find((a) => a.type === type);
      if (!alternate) return single(request, release, view);
      reply.headers(alternate.headers ?? {});
      if (alternate.render)
        return reply.type(`${type}; charset=utf-8`).send(alternate.render(view, release));
      const file = alternate.sealed?.(view, release);
      if (!file)
        throw new ProblemError(
          'not_acceptable',
          `${entity.id} has no ${type} representation in release ${release.revision}; offered: ${formats.filter((f) => f !== type).join(', ')}`,
          { offered: formats.filter((f) => f !== type) },
        );
      return sendPrecomposed(request, reply, sealedAnswer(file, `${type}; charset=utf-8`));
    },
  });
}

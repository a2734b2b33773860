// JSON-stat 2.0 answers of observations (src/lib/jsonstat-cube.ts writes the cube): a page as one
// dataset, by Accept or format=jsonstat, its links absolute on the service's public origin.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  JSONSTAT_SCHEMA,
  JSONSTAT_TYPE,
  jsonStatCube,
  type JsonStatDataset,
  type StatObservation,
} from '../../lib/jsonstat-cube.js';
import { entityReaderOf } from '../../store/entity-reader.js';
import { preferredType } from '../answers/negotiate.js';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease } from '../releases/release-types.js';
import { COLLECTION_FORMATS, collectionFormatParam, collectionResponse } from './schemas.js';

export { JSONSTAT_SCHEMA, JSONSTAT_TYPE, type JsonStatDataset, type StatObservation };

export function jsonStatOf(
  release: LoadedRelease,
  observations: readonly StatObservation[],
  meta: { label: string; source: string; href?: string; next?: string | null },
): JsonStatDataset {
  const entities = entityReaderOf(release);
  const cube = jsonStatCube(
    observations,
    {
      ...meta,
      updated: release.seal.built_at,
      nameOf: (id) => entities.names(id)?.en ?? id,
      extension: { revision: release.revision },
    },
    (detail) => new ProblemError('response_too_large', detail),
  );
  return { version: '2.0', ...cube };
}

/** The observation collection's media types: JSON and CSV pages, or a page as one JSON-stat dataset. */
export const JSONSTAT_FORMATS = [...COLLECTION_FORMATS, JSONSTAT_TYPE] as const;

export const jsonStatFormat = {
  ...collectionFormatParam,
  enum: [...collectionFormatParam.enum, 'jsonstat'],
  description: `${collectionFormatParam.description} jsonstat: the same page as one JSON-stat 2.0 dataset (also Accept: ${JSONSTAT_TYPE}).`,
} as const;

/** A collection's 200 response: JSON and CSV pages (schemas.ts), and a page as JSON-stat. */
export function jsonStatResponse(item: object, description: string): object {
  const { content, ...rest } = collectionResponse(item, description) as {
    content: Record<string, object>;
  };
  return { ...rest, content: { ...content, [JSONSTAT_TYPE]: { schema: JSONSTAT_SCHEMA } } };
}

/**
 * A page of observations as one JSON-stat dataset, sent when the client asks for it (Accept or
 * format=jsonstat); null when it asks for JSON or CSV. Its links are absolute (JSON-stat's `href` is a
 * URI), on the service's public origin (front/public-origin.ts), never one a request names.
 */
export function jsonStatPage(
  request: FastifyRequest,
  reply: FastifyReply,
  release: LoadedRelease,
  observations: readonly StatObservation[],
  page: { self: string; next?: string | null; origin: string },
): FastifyReply | null {
  if (preferredType(request, JSONSTAT_FORMATS) !== JSONSTAT_TYPE) return null;
  const base = page.origin;
  const dataset = jsonStatOf(release, observations, {
    label: `Observations of release ${release.revision}`,
    source: 'Dala',
    href: `${base}${page.self}`,
    next: page.next ? `${base}${page.next}` : null,
  });
  return reply.type(`${JSONSTAT_TYPE}; charset=utf-8`).send(JSON.stringify(dataset));
}

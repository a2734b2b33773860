// Places (regions, cities of republican significance, districts) and their geometry. Every place and
// geometry keeps unit, period, geography, source and revision (docs/interface.md §2.4).
import type { FastifyInstance } from 'fastify';
import { pinned } from '../releases/pinned.js';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';
import { idSegment, single } from './envelope.js';
import {
  findEntity,
  redirectResponse,
  registerEntityFamily,
  type EntityFamily,
} from './entity-routes.js';
import {
  envelopeOf,
  idParam,
  openObject,
  problems,
  type IdParams,
  type ItemOf,
} from './schemas.js';
import type { IndexedEntity } from './search/hits.js';

export const provenanceProperties = {
  unit: {
    type: ['string', 'null'],
    description: 'Unit of the values; null for objects that carry none.',
  },
  period: { type: ['string', 'null'], description: 'The period (as-of) the record describes.' },
  geography: {
    type: ['object', 'null'],
    additionalProperties: true,
    description: 'The place the record is about.',
  },
  source: { type: ['string', 'null'], description: 'Canonical id of the source.' },
  revision: { type: 'string', description: 'The sealed release the record came from.' },
} as const;
export const provenanceRequired = [
  'unit',
  'period',
  'geography',
  'source',
  'revision',
] as const satisfies readonly (keyof typeof provenanceProperties)[];

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function placeView(prefix: string) {
  return (entity: IndexedEntity, release: LoadedRelease): Place => {
    const d = entity.data;
    return {
      ...d,
      id: entity.id,
      type: entity.type,
      names: entity.names,
      unit: str(d['unit']),
      period: str(d['period']) ?? str(d['as_of']) ?? release.seal.as_of,
      geography: { id: entity.id, iso: str(d['iso']), parent: str(d['parent']) },
      source: str(d['source']) ?? str(d['source_id']),
      revision: release.revision,
      geometry: geometryFile(release, entity)
        ? `${prefix}/places/${idSegment(entity.id)}/geometry`
        : null,
    };
  };
}

/** The boundary file of a place in the release's data tree: a district names its own file
 *  (geometry_path, data/geo/districts/<pcode>.geojson); a region has data/geo/regions/<slug>.geojson. */
function geometryFile(release: LoadedRelease, entity: IndexedEntity) {
  const own = str(entity.data['geometry_path']);
  if (own) return release.files.get(own) ?? release.files.get(`data/${own}`) ?? null;
  const slug = str(entity.data['slug']);
  if (!slug) return null;
  return (
    release.files.get(`geo/regions/${slug}.geojson`) ??
    release.files.get(`data/geo/regions/${slug}.geojson`) ??
    null
  );
}

const placeSchema = openObject(
  {
    id: { type: 'string' },
    type: { type: 'string' },
    names: { $ref: 'Names#' },
    ...provenanceProperties,
    geometry: { type: ['string', 'null'] },
  },
  ['id', 'type', 'names', ...provenanceRequired, 'geometry'],
);
type Place = ItemOf<typeof placeSchema>;

const geometrySchema = openObject(
  {
    id: { type: 'string' },
    place: { type: 'string' },
    path: { type: 'string' },
    sha256: { type: 'string' },
    media_type: { type: 'string' },
    ...provenanceProperties,
    geojson: { type: 'object', additionalProperties: true },
  },
  ['id', 'place', 'path', 'sha256', 'media_type', ...provenanceRequired, 'geojson'],
);

export async function placeRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource; basePath: string },
): Promise<void> {
  const family = {
    path: 'places',
    types: ['place', 'district'],
    idPrefix: 'place',
    noun: 'place',
    itemSchema: placeSchema,
    view: placeView(opts.basePath),
    filters: {
      type: {
        type: 'string',
        enum: ['region', 'district'],
        description:
          'region: first-level units (regions and cities of republican significance); district: second-level units.',
      },
    },
    typesFor: (query) =>
      query.type === undefined
        ? ['place', 'district']
        : query.type === 'district'
          ? ['district']
          : ['place'],
  } as const satisfies EntityFamily<
    { type: { type: 'string'; enum: readonly ['region', 'district']; description: string } },
    typeof placeSchema
  >;
  registerEntityFamily(app, family, opts);

  app.get<{ Params: IdParams }>('/places/:id/geometry', {
    schema: {
      summary: 'The boundary of a place as GeoJSON, from the sealed release',
      tags: ['resources'],
      params: idParam,
      response: {
        200: envelopeOf(geometrySchema, 'The geometry with its provenance'),
        ...redirectResponse,
        ...problems('not_found', 'invalid_path'),
      },
    },
    handler: async (request, reply) => {
      const release = pinned(request);
      const entity = findEntity(request, reply, release, family, request.params.id);
      if (!entity) return reply.send();
      const file = geometryFile(release, entity);
      if (!file)
        throw new ProblemError(
          'not_found',
          `Release ${release.revision} publishes no geometry for ${entity.id}.`,
        );
      const place = placeView(opts.basePath)(entity, release);
      return single<ItemOf<typeof geometrySchema>>(request, release, {
        id: `geometry:${entity.id}`,
        place: entity.id,
        path: `data/${file.path.replace(/^data\//, '')}`,
        sha256: file.sha256,
        media_type: file.mediaType,
        unit: null,
        period: place.period,
        geography: place.geography,
        source: place.source,
        revision: release.revision,
        geojson: JSON.parse(file.body.toString('utf8')) as Record<string, unknown>, // a GeoJSON object, checked when the release was built
      });
    },
  });
}

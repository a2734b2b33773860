// Datasets (the passport, with freshness evaluated at request time, docs/interface.md §2.1), sources, and every
// entity by id (so each search hit, institutions and persons included, has an item URL).
import type { FastifyInstance } from 'fastify';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';
import type { IndexedEntity } from './search/hits.js';
import { CITATION_SCHEMA, citationOf } from '../permalinks/citation.js';
import { registerEntityFamily } from './entity-routes.js';
import { DATASET_PAGE_HEADERS, datasetPage } from './dataset-page.js';
import { evaluateFreshness } from './freshness.js';
import { provenanceProperties } from './places.js';
import { openObject } from './schemas.js';
import {
  JSONSTAT_COLLECTION_SCHEMA,
  JSONSTAT_TYPE,
  jsonStatPathOf,
} from '../../lib/jsonstat-cube.js';
import { ENTITY_TYPES } from './response-schemas.js';

const base = {
  id: { type: 'string' },
  type: { type: 'string' },
  names: { $ref: 'Names#' },
} as const;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** An entity as the release stores it, with the revision it is served from: a source's or any entity's item. */
const asStored = () => ({
  itemSchema: openObject({ ...base, revision: { type: 'string' } }, [
    'id',
    'type',
    'names',
    'revision',
  ]),
  view: (entity: IndexedEntity, release: LoadedRelease) => ({
    ...entity.data,
    id: entity.id,
    type: entity.type,
    names: entity.names,
    revision: release.revision,
  }),
});

/** A dataset's passport as served from one release: its freshness evaluated at `now` (docs/interface.md §2.1) and how to cite it. */
export function datasetView(entity: IndexedEntity, release: LoadedRelease, now: Date) {
  return {
    ...entity.data,
    id: entity.id,
    type: entity.type,
    names: entity.names,
    unit: str(entity.data['unit']),
    period: str(entity.data['as_of']),
    geography: (entity.data['geography'] as Record<string, unknown> | undefined) ?? null, // an object in every dataset passport
    source: str(entity.data['source']),
    revision: release.revision,
    freshness: evaluateFreshness(entity.data, now),
    citation: citationOf(release, {
      id: entity.id,
      title: str(entity.data['title']) ?? entity.id,
      path: str(entity.data['path']) ?? '',
    }),
  };
}

export async function datasetRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource; now?: () => Date },
): Promise<void> {
  const now = opts.now ?? (() => new Date());
  // Freshness is evaluated at request time, so these answers are not fixed by the release alone:
  // they are kept out of the answer cache.
  await app.register(async (clocked) => {
    clocked.addHook('onRoute', (route) => {
      route.config = { ...route.config, answerCache: false };
    });
    registerEntityFamily(
      clocked,
      {
        path: 'datasets',
        types: ['dataset'],
        idPrefix: 'dataset',
        noun: 'dataset',
        itemSchema: openObject(
          {
            ...base,
            ...provenanceProperties,
            freshness: openObject(
              {
                as_of: { type: ['string', 'null'], format: 'date' },
                evaluated_at: { type: 'string', format: 'date-time' },
                sla_days: { type: 'integer', minimum: 1 },
                age_days: { type: ['integer', 'null'], minimum: 0 },
                status: { type: 'string', enum: ['fresh', 'degraded', 'stale', 'unknown'] },
                reason: { type: 'array', items: { type: 'string' } },
                historical: { type: 'boolean' },
              },
              ['as_of', 'evaluated_at', 'sla_days', 'age_days', 'status', 'reason', 'historical'],
            ),
            citation: CITATION_SCHEMA,
          },
          ['id', 'type', 'names', 'freshness', 'revision', 'citation'],
        ),
        alternates: [
          {
            type: 'text/html',
            schema: {
              type: 'string',
              description: 'The landing page, with schema.org Dataset markup',
            },
            // the view is this family's own (datasetView below)
            headers: DATASET_PAGE_HEADERS,
            render: (view, release) => datasetPage(release, view as ReturnType<typeof datasetView>),
          },
          {
            // sealed at build time (src/publish/standards/dataset-jsonstat.ts): sent, never computed
            type: JSONSTAT_TYPE,
            schema: JSONSTAT_COLLECTION_SCHEMA,
            sealed: (view, release) => {
              const path = jsonStatPathOf({ id: String(view['slug']), path: String(view['path']) });
              return path === null ? undefined : release.files.get(path);
            },
          },
        ],
        view: (entity, release) => datasetView(entity, release, now()),
      },
      opts,
    );
  });
  registerEntityFamily(
    app,
    {
      path: 'sources',
      types: ['source'],
      idPrefix: 'source',
      noun: 'source',
      ...asStored(),
    },
    opts,
  );
  registerEntityFamily(
    app,
    {
      path: 'entities',
      types: ENTITY_TYPES,
      idPrefix: 'entity',
      noun: 'entity',
      ...asStored(),
    },
    opts,
  );
}

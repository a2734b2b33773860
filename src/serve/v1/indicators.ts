// Indicators (the store's metrics) and observations (its points). Every value keeps its unit, period,
// geography, source and revision; a missing value is null with its reason, never 0 (docs/interface.md §10.2).
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';
import { storeOf, type MetricRow } from '../../store/reader.js';
import { canonicalUrl } from './aliases.js';
import { collection, idSegment, single } from './envelope.js';
import { redirectResponse } from './entity-routes.js';
import { nextCursor, openPage } from './paging.js';
import { pinned } from '../releases/pinned.js';
import { provenanceProperties, provenanceRequired } from './places.js';
import type { FromQuery } from '../interface/schemas.js';
import {
  collectionResponse,
  envelopeOf,
  idParam,
  openObject,
  pagedQuery,
  problems,
  type IdParams,
  type ItemOf,
} from './schemas.js';
import { collectionConfig, pageAnswer } from './answer.js';
import { seriesIndexOf } from '../../store/series-index.js';
import { indicatorRef, markDeprecated, type IndicatorRef } from '../dimensions/filters.js';
import { DIMENSIONS_VIEW_SCHEMA, dimensionsView, indicatorCoverage } from '../dimensions/views.js';
import { indicatorsOfTopics, TOPIC_FILTER, topicId } from './topics.js';
import { DECLARED_PROPERTIES, declaredOf } from './indicator-declared.js';

export const placeId = (code: string) => `place:${code}`;
export const stripPrefix = (value: string, prefix: string) =>
  value.startsWith(prefix + ':') ? value.slice(prefix.length + 1) : value;

/** The indicators of the store: its metrics rows that are an indicator's own (not a breakdown's). */
export const indicatorRows = (release: LoadedRelease) =>
  storeOf(release).metrics.filter((m) => seriesIndexOf(release).isIndicator(m.id));

export function indicatorView(
  release: LoadedRelease,
  m: MetricRow,
  prefix: string,
): ItemOf<typeof indicatorSchema> {
  const coverage = indicatorCoverage(release, m.id);
  return {
    id: `indicator:${m.id}`,
    metric: m.id,
    dimensions: dimensionsView(release, m.id),
    names: { en: m.name_en, ru: m.name_ru, kk: m.name_kk },
    layer: m.layer,
    topics: storeOf(release).topics.of(m.id).map(topicId),
    unit: m.unit,
    frequency: m.frequency,
    aggregation: m.aggregation,
    notes: m.notes,
    ...declaredOf(release, m.id, prefix),
    period: coverage.first && coverage.last ? `${coverage.first}/${coverage.last}` : null,
    geography: { places: coverage.places },
    source: `source:${m.source_id}`,
    revision: release.revision,
    links: {
      self: `${prefix}/indicators/${idSegment(`indicator:${m.id}`)}`,
      observations: `${prefix}/observations?indicator=${encodeURIComponent(`indicator:${m.id}`)}`,
      source: `${prefix}/sources/${idSegment(`source:${m.source_id}`)}`,
    },
  };
}

/**
 * The indicator an id names (bare or `indicator:`-prefixed; a deprecated id or a series key names its
 * indicator), with the reference the id was (to mark a deprecated one); not_found when none.
 */
export function findIndicator(
  release: LoadedRelease,
  raw: string,
): { row: MetricRow; ref: IndicatorRef | undefined } {
  const asked = stripPrefix(raw, 'indicator');
  const ref = indicatorRef(release, asked);
  const metric = ref?.indicator ?? asked;
  const row = seriesIndexOf(release).isIndicator(metric)
    ? storeOf(release).metricById.get(metric)
    : undefined;
  if (!row)
    throw new ProblemError(
      'not_found',
      `No indicator has id "${raw}" in release ${release.revision}.`,
    );
  return { row, ref };
}

export const indicatorSchema = openObject(
  {
    id: { type: 'string' },
    metric: { type: 'string' },
    names: { $ref: 'Names#' },
    frequency: { type: 'string' },
    // the topics of the scheme (/api/v1/topics) the indicator is classified in, in the scheme's order
    topics: { type: 'array', items: { type: 'string', description: 'topic:<id>' } },
    dimensions: DIMENSIONS_VIEW_SCHEMA,
    ...DECLARED_PROPERTIES,
    ...provenanceProperties,
    links: openObject(
      { self: { type: 'string' }, observations: { type: 'string' }, source: { type: 'string' } },
      ['self', 'observations', 'source'],
    ),
  },
  ['id', 'metric', 'names', 'frequency', 'topics', 'dimensions', ...provenanceRequired, 'links'],
);
const INDICATORS_QUERY = pagedQuery({ topic: TOPIC_FILTER });

export async function indicatorRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource; basePath: string },
): Promise<void> {
  const { releases, basePath: prefix } = opts;

  app.get<{ Querystring: FromQuery<typeof INDICATORS_QUERY> }>('/indicators', {
    config: collectionConfig,
    schema: {
      summary:
        'Every indicator with its unit, coverage period, geography, source and a link to its observations; JSON pages or CSV',
      tags: ['resources'],
      querystring: INDICATORS_QUERY,
      response: {
        200: collectionResponse(indicatorSchema, 'A page of indicators, JSON or CSV'),
        ...problems(
          'invalid_limit',
          'invalid_cursor',
          'unknown_release',
          'not_acceptable',
          'unknown_topic',
        ),
      },
    },
    handler: async (request, reply) => {
      const page = await openPage(request, releases, request.query);
      const { topic } = request.query;
      const all =
        topic === undefined
          ? indicatorRows(page.release)
          : indicatorsOfTopics(page.release, indicatorRows(page.release), topic);
      const total = all.length;
      const rows = all.slice(page.offset, page.offset + page.limit);
      return pageAnswer(
        request,
        reply,
        collection(
          request,
          page.release,
          rows.map((m) => indicatorView(page.release, m, prefix)),
          total,
          nextCursor(page, total),
          { page },
        ),
      );
    },
  });

  app.get<{ Params: IdParams }>('/indicators/:id', {
    schema: {
      summary: 'One indicator by canonical id (indicator:<id>; the bare id answers 308)',
      tags: ['resources'],
      params: idParam,
      response: {
        200: envelopeOf(indicatorSchema, 'The indicator'),
        ...redirectResponse,
        ...problems('not_found', 'invalid_path'),
      },
    },
    handler: async (request, reply) => {
      const release = pinned(request);
      const raw = request.params.id;
      const { row, ref } = findIndicator(release, raw);
      // a deprecated id (a former indicator, now one breakdown) answers 308 to its indicator, marked deprecated
      if (ref?.deprecated)
        markDeprecated(
          reply,
          [ref],
          (id) => `${prefix}/indicators/${idSegment(`indicator:${id}`)}`,
        );
      if (raw !== `indicator:${row.id}`)
        return reply
          .code(308)
          .header('location', canonicalUrl(request.url, raw, `indicator:${row.id}`))
          .send();
      return single(request, release, indicatorView(release, row, prefix));
    },
  });
}

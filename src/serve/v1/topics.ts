// The topic scheme (sources/topics.json: the Bureau's statistical domains and the SDG goals) and the
// indicators of each topic: /api/v1/topics, and the topic filter of /api/v1/indicators. A topic the
// release does not hold is refused with the topics it does (docs/interface.md §10.5).
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';
import { storeOf, type MetricRow } from '../../store/reader.js';
import type { FromQuery } from '../interface/schemas.js';
import { collectionConfig, pageAnswer } from './answer.js';
import { collection } from './envelope.js';
import { nextCursor, openPage } from './paging.js';
import { collectionResponse, openObject, pagedQuery, problems } from './schemas.js';

/** The indicators of one topic, in the store's order; unknown_topic, naming the allowed ones, when the release has no such topic. */
export function indicatorsOfTopic(
  release: LoadedRelease,
  rows: readonly MetricRow[],
  topic: string,
): MetricRow[] {
  const store = storeOf(release);
  if (!store.topics.some((t) => t.id === topic)) {
    const allowed = store.topics.map((t) => t.id);
    throw new ProblemError(
      'unknown_topic',
      `query parameter "topic": ${JSON.stringify(topic)} is not a topic of release ${release.revision}; allowed: ${allowed.join(', ')}`,
      { parameter: 'topic', allowed_values: allowed },
    );
  }
  return rows.filter((m) => store.topicsOf.get(m.id)?.includes(topic));
}

export const topicSchema = openObject(
  {
    id: { type: 'string' },
    kind: { type: 'string', enum: ['domain', 'sdg-goal'] },
    names: { $ref: 'Names#' },
    indicators: { type: 'integer', minimum: 0 },
    revision: { type: 'string' },
    links: openObject({ indicators: { type: 'string' } }, ['indicators']),
  },
  ['id', 'kind', 'names', 'indicators', 'revision', 'links'],
);
const TOPICS_QUERY = pagedQuery();

export async function topicRoutes(
  app: FastifyInstance,
  opts: { releases: ReleaseSource; basePath: string },
): Promise<void> {
  const { releases, basePath: prefix } = opts;
  app.get<{ Querystring: FromQuery<typeof TOPICS_QUERY> }>('/topics', {
    config: collectionConfig,
    schema: {
      summary:
        'The topics indicators are classified in (statistical domains, SDG goals), each with its number of indicators and a link to them; JSON pages or CSV',
      tags: ['resources'],
      querystring: TOPICS_QUERY,
      response: {
        200: collectionResponse(topicSchema, 'A page of topics, JSON or CSV'),
        ...problems('invalid_limit', 'invalid_cursor', 'unknown_release', 'not_acceptable'),
      },
    },
    handler: async (request, reply) => {
      const page = await openPage(request, releases, request.query);
      const store = storeOf(page.release);
      const counts = new Map<string, number>();
      for (const topics of store.topicsOf.values())
        for (const t of topics) counts.set(t, (counts.get(t) ?? 0) + 1);
      const total = store.topics.length;
      const rows = store.topics.slice(page.offset, page.offset + page.limit).map((t) => ({
        id: t.id,
        kind: t.kind,
        names: { en: t.name_en, ru: t.name_ru, kk: t.name_kk },
        indicators: counts.get(t.id) ?? 0,
        revision: page.release.revision,
        links: { indicators: `${prefix}/indicators?topic=${encodeURIComponent(t.id)}` },
      }));
      return pageAnswer(
        request,
        reply,
        collection(request, page.release, rows, total, nextCursor(page, total), { page }),
      );
    },
  });
}

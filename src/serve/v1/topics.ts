// The topic scheme (sources/topics.json: the Bureau's statistical domains and the SDG goals) and the
// indicators of each topic: /api/v1/topics, /api/v1/topics/{id}, and the topic filter of
// /api/v1/indicators. Several topics in the filter answer the indicators of any of them, as several
// indicators or places do in /observations; a topic the release does not hold is refused with the
// topics it does (docs/interface.md §4.4, §10.5).
import type { FastifyInstance } from 'fastify';
import { ProblemError } from '../problems/errors.js';
import type { LoadedRelease, ReleaseSource } from '../releases/release-types.js';
import { pinned } from '../releases/pinned.js';
import { storeOf, type MetricRow, type TopicRow } from '../../store/reader.js';
import type { FromQuery } from '../interface/schemas.js';
import { canonicalUrl } from './aliases.js';
import { collectionConfig, pageAnswer } from './answer.js';
import { collection, idSegment, single } from './envelope.js';
import { topicSchema } from './response-schemas.js';
import { redirectResponse } from './entity-routes.js';
import { nextCursor, openPage } from './paging.js';
import {
  collectionResponse,
  envelopeOf,
  idParam,
  pagedQuery,
  problems,
  type IdParams,
  type ItemOf,
} from './schemas.js';

export const topicId = (id: string) => `topic:${id}`;
const bare = (raw: string) => (raw.startsWith('topic:') ? raw.slice('topic:'.length) : raw);

/** The topic filter of /indicators: topic ids (topic:<id> or bare), repeated or comma-separated. */
export const TOPIC_FILTER = {
  type: 'array',
  maxItems: 50,
  items: { type: 'string', minLength: 1, maxLength: 200 },
  description:
    'Only the indicators of these topics (ids of /api/v1/topics, topic:<id> or the bare id); several: repeat the parameter or separate with commas, and an indicator of any of them is answered.',
} as const;

/** The indicators of any of the topics asked, in the store's order; unknown_topic, naming the allowed ones, for a topic the release does not hold. */
export function indicatorsOfTopics(
  release: LoadedRelease,
  rows: readonly MetricRow[],
  asked: readonly string[],
): MetricRow[] {
  const topics = storeOf(release).topics;
  const wanted = new Set<string>();
  for (const raw of asked.flatMap((v) => v.split(',')).map((v) => v.trim())) {
    if (!raw) continue;
    if (!topics.byId.has(bare(raw))) {
      const allowed = topics.topics.map((t) => topicId(t.id));
      throw new ProblemError(
        'unknown_topic',
        `query parameter "topic": ${JSON.stringify(raw)} is not a topic of release ${release.revision}; allowed: ${allowed.join(', ')}`,
        { parameter: 'topic', allowed_values: allowed },
      );
    }
    wanted.add(bare(raw));
  }
  return rows.filter((m) => topics.of(m.id).some((t) => wanted.has(t)));
}

function topicView(
  release: LoadedRelease,
  t: TopicRow,
  prefix: string,
): ItemOf<typeof topicSchema> {
  const indicators = storeOf(release)
    .topics.indicatorsOf(t.id)
    .map((i) => `indicator:${i}`);
  return {
    id: topicId(t.id),
    kind: t.kind as 'domain' | 'sdg-goal',
    notation: t.notation,
    names: { en: t.name_en, ru: t.name_ru, kk: t.name_kk },
    indicators,
    indicator_count: indicators.length,
    source_url: t.source_url,
    revision: release.revision,
    links: {
      self: `${prefix}/topics/${idSegment(topicId(t.id))}`,
      indicators: `${prefix}/indicators?topic=${encodeURIComponent(topicId(t.id))}`,
    },
  };
}

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
        "The topics indicators are classified in (statistical domains, SDG goals) in the scheme's order, each with its indicators and a link to them; JSON pages or CSV",
      tags: ['resources'],
      querystring: TOPICS_QUERY,
      response: {
        200: collectionResponse(topicSchema, 'A page of topics, JSON or CSV'),
        ...problems('invalid_limit', 'invalid_cursor', 'unknown_release', 'not_acceptable'),
      },
    },
    handler: async (request, reply) => {
      const page = await openPage(request, releases, request.query);
      const all = storeOf(page.release).topics.topics;
      const total = all.length;
      const rows = all
        .slice(page.offset, page.offset + page.limit)
        .map((t) => topicView(page.release, t, prefix));
      return pageAnswer(
        request,
        reply,
        collection(request, page.release, rows, total, nextCursor(page, total), { page }),
      );
    },
  });

  app.get<{ Params: IdParams }>('/topics/:id', {
    schema: {
      summary:
        'One topic by canonical id (topic:<id>; the bare id answers 308), with its indicators',
      tags: ['resources'],
      params: idParam,
      response: {
        200: envelopeOf(topicSchema, 'The topic'),
        ...redirectResponse,
        ...problems('not_found', 'invalid_path'),
      },
    },
    handler: async (request, reply) => {
      const release = pinned(request);
      const raw = request.params.id;
      const row = storeOf(release).topics.byId.get(bare(raw));
      if (!row)
        throw new ProblemError(
          'not_found',
          `No topic has id "${raw}" in release ${release.revision}.`,
        );
      if (raw !== topicId(row.id))
        return reply
          .code(308)
          .header('location', canonicalUrl(request.url, raw, topicId(row.id)))
          .send();
      return single(request, release, topicView(release, row, prefix));
    },
  });
}

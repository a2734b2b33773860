// /api/timemachine/: the nine time-slice routes of docs/interface.md §4.3, each answering from the release pinned
// for the request. Query rules live in query.ts (validated by Fastify, mapped by problem-handler.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendCsv, type CsvRecords, type CsvTable } from '../answers/csv.js';
import { RawJson, answerBytes, type WithRawJson } from '../answers/raw-json.js';
import { formatParam, preferredType } from '../answers/negotiate.js';
import { problems, type FromQuery } from '../interface/schemas.js';
import { pinned } from '../releases/pinned.js';
import type { ReleaseSource } from '../releases/release-types.js';
import { eventBatch, eventsPage, nextPageUrl, type EventsQuery } from './events.js';
import { health, layers, stats, temporalContracts } from './info.js';
import {
  EVENTS_QUERY,
  LAYERS_QUERY,
  NO_QUERY,
  SERIES_QUERY,
  SNAPSHOT_DIFF_QUERY,
  SNAPSHOT_QUERY,
  type SeriesQuery,
} from './query.js';
import { ANSWER_POINT_SCHEMA } from '../../store/series-answer-schema.js';
import { RESPONSES } from './schemas.js';
import { composedSeries, series, seriesRef, storedWhole } from './series.js';
import { MAX_SERIES_POINTS, seriesWindow } from './series-window.js';
import { markDeprecated } from '../dimensions/filters.js';
import { RouteMadeAnswer } from '../answers/route-made.js';
import { CachedAnswer } from '../answers/cache.js';
import { sendPrecomposed } from '../answers/hooks.js';
import { acceptsCompression, acceptsGzip } from '../data/encoding.js';
import { snapshotAnswer, snapshotCsv } from './snapshot.js';
import { answerDimensions, seriesColumns } from '../dimensions/csv-columns.js';
import { snapshotDiff } from './snapshot-diff.js';

// Answers change only with a release (health too: it reports the release, not live load).
const CACHE_CONTROL = 'public, max-age=60, must-revalidate';

export async function timemachinePlugin(
  app: FastifyInstance,
  opts: { releases: ReleaseSource; maxSeriesPoints?: number },
): Promise<void> {
  const maxSeriesPoints = opts.maxSeriesPoints ?? MAX_SERIES_POINTS;
  // Every answer negotiates its media type (406 when none fits); the time-slice answers that are
  // tables also come as CSV (Accept: text/csv or format=csv), one row per point or event.
  // The handler's query type is derived from the querystring schema the route registers, and what it
  // returns must be of the type derived from the response schema (any array may come pre-serialised).
  const route = <Q, B>(
    path: string,
    summary: string,
    querystring: Q,
    body: B,
    // or, for a JSON answer, its representations already made (src/serve/answers/precomposed.ts)
    answer: (
      req: FastifyRequest,
      query: FromQuery<NoInfer<Q>>,
      reply: FastifyReply,
    ) =>
      | WithRawJson<FromQuery<NoInfer<B>>>
      | RouteMadeAnswer
      | CachedAnswer
      | Promise<WithRawJson<FromQuery<NoInfer<B>>>>,
    table?: (value: any, req: FastifyRequest) => CsvTable,
    // the CSV made from the query when its rows need not come from the JSON answer's value
    tableOf?: (req: FastifyRequest, query: FromQuery<NoInfer<Q>>) => CsvTable | CsvRecords,
  ) => {
    const tabular = table !== undefined || tableOf !== undefined;
    const offered = tabular ? ['application/json', 'text/csv'] : ['application/json'];
    const q = querystring as { properties?: Record<string, unknown> };
    const run = answer as (req: FastifyRequest, query: unknown, reply: FastifyReply) => unknown;
    const withFormat = tabular
      ? { ...q, properties: { ...q.properties, format: formatParam(offered) } }
      : querystring;
    const content: Record<string, object> = { 'application/json': { schema: body } };
    if (tabular)
      content['text/csv'] = {
        schema: {
          type: 'string',
          description:
            "One row per point (series: per place and period) or event; after its own columns, its series (metric, for a series answer), indicator and one column per dimension of the answer's indicators (the code, _T for the total, empty where an indicator has none)",
        },
      };
    return app.get(
      path,
      {
        schema: {
          tags: ['timemachine'],
          summary,
          querystring: withFormat,
          response: {
            200: { description: summary, content },
            ...problems(
              'invalid_parameter',
              'missing_parameter',
              'invalid_date',
              'invalid_date_range',
              'unknown_layer',
              'unknown_metric',
              'unknown_topic',
              'invalid_granularity',
              'unknown_dimension_code',
              'dimension_not_applicable',
              'not_found',
              'not_acceptable',
            ),
          },
        },
      },
      async (req, reply) => {
        const type = preferredType(req, offered);
        // Fastify has validated the query against `querystring` (plus format) before this runs
        const csv = type === 'text/csv' && tabular;
        const made = csv && tableOf ? tableOf(req, req.query as FromQuery<NoInfer<Q>>) : undefined;
        const value = made ?? (await run(req, req.query, reply));
        reply.header('cache-control', CACHE_CONTROL).header('vary', 'Accept');
        if (value instanceof RouteMadeAnswer || value instanceof CachedAnswer)
          return sendPrecomposed(req, reply, value);
        if (csv) {
          return sendCsv(reply, made ?? table!(value, req), `${path.slice(1)}.csv`);
        }
        return reply.type('application/json; charset=utf-8').send(answerBytes(value));
      },
    );
  };
  // one row per place and period; the series' key, indicator and codes in the columns after them
  const seriesRows = function* (value: { series: { place: string; points: RawJson }[] }) {
    for (const s of value.series)
      for (const p of s.points.parsed<Record<string, unknown>[]>()) yield { place: s.place, ...p };
  };
  const seriesTable = (
    value: { metric: { id: string }; series: { place: string; points: RawJson }[] },
    req: FastifyRequest,
  ): CsvTable => {
    const key = value.metric.id;
    // the header of an answer without points too (a bucket's periods only when asked for)
    const withPeriods = (req.query as SeriesQuery).include?.split(',').includes('from_periods');
    const columns = [
      'place',
      ...Object.keys(ANSWER_POINT_SCHEMA.properties).filter(
        (c) => withPeriods || c !== 'from_periods',
      ),
    ];
    return {
      rows: seriesRows(value),
      columns,
      trailing: seriesColumns(pinned(req), answerDimensions(pinned(req), [key]), () => key, true),
    };
  };

  route(
    '/snapshot',
    'Metrics at a date',
    SNAPSHOT_QUERY,
    RESPONSES.snapshot,
    (req, query) => {
      const compressed =
        preferredType(req, ['application/json', 'text/csv']) === 'application/json' &&
        acceptsCompression(req.headers['accept-encoding']);
      return snapshotAnswer(pinned(req), query, compressed);
    },
    undefined,
    (req, query) => snapshotCsv(pinned(req), query),
  );
  route(
    '/series',
    `Time series of one metric, at most ${maxSeriesPoints} buckets an answer (a longer series comes a window at a time, the next one linked with rel="next"), except a series the release stores whole (by month, quarter or year), which is answered whole`,
    SERIES_QUERY,
    RESPONSES.series,
    (req, query, reply) => {
      // a deprecated id answers its series with RFC 9745 Deprecation and its indicator as successor
      const { ref } = seriesRef(pinned(req), query);
      if (ref) markDeprecated(reply, [ref], (id) => `/api/v1/indicators/indicator:${id}`);
      const at = req.url.indexOf('?');
      // A series the release stores whole (its answer composed at build) is answered whole in every
      // representation: its size was fixed when the release was sealed, and cutting it would make a
      // client follow many windows, each computed per request, for what storage answers at once.
      const whole = storedWhole(pinned(req), query);
      const span = whole
        ? { query, next: null }
        : seriesWindow(
            pinned(req),
            query,
            '/api/timemachine/series',
            at < 0 ? '' : req.url.slice(at + 1),
            maxSeriesPoints,
          );
      if (span.next) reply.header('link', `<${span.next}>; rel="next"`);
      const composed =
        whole &&
        preferredType(req, ['application/json', 'text/csv']) === 'application/json' &&
        acceptsGzip(req.headers['accept-encoding']);
      return (
        (composed && composedSeries(pinned(req), query)) ||
        series(pinned(req), span.query, span.next)
      );
    },
    seriesTable,
  );
  // A page of events or of the diff; the next page's URL goes in the Link header (RFC 8288).
  const page = (req: FastifyRequest, q: EventsQuery, reply: FastifyReply, path: string) => {
    const p = eventsPage(pinned(req), q);
    const next = nextPageUrl(`/api/timemachine${path}`, q, p.next);
    if (next) reply.header('link', `<${next}>; rel="next"`);
    return p;
  };
  route(
    '/events',
    'Verified events sorted by date then id, a page at a time',
    EVENTS_QUERY,
    RESPONSES.events,
    (req, q, reply) => page(req, q, reply, '/events').events,
    (v) => ({ rows: v }),
  );
  route(
    '/event-batch',
    'TemporalEventBatch (a page of events) with a content hash',
    EVENTS_QUERY,
    RESPONSES.eventBatch,
    (req, q, reply) => eventBatch(pinned(req), page(req, q, reply, '/event-batch')),
  );
  route(
    '/snapshot-diff',
    'TemporalSnapshotDiff against the predecessor release, a page of series at a time',
    SNAPSHOT_DIFF_QUERY,
    RESPONSES.snapshotDiff,
    async (req, q, reply) => {
      const diff = await snapshotDiff(pinned(req), opts.releases, q);
      if (diff.next_after)
        reply.header(
          'link',
          `</api/timemachine/snapshot-diff?after=${diff.next_after}>; rel="next"`,
        );
      return diff;
    },
  );
  route(
    '/health',
    'Quality and mode of the time-slice service',
    NO_QUERY,
    RESPONSES.health,
    (req) => health(pinned(req)),
  );
  route(
    '/temporal-contracts',
    'Contract versions and compute environment',
    NO_QUERY,
    RESPONSES.temporalContracts,
    (req) => temporalContracts(pinned(req)),
  );
  route('/stats', 'Statistics of the temporal data', NO_QUERY, RESPONSES.stats, (req) =>
    stats(pinned(req)),
  );
  route(
    '/layers',
    'Reference list of layers and their metrics (every series; with topic, of those topics only)',
    LAYERS_QUERY,
    RESPONSES.layers,
    (req, q) => layers(pinned(req), q.topic),
  );
}

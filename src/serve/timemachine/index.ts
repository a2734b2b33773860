// /api/timemachine/: the nine time-slice routes of SPEC 4.3, each answering from the release pinned
// for the request. Query rules live in query.ts (validated by Fastify, mapped by problem-handler.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendCsv } from '../csv.js';
import { RawJson, stringifyAnswer } from '../raw-json.js';
import { formatParam, preferredType } from '../negotiate.js';
import { problems, type FromQuery } from '../schemas.js';
import { pinned } from '../pinned.js';
import type { ReleaseSource } from '../release-types.js';
import { eventBatch, events } from './events.js';
import { health, layers, stats, temporalContracts } from './info.js';
import { NO_QUERY, SERIES_QUERY, SNAPSHOT_QUERY } from './query.js';
import { RESPONSES } from './schemas.js';
import { series } from './series.js';
import { snapshot } from './snapshot.js';
import { snapshotDiff } from './snapshot-diff.js';

// Answers change only with a release (health too: it reports the release, not live load).
const CACHE_CONTROL = 'public, max-age=60, must-revalidate';

export async function timemachinePlugin(app: FastifyInstance, opts: { releases: ReleaseSource }): Promise<void> {
  // Every answer negotiates its media type (406 when none fits); the time-slice answers that are
  // tables also come as CSV (Accept: text/csv or format=csv), one row per point or event.
  // The handler's query type is derived from the querystring schema the route registers.
  const route = <Q,>(path: string, summary: string, querystring: Q, body: object, answer: (req: FastifyRequest, query: FromQuery<NoInfer<Q>>) => unknown, table?: (value: any) => Iterable<Record<string, unknown>>) => {
    const offered = table ? ['application/json', 'text/csv'] : ['application/json'];
    const q = querystring as { properties?: Record<string, unknown> };
    const run = answer as (req: FastifyRequest, query: unknown) => unknown;
    const withFormat = table ? { ...q, properties: { ...q.properties, format: formatParam(offered) } } : querystring;
    const content: Record<string, object> = { 'application/json': { schema: body } };
    if (table) content['text/csv'] = { schema: { type: 'string', description: 'One row per point (series: per place and period) or event' } };
    return app.get(
      path,
      { schema: { tags: ['timemachine'], summary, querystring: withFormat, response: { 200: { description: summary, content }, ...problems('invalid_parameter', 'missing_parameter', 'invalid_date', 'invalid_date_range', 'unknown_layer', 'unknown_metric', 'invalid_granularity', 'not_found', 'not_acceptable') } } },
      async (req, reply) => {
        const type = preferredType(req, offered);
        // Fastify has validated the query against `querystring` (plus format) before this runs
        const value = await run(req, req.query);
        reply.header('cache-control', CACHE_CONTROL).header('vary', 'Accept');
        if (type === 'text/csv' && table) return sendCsv(reply, table(value), { filename: `${path.slice(1)}.csv` });
        return reply.type('application/json; charset=utf-8').send(stringifyAnswer(value));
      },
    );
  };
  const seriesRows = function* (value: { series: { place: string; points: RawJson }[] }) {
    for (const s of value.series) for (const p of s.points.parsed<Record<string, unknown>[]>()) yield { place: s.place, ...p };
  };

  route('/snapshot', 'Metrics at a date', SNAPSHOT_QUERY, RESPONSES.snapshot, (req, query) => snapshot(pinned(req), query), (v) => (v.points as RawJson).parsed<Record<string, unknown>[]>());
  route('/series', 'Time series of one metric', SERIES_QUERY, RESPONSES.series, (req, query) => series(pinned(req), query), seriesRows);
  route('/events', 'Verified events sorted by date then id', NO_QUERY, RESPONSES.events, (req) => events(pinned(req)), (v) => v);
  route('/event-batch', 'TemporalEventBatch with a content hash', NO_QUERY, RESPONSES.eventBatch, (req) => eventBatch(pinned(req)));
  route('/snapshot-diff', 'TemporalSnapshotDiff against the predecessor release', NO_QUERY, RESPONSES.snapshotDiff, (req) => snapshotDiff(pinned(req), opts.releases));
  route('/health', 'Quality and mode of the time-slice service', NO_QUERY, RESPONSES.health, (req) => health(pinned(req)));
  route('/temporal-contracts', 'Contract versions and compute environment', NO_QUERY, RESPONSES.temporalContracts, (req) => temporalContracts(pinned(req)));
  route('/stats', 'Statistics of the temporal data', NO_QUERY, RESPONSES.stats, (req) => stats(pinned(req)));
  route('/layers', 'Reference list of layers and their metrics', NO_QUERY, RESPONSES.layers, (req) => layers(pinned(req)));
}

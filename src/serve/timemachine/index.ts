// /api/timemachine/: the nine time-slice routes of SPEC 4.3, each answering from the release pinned
// for the request. Query rules live in query.ts (validated by Fastify, mapped by problem-handler.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PROBLEM_RESPONSES } from '../openapi.js';
import { pinned } from '../pinned.js';
import type { ReleaseSource } from '../release-types.js';
import { eventBatch, events } from './events.js';
import { health, layers, stats, temporalContracts } from './info.js';
import { NO_QUERY, SERIES_QUERY, SNAPSHOT_QUERY } from './query.js';
import { RESPONSES } from './schemas.js';
import { series, type SeriesQuery } from './series.js';
import { snapshot, type SnapshotQuery } from './snapshot.js';
import { snapshotDiff } from './snapshot-diff.js';

// Answers change only with a release (health too: it reports the release, not live load).
const CACHE_CONTROL = 'public, max-age=60, must-revalidate';

export async function timemachinePlugin(app: FastifyInstance, opts: { releases: ReleaseSource }): Promise<void> {
  const route = (path: string, summary: string, querystring: object, body: object, answer: (req: FastifyRequest) => unknown) =>
    app.get(
      path,
      { schema: { tags: ['timemachine'], summary, querystring, response: { 200: { description: summary, content: { 'application/json': { schema: body } } }, ...PROBLEM_RESPONSES } } },
      async (req, reply) => {
        const value = await answer(req);
        return reply.header('cache-control', CACHE_CONTROL).type('application/json; charset=utf-8').send(JSON.stringify(value));
      },
    );

  route('/snapshot', 'Metrics at a date', SNAPSHOT_QUERY, RESPONSES.snapshot, (req) => snapshot(pinned(req), req.query as SnapshotQuery));
  route('/series', 'Time series of one metric', SERIES_QUERY, RESPONSES.series, (req) => series(pinned(req), req.query as SeriesQuery));
  route('/events', 'Verified events sorted by date then id', NO_QUERY, RESPONSES.events, (req) => events(pinned(req)));
  route('/event-batch', 'TemporalEventBatch with a content hash', NO_QUERY, RESPONSES.eventBatch, (req) => eventBatch(pinned(req)));
  route('/snapshot-diff', 'TemporalSnapshotDiff against the predecessor release', NO_QUERY, RESPONSES.snapshotDiff, (req) => snapshotDiff(pinned(req), opts.releases));
  route('/health', 'Quality and mode of the time-slice service', NO_QUERY, RESPONSES.health, (req) => health(pinned(req)));
  route('/temporal-contracts', 'Contract versions and compute environment', NO_QUERY, RESPONSES.temporalContracts, (req) => temporalContracts(pinned(req)));
  route('/stats', 'Statistics of the temporal data', NO_QUERY, RESPONSES.stats, (req) => stats(pinned(req)));
  route('/layers', 'Reference list of layers and their metrics', NO_QUERY, RESPONSES.layers, (req) => layers(pinned(req)));
}

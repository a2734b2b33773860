// GET /health (docs/interface.md §4.4, §8): readiness. Registered in its own context, a sibling of the rate-limited
// one, so it is outside the limit by construction rather than by an exemption list.
import type { FastifyInstance } from 'fastify';
import type { ReleaseSource } from '../releases/release-types.js';
import { WORKER_SCHEMA, type WorkersReport } from '../cluster/worker-status.js';
import { single } from './envelope.js';
import { pinned } from '../releases/pinned.js';
import { envelopeOf, openObject, problems, type ItemOf } from './schemas.js';

export interface HealthOptions {
  releases: ReleaseSource;
  /** Further conditions that degrade service without stopping it (e.g. the rate limit's Redis lost). */
  degradations?: () => string[];
  /** The serving processes (one, or each worker of `dala serve` with DALA_WORKERS > 1, gathered by the primary). */
  workers?: () => Promise<WorkersReport>;
}

const READY = openObject(
  {
    status: { type: 'string', enum: ['ready', 'verifying', 'degraded'] },
    reasons: { type: 'array', items: { type: 'string' } },
    revision: { type: 'string' },
    as_of: { type: 'string' },
    built_at: { type: 'string' },
    workers: {
      type: 'array',
      items: WORKER_SCHEMA,
      description:
        'Every serving process on this port: the one answering alone, or each worker when DALA_WORKERS > 1 (a restarting worker is missing, with a reason). The top-level status is verifying while any listed process verifies its store.',
    },
  },
  ['status', 'reasons', 'revision', 'as_of', 'built_at', 'workers'],
);

export async function healthRoutes(app: FastifyInstance, opts: HealthOptions): Promise<void> {
  app.get('/health', {
    schema: {
      summary:
        'Readiness: 200 while a sealed release is served (status verifying, with a reason, while its store is still being verified at start: /data/ answers, store-backed routes answer 503 store_verifying; degraded, with reasons, when a newer release was refused or a dependency is lost), 503 no_release otherwise; never rate limited',
      tags: ['health'],
      response: {
        200: envelopeOf(READY, 'Ready'),
        ...problems(),
      },
    },
    handler: async (request) => {
      const release = pinned(request);
      const { workers, reasons: workerReasons } = opts.workers
        ? await opts.workers()
        : { workers: [], reasons: [] };
      const reasons = [
        ...(opts.releases.status?.().reasons ?? []),
        ...(opts.degradations?.() ?? []),
        ...workerReasons,
      ];
      const verifying =
        opts.releases.status?.().state === 'verifying' ||
        workers.some((w) => w.status === 'verifying');
      const status = verifying ? 'verifying' : reasons.length ? 'degraded' : 'ready';
      return single<ItemOf<typeof READY>>(request, release, {
        status,
        reasons,
        revision: release.revision,
        as_of: release.seal.as_of,
        built_at: release.seal.built_at,
        workers,
      });
    },
  });
}

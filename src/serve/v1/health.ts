// GET /health (SPEC 4.4, 8): readiness. Registered in its own context, a sibling of the rate-limited
// one, so it is outside the limit by construction rather than by an exemption list.
import type { FastifyInstance } from 'fastify';
import type { ReleaseSource } from '../release-types.js';
import { single } from './envelope.js';
import { takeRelease } from './paging.js';
import { envelopeOf, openObject, problems, type ItemOf } from './schemas.js';

export interface HealthOptions {
  releases: ReleaseSource;
  /** Further conditions that degrade service without stopping it (e.g. the rate limit's Redis lost). */
  degradations?: () => string[];
}

const READY = openObject(
  { status: { type: 'string', enum: ['ready', 'verifying', 'degraded'] }, reasons: { type: 'array', items: { type: 'string' } }, revision: { type: 'string' }, as_of: { type: 'string' }, built_at: { type: 'string' } },
  ['status', 'reasons', 'revision', 'as_of', 'built_at'],
);

export async function healthRoutes(app: FastifyInstance, opts: HealthOptions): Promise<void> {
  app.get('/health', {
    schema: {
      summary: 'Readiness: 200 while a sealed release is served (status verifying, with a reason, while its store is still being verified at start: /data/ answers, store-backed routes answer 503 store_verifying; degraded, with reasons, when a newer release was refused or a dependency is lost), 503 no_release otherwise; never rate limited',
      tags: ['health'],
      response: {
        200: envelopeOf(READY, 'Ready'),
        ...problems(),
      },
    },
    handler: async (request) => {
      const release = takeRelease(request, opts.releases);
      const reasons = [...(opts.releases.status?.().reasons ?? []), ...(opts.degradations?.() ?? [])];
      const status = opts.releases.status?.().state === 'verifying' ? 'verifying' : reasons.length ? 'degraded' : 'ready';
      return single<ItemOf<typeof READY>>(request, release, { status, reasons, revision: release.revision, as_of: release.seal.as_of, built_at: release.seal.built_at });
    },
  });
}

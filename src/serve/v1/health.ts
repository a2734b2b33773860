// GET /health (SPEC 4.4, 8): readiness. Registered in its own context, a sibling of the rate-limited
// one, so it is outside the limit by construction rather than by an exemption list.
import type { FastifyInstance } from 'fastify';
import type { ReleaseSource } from '../release-types.js';
import { single } from './envelope.js';
import { takeRelease } from './paging.js';
import { envelopeOf, openObject, problems } from './schemas.js';

export async function healthRoutes(app: FastifyInstance, opts: { releases: ReleaseSource }): Promise<void> {
  app.get('/health', {
    schema: {
      summary: 'Readiness: 200 while a sealed release is served, 503 no_release otherwise; never rate limited',
      tags: ['health'],
      response: {
        200: envelopeOf(
          openObject({ status: { type: 'string', enum: ['ready'] }, revision: { type: 'string' }, as_of: { type: 'string' }, built_at: { type: 'string' } }, ['status', 'revision', 'as_of', 'built_at']),
          'Ready',
        ),
        ...problems(),
      },
    },
    handler: async (request) => {
      const release = takeRelease(request, opts.releases);
      return single(request, release, { status: 'ready', revision: release.revision, as_of: release.seal.as_of, built_at: release.seal.built_at });
    },
  });
}

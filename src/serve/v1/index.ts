// The /api/v1/ facade (docs/interface.md §4.4) as one encapsulated Fastify plugin. Its rate limit, 16 KiB body limit
// and JSON-only body parsing (docs/interface.md §8) live in this context only; /health sits in a sibling context
// that never sees the limiter hook. Errors go through the app's one problem handler. Register with
// { prefix: '/api/v1' }.
import type { FastifyPluginAsync } from 'fastify';
import type { Budget } from '../rate-limit/budget.js';
import { AnswerCache } from '../answers/cache.js';
import type { Admission } from '../load/admission.js';
import type { WorkersReport } from '../cluster/worker-status.js';
import { installAnswerCache } from '../answers/hooks.js';
import type { ReleaseSource } from '../releases/release-types.js';
import { catalogRoutes } from '../catalog/routes.js';
import { datasetRoutes } from './datasets.js';
import { negotiationHook } from './answer.js';
import { linkHeaderOf } from './envelope.js';
import { healthRoutes } from './health.js';
import { jsonBodyParser } from './json-body.js';
import { indicatorRoutes } from './indicators.js';
import { observationRoutes } from './observations.js';
import { openapiRoutes } from './openapi.js';
import { placeRoutes } from './places.js';
import { reconcileRoutes } from './reconcile.js';
import { recordRoutes } from './records.js';
import { releaseRoutes } from './releases.js';
import { resolveRoutes } from './resolve.js';
import { searchRoutes } from './search.js';
import { topicRoutes } from './topics.js';

export const V1_BODY_LIMIT = 16 * 1024; // docs/interface.md §8

export interface V1Options {
  releases: ReleaseSource;
  /** The rate-limit budget per client address, shared with /mcp (src/serve/rate-limit/budget.ts). */
  budget: Budget;
  /** Cache of immutable answers, consulted after the rate limit (so every request is counted). */
  answerCache?: AnswerCache;
  /** Admission of answers that cost work, consulted after the answer cache (src/serve/load/admission.ts). */
  admission?: Admission;
  /** The serving processes health lists (src/serve/cluster/). */
  workers?: () => Promise<WorkersReport>;
  /** The origin absolute URLs start with (src/serve/front/public-origin.ts); never a request header. */
  publicOrigin?: () => string;
  /** Clock for the freshness evaluation; tests pin it. */
  now?: () => Date;
}

export const v1Plugin: FastifyPluginAsync<V1Options> = async (app, opts) => {
  const prefix = app.prefix;
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= V1_BODY_LIMIT;
  });
  // The envelope's links also travel as a Link header (RFC 8288), so clients need not parse bodies.
  negotiationHook(app);
  app.addHook('onSend', async (request, reply, payload) => {
    const link = linkHeaderOf(request);
    // a successor-version link (an answer reached through a deprecated id) is kept beside them
    const successor = reply.getHeader('link');
    if (link && reply.statusCode < 300)
      reply.header(
        'link',
        typeof successor === 'string' && successor.includes('successor-version')
          ? `${link}, ${successor}`
          : link,
      );
    return payload;
  });
  // v1 bodies are JSON only: without this, text/plain would be parsed as a string and reach the schema
  app.removeContentTypeParser(['text/plain']);
  jsonBodyParser(app);

  // not "prefix": Fastify reads that key as a route prefix
  const routeOpts = {
    releases: opts.releases,
    basePath: prefix,
    now: opts.now,
    publicOrigin: opts.publicOrigin ?? (() => 'http://127.0.0.1'),
  };
  await app.register(healthRoutes, {
    ...routeOpts,
    workers: opts.workers,
    degradations: () => [opts.budget.degradation()].filter((d): d is string => !!d),
  });
  await app.register(async (limited) => {
    limited.addHook('onRequest', opts.budget.limit);
    if (opts.answerCache) installAnswerCache(limited, opts.answerCache);
    opts.admission?.install(limited);
    await limited.register(searchRoutes, routeOpts);
    await limited.register(resolveRoutes, routeOpts);
    await limited.register(reconcileRoutes, routeOpts);
    await limited.register(releaseRoutes, routeOpts);
    await limited.register(placeRoutes, routeOpts);
    await limited.register(indicatorRoutes, routeOpts);
    await limited.register(topicRoutes, routeOpts);
    await limited.register(observationRoutes, routeOpts);
    await limited.register(datasetRoutes, routeOpts);
    await limited.register(catalogRoutes, routeOpts);
    await limited.register(recordRoutes, routeOpts);
    await limited.register(openapiRoutes, routeOpts);
  });
};

export default v1Plugin;

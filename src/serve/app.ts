// buildApp: the one Fastify app for every route family (docs/architecture.md). The cross-cutting
// rules are installed here: each request pins one release (releases/pinned.ts: an answer comes
// wholly from one revision, even while the pointer swaps), every response names its revision, CORS
// for GET from any origin, nosniff, 405 with Allow (requests/allowed-methods.ts), unknown query
// parameters refused (interface/unknown-parameters.ts), one problem+json error handler and one
// interface document.
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
} from 'fastify';
import swagger from '@fastify/swagger';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AnswerCache, type AnswerCacheOptions } from './answers/cache.js';
import { installAnswerCache } from './answers/hooks.js';
import { COMMON_HEADERS } from './front/common-headers.js';
import {
  defaultLimits,
  MAX_PATH_PARAMETER_LENGTH,
  serverOptions,
  type Limits,
} from './front/limits.js';
import { installLoadShedding } from './load/load-shed.js';
import { Admission } from './load/admission.js';
import { clientAddressResolver } from './rate-limit/client-address.js';
import { lazySchemas, type LazySchemas } from './interface/lazy-schemas.js';
import { strictQueryIntegers } from './interface/query-numbers.js';
import { dataPlugin } from './data/index.js';
import { frontServer, type FrontServer } from './front/front-server.js';
import { publicOrigin } from './front/public-origin.js';
import { swaggerOptions } from './interface/openapi.js';
import {
  REVISION_HEADER,
  installProblemHandling,
  methodNotAllowed,
  sendProblem,
  toProblem,
} from './problems/problem-handler.js';
import { ReleaseHolder, type HolderOptions } from './releases/release-holder.js';
import { timemachinePlugin } from './timemachine/index.js';
import { SHARED_SCHEMAS } from './interface/schemas.js';
import {
  interfaceDocumentCache,
  openapiRouteOptions,
  serveInterfaceDocument,
} from './interface/interface-doc.js';
import { landingRoutes, type BrowserIndex } from './interface/landing.js';
import { problemTypeRoutes } from './interface/problem-types.js';
import { dataRevisionRoutes } from './permalinks/data-revision.js';
import { permalinkRoutes } from './permalinks/routes.js';
import { v1Plugin, type V1Options } from './v1/index.js';
import { mcpPlugin } from './mcp/http.js';
import { sdmxPlugin } from './sdmx/index.js';
import { webPlugin } from './web/index.js';
import type { BucketPolicy, RateLimitStore } from './rate-limit/bucket.js';
import { openBudget } from './rate-limit/budget.js';
import {
  countRequests,
  selfStatus,
  type WorkerStatus,
  type WorkersReport,
} from './cluster/worker-status.js';
import { installReleasePins, pinRelease } from './releases/pinned.js';
import { AllowedMethods } from './requests/allowed-methods.js';
import { refuseUnreadableRequest } from './requests/request-guards.js';
import { refuseUnknownParameters } from './interface/unknown-parameters.js';

export interface AppOptions {
  releasesDir: string;
  logger?: boolean | FastifyBaseLogger;
  /** One log line per request (Fastify's request logging); off by default to keep the hot path lean. */
  accessLog?: boolean;
  trustProxy?: string[]; // addresses/CIDRs whose X-Forwarded-For is believed (docs/interface.md §10.7)
  /** DALA_PUBLIC_URL at serve time: the base of absolute URLs and the one host answered (front/public-origin.ts). */
  publicUrl?: string;
  redisUrl?: string;
  pollMs?: number;
  /**
   * Options of /api/v1/ beside the ones above (tests pin the clock and the rate-limit policy): the
   * rate-limit budget's policy and bucket clock govern /mcp too, which shares it.
   */
  v1?: Pick<V1Options, 'now'> & { rateLimit?: BucketPolicy; bucketClock?: () => number };
  /** Options of /api/timemachine/ (the bound of a series answer: MAX_SERIES_POINTS by default). */
  timemachine?: { maxSeriesPoints?: number };
  /** Budget of the in-memory cache of v1 and timemachine answers, or the cache itself (tests look into it). */
  answerCache?: AnswerCacheOptions | AnswerCache;
  /** The HTML page a browser gets at `/` (the web front end); a server-rendered link list otherwise. */
  browserIndex?: BrowserIndex;
  /** Timeouts, size limits, connections per address and the load-shedding bound (src/serve/front/limits.ts). */
  limits?: Partial<Limits>;
  /** See HolderOptions.storeMemoryMax (default DALA_STORE_MEMORY_MAX or 128 MiB). */
  storeMemoryMax?: number;
  /** See HolderOptions.answerBeforeStoreVerified (`dala serve` sets it: /data/ answers sooner at start). */
  answerBeforeStoreVerified?: boolean;
  /** See HolderOptions.verifyStore. */
  verifyStore?: HolderOptions['verifyStore'];
  /** A release holder already open (`dala serve` opens it before the app is built); closed with the app. */
  releases?: ReleaseHolder;
  /** The HTTP server, already listening (src/serve/front/front-server.ts); made here when absent. */
  front?: FrontServer;
  /** Delay before a retired release with no pinned request closes (HolderOptions.graceMs). */
  releaseGraceMs?: number;
  /** Further route families, each registered with `{ prefix, releases, ...options }`. */
  extraPlugins?: {
    plugin: FastifyPluginAsync<any>;
    prefix: string;
    options?: Record<string, unknown>;
  }[];
  /** The serving processes health lists, given this one's status (src/serve/cluster/); this one alone when absent. */
  workers?: (self: () => WorkerStatus) => Promise<WorkersReport>;
  /** The rate limit's buckets when neither Redis nor this process holds them (a cluster worker's: the primary's). */
  rateLimitStore?: RateLimitStore & { degradation?(): string | null };
}

export type DalaApp = FastifyInstance & {
  releases: ReleaseHolder;
  routeTable: { method: string; url: string }[];
  routeSchemas: LazySchemas;
  selfStatus: () => WorkerStatus;
  answersLoad: () => Admission['load'];
  /** Stops accepting and answers every request read before the app may close (front-server.ts). */
  drain: () => Promise<void>;
};

function commonHeaders(reply: FastifyReply, revision: string | null): void {
  if (revision) reply.header(REVISION_HEADER, revision);
  reply.headers(COMMON_HEADERS); // one shared object: the hot path builds nothing per request
}

export async function buildApp(opts: AppOptions): Promise<DalaApp> {
  const logger = opts.logger ?? false;
  const limits: Limits = { ...defaultLimits(), ...opts.limits };
  const routeSchemas = lazySchemas();
  const origin = publicOrigin(opts.publicUrl);
  // The HTTP server and its /data/ fast path (front-server.ts): given when it already listens
  // (`dala serve`), made here otherwise. Fastify answers every request the fast path leaves.
  const front =
    opts.front ??
    frontServer({
      limits,
      trustProxy: opts.trustProxy,
      current: () => currentOrNull(releases),
      fastPath: !opts.accessLog,
      publicOrigin: origin,
    });
  if (opts.front && opts.accessLog)
    throw new Error(
      'the access log needs every request to reach Fastify: build the front server with fastPath false',
    );
  let fastifyHandler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const ownClientErrors = new Set(front.server.listeners('clientError'));
  const app = Fastify({
    ...(typeof logger === 'object' ? { loggerInstance: logger } : { logger }),
    ...serverOptions(limits),
    serverFactory: (handler) => {
      fastifyHandler = handler;
      return front.server;
    },
    trustProxy: opts.trustProxy ?? false,
    routerOptions: { maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    logController: new LogController({ disableRequestLogging: !opts.accessLog }),
    // Without the access log a per-request child logger (a pino child with the request id) buys
    // nothing on the hot path; the rare error line logs through the app's logger instead.
    ...(opts.accessLog ? {} : { childLoggerFactory: (parent: FastifyBaseLogger) => parent }),
    // Unknown query parameters must fail (400 unknown_parameter), not be silently removed.
    ajv: { customOptions: { removeAdditional: false } },
    // Each route's validator and serializer is compiled on its first use, not all at start-up.
    schemaController: routeSchemas.schemaController,
    // A URL that cannot be routed (bad percent-encoding) never reaches the hooks below.
    frameworkErrors: (err, req, reply) => {
      commonHeaders(reply, releases?.currentRevision() ?? null);
      return sendProblem(req, reply, toProblem(err, req));
    },
  }) as unknown as DalaApp;
  // The front server answers what Node cannot parse (client-errors.ts); Fastify's own handler goes.
  for (const l of front.server.listeners('clientError'))
    if (!ownClientErrors.has(l)) front.server.removeListener('clientError', l as never);
  const releases: ReleaseHolder =
    opts.releases ??
    (await ReleaseHolder.open({
      releasesDir: opts.releasesDir,
      logger: app.log,
      pollMs: opts.pollMs,
      storeMemoryMax: opts.storeMemoryMax,
      graceMs: opts.releaseGraceMs,
      answerBeforeStoreVerified: opts.answerBeforeStoreVerified,
      verifyStore: opts.verifyStore,
    }));
  if (!opts.releases) performance.mark('dala:release-verified'); // read by `dala serve`'s start-up log line
  app.decorate('releases', releases);
  const requests = countRequests(front.server);
  const self = () => selfStatus(releases, requests);
  app.decorate('selfStatus', self);
  const workers = opts.workers
    ? () => opts.workers!(self)
    : async (): Promise<WorkersReport> => ({ workers: [self()], reasons: [] });
  app.decorate('routeSchemas', routeSchemas);
  const answers =
    opts.answerCache instanceof AnswerCache ? opts.answerCache : new AnswerCache(opts.answerCache);
  app.decorate('routeTable', [] as { method: string; url: string }[]);
  app.addHook('onClose', () => releases.close());
  // Health answers under pressure (it is how a proxy and an operator learn why); the rest is shed.
  const admission = new Admission(
    { perProcess: limits.maxAnswersInFlight, perAddress: limits.maxAnswersPerAddress },
    clientAddressResolver(opts.trustProxy),
  );
  admission.watchConnections(front.server);
  app.decorate('answersLoad', () => admission.load);
  app.decorate('drain', () => front.drain());
  const loopDelay = installLoadShedding(app, limits.maxEventLoopDelayMs, (path) =>
    path.endsWith('/health'),
  );
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // The fast path leaves to Fastify what it must refuse: while shedding load or closing.
  front.refuse = () =>
    closing || (limits.maxEventLoopDelayMs > 0 && loopDelay() > limits.maxEventLoopDelayMs);

  const allowed = new AllowedMethods();
  app.addHook('onRoute', (r) => {
    strictQueryIntegers(r);
    refuseUnknownParameters(r);
    const methods = [r.method].flat().map(String);
    for (const method of methods) app.routeTable.push({ method, url: r.url });
    allowed.add(r.url, methods);
  });

  installProblemHandling(app);
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  await app.register(swagger, swaggerOptions);
  // Synchronous hooks (done callbacks): nothing here awaits, and an async hook costs a promise and a
  // microtask turn per request on every route.
  installReleasePins(app, releases);
  app.addHook('onRequest', (req, reply, done) => {
    pinRelease(req, releases);
    refuseUnreadableRequest(req, limits.maxUrlBytes);
    if (req.is404 && req.method !== 'OPTIONS') {
      const allow = allowed.of(req.url.split('?')[0] ?? '');
      if (allow.length) {
        methodNotAllowed(req, reply, allow);
        return;
      }
    }
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    commonHeaders(reply, req.release?.revision ?? null);
    done(null, payload);
  });

  // CORS preflight (Fetch standard): answered for any path that has routes.
  app.options('*', { schema: { hide: true } }, allowed.preflight());

  // One generated interface document for every family (docs/interface.md §9), completed from the served release
  // (interface-doc.ts) and also served under each family.
  app.decorate('interfaceDocument', interfaceDocumentCache(app));
  await app.register(landingRoutes, { browserIndex: opts.browserIndex });
  await app.register(problemTypeRoutes);
  await app.register(async (scope) => {
    await scope.register(dataPlugin, { prefix: '/data' });
    await scope.register(async (cached) => {
      installAnswerCache(cached, answers);
      admission.install(cached);
      await cached.register(timemachinePlugin, {
        prefix: '/api/timemachine',
        releases,
        ...opts.timemachine,
      });
    });
    for (const url of ['/api/timemachine/openapi.json', '/openapi.json'])
      scope.get(url, openapiRouteOptions, serveInterfaceDocument);
  });

  // One budget per client address for /api/v1/ and /mcp (docs/interface.md §10.7).
  const budget = await openBudget({
    redisUrl: opts.redisUrl,
    trustProxy: opts.trustProxy,
    policy: opts.v1?.rateLimit,
    shared: opts.rateLimitStore,
    clock: opts.v1?.bucketClock,
    log: app.log,
  });
  app.addHook('onClose', () => budget.close());
  await app.register(v1Plugin, {
    prefix: '/api/v1',
    releases,
    budget,
    answerCache: answers,
    admission,
    workers,
    publicOrigin: () => origin.origin(front.server),
    now: opts.v1?.now,
  });
  // The MCP endpoint (src/serve/mcp/): the same questions as /api/v1/, under its budget.
  await app.register(mcpPlugin, {
    releases,
    budget,
    admission,
    publicOrigin: origin,
    now: opts.v1?.now,
  });
  await app.register(sdmxPlugin, {
    prefix: '/sdmx/2.1',
    answerCache: answers,
    admission,
    releases,
  });
  await app.register(permalinkRoutes, { releases });
  await app.register(dataRevisionRoutes, { releases });
  await app.register(webPlugin); // `/` for browsers (Accept: text/html) and /assets/
  for (const extra of opts.extraPlugins ?? []) {
    await app.register(extra.plugin, {
      prefix: extra.prefix,
      releases,
      redisUrl: opts.redisUrl,
      ...extra.options,
    });
  }
  await app.ready();
  front.attach(fastifyHandler!);
  return app;
}

function currentOrNull(releases: ReleaseHolder | undefined) {
  return releases === undefined || releases.currentRevision() === null ? null : releases.current();
}

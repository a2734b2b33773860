// startServer: `dala serve`. Listens on HOST/PORT (default 127.0.0.1:8080) and serves the
// release named by CURRENT under releasesDir, swapping when the pointer moves.
import type { FastifyBaseLogger } from 'fastify';
import type { AppOptions, DalaApp } from './app.js';
import { frontServer, listen } from './front/front-server.js';
import { defaultLimits, type Limits } from './front/limits.js';
import { publicOrigin } from './front/public-origin.js';
import { ReleaseHolder } from './releases/release-holder.js';
import { collectStartUpGarbage } from './runtime/start-up-heap.js';

export interface ServerOptions extends Omit<AppOptions, 'logger' | 'releases' | 'front'> {
  host?: string;
  port?: number;
  logger?: boolean | FastifyBaseLogger;
  /**
   * Listen as soon as the release's seal is verified, answering sealed /data/ files at once (each read and hashed on first use) and
   * holding other requests until the app is built (its modules are imported meanwhile): `dala serve`.
   */
  listenBeforeApp?: boolean;
  /**
   * With listenBeforeApp: listen only once the app is built and the store open (or refused), so that
   * no connection this process accepts waits for its start-up. A cluster worker started while another
   * serves (src/serve/cluster/primary.ts): the other answers meanwhile.
   */
  listenWhenReady?: boolean;
  /**
   * Default true: once listening, read and hash the data files a release served at start has not read
   * on first use yet (ReleaseHolder.readAhead). A test turns it off to observe a file read on its first use.
   */
  readAheadData?: boolean;
}

export interface RunningServer {
  app: DalaApp;
  url: string;
  close(): Promise<void>;
  /** Resolves once the start-up work behind the first answers is done (schemas built, start-up garbage collected). */
  settled: Promise<void>;
}

/** Builds the routes' remaining schemas between requests, then collects the start-up's garbage. */
function settle(app: DalaApp): Promise<void> {
  return app.routeSchemas
    .warmUp((err) => app.log.error(err))
    .then(() => {
      collectStartUpGarbage();
    });
}

/**
 * Fastify does not wait for the requests of a server it did not make (serverFactory) before its
 * onClose hooks close the store, and once closing it answers 503 to requests on kept-alive
 * connections and lets Node reset connections accepted but not yet read: every request read is
 * answered first (the access log's server and the early one alike), then the app closes.
 */
async function drainThenClose(app: DalaApp): Promise<void> {
  await app.drain();
  await app.close();
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const host = opts.host ?? process.env.HOST ?? '127.0.0.1';
  const port = opts.port ?? Number(process.env.PORT ?? 8080);
  if (opts.listenBeforeApp && !opts.accessLog) return startEarly(opts, host, port);
  const { buildApp } = await import('./app.js');
  const app = await buildApp({ ...opts, logger: opts.logger ?? true });
  const address = await app.listen({ host, port });
  performance.mark('dala:listening');
  if (opts.readAheadData !== false) void app.releases.readAhead(); // the data files not read on first use (HolderOptions.answerBeforeStoreVerified)
  // Route schemas left for first use are compiled now, between requests (src/serve/interface/lazy-schemas.ts).
  return { app, url: address, close: () => drainThenClose(app), settled: settle(app) };
}

async function startEarly(opts: ServerOptions, host: string, port: number): Promise<RunningServer> {
  // The logger Fastify would make (pino, its defaults), made first so the release load logs through it.
  const logger: FastifyBaseLogger =
    typeof opts.logger === 'object'
      ? opts.logger
      : (await import('pino')).pino({ enabled: opts.logger !== false });
  const limits: Limits = { ...defaultLimits(), ...opts.limits };
  // The release loads (its seal and evidence verified; each data file is read and hashed on its first
  // use) and its store opens while this thread imports and builds the app.
  const releases = ReleaseHolder.start({
    releasesDir: opts.releasesDir,
    logger,
    pollMs: opts.pollMs,
    storeMemoryMax: opts.storeMemoryMax,
    graceMs: opts.releaseGraceMs,
    answerBeforeStoreVerified: opts.answerBeforeStoreVerified,
    verifyStore: opts.verifyStore,
  });
  const front = frontServer({
    limits,
    trustProxy: opts.trustProxy,
    current: () => (releases.currentRevision() === null ? null : releases.current()),
    fastPath: true,
    publicOrigin: publicOrigin(opts.publicUrl),
  });
  const close = async () => {
    front.server.close();
    front.server.closeIdleConnections();
  };
  // Listening once the release is served (or refused): /data/ answers at once, every other request
  // waits for the app if it is not built yet (front-server.ts).
  const verified = releases.opened.then(() => performance.mark('dala:release-verified')); // read by `dala serve`'s start-up log line
  const listening = verified.then(async () => {
    if (opts.listenWhenReady) await ready(releases, building);
    const url = await listen(front.server, host, port);
    performance.mark('dala:listening');
    logger.info(`Server listening at ${url}`);
    return url;
  });
  const building: Promise<DalaApp> = (async () => {
    // The app's largest packages first, one per turn of the event loop: evaluating a module graph
    // blocks the loop, so a worker's message or a /data/ request arriving meanwhile waits for one
    // package, not for all.
    for (const pkg of ['fastify', '@fastify/swagger', 'better-sqlite3']) {
      await import(pkg);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const { buildApp } = await import('./app.js');
    const app = await buildApp({ ...opts, logger, releases, front });
    performance.mark('dala:app-built'); // read by `dala serve`'s start-up log line
    return app;
  })();
  const [url, app] = await Promise.allSettled([listening, building]);
  if (url.status === 'rejected' || app.status === 'rejected') {
    await close();
    if (app.status === 'fulfilled') await app.value.close();
    else await releases.close();
    throw url.status === 'rejected' ? url.reason : (app as PromiseRejectedResult).reason;
  }
  // A release served at start reads each data file on its first use: the rest are read now, behind
  // the first answers, so that later answers read no file.
  if (opts.readAheadData !== false) void releases.readAhead();
  return {
    app: app.value,
    url: url.value,
    settled: settle(app.value),
    close: () => drainThenClose(app.value),
  };
}

/** Settles once the app is built and the served release's store is open or refused (never rejects). */
async function ready(releases: ReleaseHolder, building: Promise<unknown>): Promise<void> {
  await building.catch(() => {});
  const first = releases.currentRevision() === null ? null : releases.current();
  await first?.storeReady.catch(() => {});
}

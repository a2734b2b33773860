import { performance } from 'node:perf_hooks';
import { publicUrl, releasesDir } from '../lib/config.js';

interface Flags {
  releases?: string;
  host?: string;
  port?: string;
  'public-url'?: string;
  'access-log'?: boolean;
  benchmark?: boolean;
}

export async function serveCommand(flags: Flags): Promise<number> {
  performance.mark('dala:cli');
  const { workerCount } = await import('../serve/cluster/worker-count.js');
  let workers: number;
  try {
    workers = workerCount();
    servedPublicUrl(flags);
  } catch (err) {
    console.error(`dala serve: ${(err as Error).message}`);
    return 2;
  }
  const { default: cluster } = await import('node:cluster');
  // The primary of several workers opens no release and no store: the workers check and serve it.
  if (workers > 1 && cluster.isPrimary)
    return (await import('../serve/cluster/primary.js')).runPrimary({
      workers,
      log: (await import('pino')).pino(),
    });
  if (!cluster.isWorker) return serveOne(flags, false);
  // A worker's IPC channel keeps its process alive (and its loss exits with code 0): one that stops
  // serving (refused, or failed to start) exits here with its code, so the primary sees why.
  const { WORKER_EXIT } = await import('../serve/cluster/messages.js');
  return serveOne(flags, true).then(
    (code) => process.exit(code),
    (err: NodeJS.ErrnoException) => {
      console.error(`dala serve: ${err.stack ?? err.message}`);
      return process.exit(LISTEN_ERRORS.has(err.code ?? '') ? WORKER_EXIT.CANNOT_LISTEN : 1);
    },
  );
}

/** Why a port cannot be listened on: in use, not allowed, or an address this host does not have. */
const LISTEN_ERRORS = new Set(['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL']);

async function serveOne(flags: Flags, inCluster: boolean): Promise<number> {
  (await import('../serve/runtime/heap-growth.js')).fixServingHeapGrowth();
  const { allowSyntheticStores } = await import('../store/open.js');
  const { currentIsSynthetic } = await import('../release/current-kind.js');
  if (flags.benchmark) allowSyntheticStores(true);
  else if (await currentIsSynthetic(releasesDir(flags.releases))) {
    console.error(
      'dala serve: the current release is a synthetic benchmark (bench/scale/); refusing to serve it without --benchmark',
    );
    return 2;
  }
  const { startServer } = await import('../serve/server.js');
  const { SERVE_MAX_EVENT_LOOP_DELAY_MS } = await import('../serve/front/limits.js');
  const { sweepDeadCopies, removeOwnCopies } = await import('../serve/releases/store-copies.js');
  // Logged once the logger exists; not on stderr, which is for what went wrong with this server.
  const swept = await sweepDeadCopies();
  performance.mark('dala:modules');
  const link = inCluster
    ? new (await import('../serve/cluster/worker-link.js')).PrimaryLink()
    : null;
  const { LISTEN_WHEN_READY } = await import('../serve/cluster/messages.js');
  const listenWhenReady = inCluster && process.env[LISTEN_WHEN_READY] === '1';
  const startPriority = listenWhenReady
    ? (await import('../serve/cluster/start-priority.js')).startLowered()
    : () => {};
  const server = await startServer({
    releasesDir: releasesDir(flags.releases),
    host: flags.host ?? process.env.HOST ?? '127.0.0.1',
    port: Number(flags.port ?? process.env.PORT ?? 8080),
    redisUrl: process.env.REDIS_URL || undefined,
    publicUrl: servedPublicUrl(flags),
    accessLog:
      flags['access-log'] ??
      ['1', 'true', 'yes'].includes((process.env.DALA_ACCESS_LOG ?? '').toLowerCase()),
    trustProxy: process.env.DALA_TRUSTED_PROXIES
      ? process.env.DALA_TRUSTED_PROXIES.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
    // A serving process of its own sheds load past this event-loop delay (src/serve/front/limits.ts).
    limits: {
      maxEventLoopDelayMs:
        Number(process.env.DALA_MAX_EVENT_LOOP_DELAY_MS) || SERVE_MAX_EVENT_LOOP_DELAY_MS,
    },
    // /data/ answers as soon as the data files are verified, the rest once the app is built, and
    // store-backed routes once the store is open (in place with its pages checked as read, the whole
    // file hashed behind it; or verified whole in memory or as a private copy).
    listenBeforeApp: true,
    answerBeforeStoreVerified: true,
    // A worker the primary starts while another serves listens once it answers every route (primary.ts).
    listenWhenReady,
    ...(link ? await clusterWorkerOptions(link) : {}),
  });
  startPriority();
  link?.reportStatus(server.app.selfStatus);
  performance.mark('dala:app-ready');
  const phases = (storeVerifiedAt: number | null) => ({
    ...startupPhases([
      'dala:cli',
      'dala:modules',
      'dala:release-verified',
      'dala:listening',
      'dala:app-built',
      'dala:app-ready',
    ]),
    ...(storeVerifiedAt === null ? {} : { 'store-open': Math.round(storeVerifiedAt) }),
  });
  if (swept.length)
    server.app.log.info(
      { removed: swept },
      'dala serve: removed the store copies of stopped servers',
    );
  const first =
    server.app.releases.currentRevision() === null ? null : server.app.releases.current();
  server.app.log.info(
    { startup_ms: phases(first?.storeVerifiedAt ?? null) },
    'dala serve: every route family registered (start-up phases in ms since the process started)',
  );
  first?.storeReady.then(
    () =>
      server.app.log.info(
        { startup_ms: phases(first.storeVerifiedAt) },
        'dala serve: store open, every route answers (start-up phases in ms since the process started)',
      ),
    () => {}, // the holder logs the refusal
  );
  first?.storeSealed?.then(
    () =>
      server.app.log.info(
        {
          startup_ms: {
            ...phases(first.storeVerifiedAt),
            'store-hashed': Math.round(performance.now()),
          },
        },
        'dala serve: store hashed whole, it matches the seal (start-up phases in ms since the process started)',
      ),
    () => {},
  );
  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the stores and remove their
  // private copies (a stopped server must not leave a store-sized file behind), then exit.
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      server.app.log.info({ signal }, `dala serve: ${signal}, closing`);
      const forced = setTimeout(() => process.exit(1), 10_000);
      forced.unref();
      void server
        .close()
        .then(removeOwnCopies)
        .then(
          () => 0,
          (err) => {
            server.app.log.error({ err }, 'dala serve: closing failed');
            return 1;
          },
        )
        .then((code) => {
          clearTimeout(forced);
          resolve(code);
          // A client library's handle (a Redis reconnect timer) must not keep a stopped server alive.
          setImmediate(() => process.exit(code));
        });
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
    // A worker whose primary is gone (killed outright) stops as if told to: nothing would restart it.
    if (link) process.once('disconnect', () => stop('disconnect'));
  });
}

/**
 * A cluster worker's health lists every worker, and its rate limit spends the primary's buckets, or
 * Redis's when configured, with the primary's while Redis is lost (one budget per replica).
 */
async function clusterWorkerOptions(link: import('../serve/cluster/worker-link.js').PrimaryLink) {
  const { PrimaryBudget, workersFromPrimary } = await import('../serve/cluster/worker-link.js');
  const { DEFAULT_POLICY } = await import('../serve/rate-limit/bucket.js');
  return {
    workers: workersFromPrimary(link),
    rateLimitStore: new PrimaryBudget(link, DEFAULT_POLICY),
  };
}

export async function startCommand(
  flags: Flags & { snapshots?: string; 'source-date-epoch'?: string },
): Promise<number> {
  const { readCurrent } = await import('../release/pointer.js');
  if (!(await readCurrent(releasesDir(flags.releases)))) {
    const { buildCommand } = await import('./build.js');
    const code = await buildCommand(flags);
    if (code !== 0) return code;
  }
  return serveCommand(flags);
}

/** --public-url or DALA_PUBLIC_URL when set (src/serve/front/public-origin.ts), checked as the build checks it. */
function servedPublicUrl(flags: Flags): string | undefined {
  const set = (flags['public-url'] ?? process.env.DALA_PUBLIC_URL)?.trim();
  return set ? publicUrl(set) : undefined;
}

/** Milliseconds since the process started (Node's own time origin) at each start-up mark reached. */
function startupPhases(names: string[]): Record<string, number> {
  const out: Record<string, number> = {
    node_bootstrapped: Math.round(performance.nodeTiming.bootstrapComplete),
  };
  for (const name of names) {
    const mark = performance.getEntriesByName(name, 'mark')[0];
    if (mark) out[name.slice('dala:'.length)] = Math.round(mark.startTime);
  }
  return out;
}

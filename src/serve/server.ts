// startServer: `dala serve`. Listens on HOST/PORT (default 127.0.0.1:8080) and serves the
// release named by CURRENT under releasesDir, swapping when the pointer moves.
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type AppOptions, type DalaApp } from './app.js';

export interface ServerOptions extends Omit<AppOptions, 'logger'> {
  host?: string;
  port?: number;
  logger?: boolean | FastifyBaseLogger;
}

export interface RunningServer {
  app: DalaApp;
  url: string;
  close(): Promise<void>;
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const app = await buildApp({ ...opts, logger: opts.logger ?? true });
  const host = opts.host ?? process.env.HOST ?? '127.0.0.1';
  const port = opts.port ?? Number(process.env.PORT ?? 8080);
  const address = await app.listen({ host, port });
  // Route schemas left for first use are compiled now, between requests (src/serve/lazy-schemas.ts).
  void app.routeSchemas.warmUp((err) => app.log.error(err));
  return { app, url: address, close: () => app.close() };
}

// Server CPU per request for tests and benches that run a listening server in their own process: a
// 'request' listener put before the server's own takes process.cpuUsage() when a request arrives and
// again when its answer is handed whole to the socket ('finish'). Meant for one request at a time
// (a client that idles while the server works); it counts every thread of the process.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface RequestCpu {
  /**
   * Milliseconds of CPU of the last request the server received, once it is answered; NaN when no
   * request reached the server since the last call (one the HTTP parser refused, 431 or 400, is
   * answered before any 'request' event, so no figure of another request stands in for it).
   */
  last(): Promise<number>;
}

export function measureRequestCpu(server: Server): RequestCpu {
  let latest: Promise<number> | null = null;
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    const t = process.cpuUsage();
    latest = new Promise((resolve) =>
      res.once('finish', () => {
        const d = process.cpuUsage(t);
        resolve((d.user + d.system) / 1000);
      }),
    );
  });
  return {
    last: () => {
      const measured = latest ?? Promise.resolve(Number.NaN);
      latest = null;
      return measured;
    },
  };
}

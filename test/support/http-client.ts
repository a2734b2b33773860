// A keep-alive HTTP client over node:http with a fixed connection pool, for load tests that must
// control how many connections they open (fetch's pool is not configurable without undici).
import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ms: number;
}

export interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

// An idle pooled connection is closed by this client after IDLE_MS, a second before the server's
// keep-alive timeout (5 s, src/serve/front/limits.ts) would close it: otherwise a request sent on a
// connection at the moment the server closes it meets a reset (RFC 9112 section 9.3.1; undici's
// keepAliveTimeoutThreshold makes the same allowance). Node's agent alone waits the server's full
// Keep-Alive hint and races it.
const IDLE_MS = 4_000;

/** localAddress: the loopback address to connect from (any of 127.0.0.0/8 on Linux), to stand for a distinct client. */
export function pool(connections: number, localAddress?: string): Agent {
  return new Agent({
    keepAlive: true,
    maxSockets: connections,
    maxFreeSockets: connections,
    timeout: IDLE_MS,
    ...(localAddress ? { localAddress } : {}),
  });
}

export function get(
  base: string,
  path: string,
  agent?: Agent,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return send(base, { path, headers }, agent);
}

/** One request; `ms` runs from sending it to the last byte of the answer. */
export function send(base: string, sent: Sent, agent?: Agent): Promise<Answer> {
  const { hostname, port } = new URL(base);
  const started = performance.now();
  const headers = { ...sent.headers };
  if (sent.body !== undefined) headers['content-length'] = String(Buffer.byteLength(sent.body));
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path: sent.path, method: sent.method ?? 'GET', agent, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      // Say whether the connection was a reused keep-alive one: a reset there before any answer is
      // the close race above, on a fresh connection it is the server's doing.
      if (req.reusedSocket) err.message += ' (on a reused keep-alive connection)';
      reject(err);
    });
    req.end(sent.body);
  });
}

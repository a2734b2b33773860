// A keep-alive HTTP client over node:http with a fixed connection pool, for load tests that must
// control how many connections they open (fetch's pool is not configurable without undici).
import { Agent, request } from 'node:http';

export interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; ms: number }

export interface Sent { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer }

/** localAddress: the loopback address to connect from (any of 127.0.0.0/8 on Linux), to stand for a distinct client. */
export function pool(connections: number, localAddress?: string): Agent {
  return new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections, ...(localAddress ? { localAddress } : {}) });
}

export function get(base: string, path: string, agent?: Agent, headers: Record<string, string> = {}): Promise<Answer> {
  return send(base, { path, headers }, agent);
}

/** One request; `ms` runs from sending it to the last byte of the answer. */
export function send(base: string, sent: Sent, agent?: Agent): Promise<Answer> {
  const { hostname, port } = new URL(base);
  const started = performance.now();
  const headers = { ...sent.headers };
  if (sent.body !== undefined) headers['content-length'] = String(Buffer.byteLength(sent.body));
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: sent.path, method: sent.method ?? 'GET', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(sent.body);
  });
}

// Loopback ports for the servers tests and benches start themselves (redis-server, nginx, `dala serve`).
import { connect, createServer } from 'node:net';

/** A port free on 127.0.0.1 now (the kernel's choice); the caller binds it next. */
export async function freePort(): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => s.once('listening', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** Resolves once 127.0.0.1:port accepts a connection; throws after ms. */
export async function listening(port: number, ms: number, what = 'server'): Promise<void> {
  const start = Date.now();
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = connect(port, '127.0.0.1', () => (c.end(), resolve(true)));
      c.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() - start > ms)
      throw new Error(`${what} did not listen on ${port} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

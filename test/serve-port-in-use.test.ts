// `dala serve` on a port another process holds exits 1 with the reason on stderr, with several
// workers as with one: a worker that cannot listen is not restarted in a loop (every restart would
// meet the same port).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { makeV1Release } from './support/v1-fixture.js';
import { dalaCommandEnv } from './support/dala-command.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

for (const workers of [1, 2])
  test(`with ${workers} worker(s), dala serve on a port in use exits 1 within 20 s, saying EADDRINUSE`, async () => {
    const { releasesDir } = await makeV1Release();
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const port = (holder.address() as AddressInfo).port;
    const child = spawn(
      process.execPath,
      ['bin/dala.js', 'serve', '--releases', releasesDir, '--port', String(port)],
      {
        cwd: ROOT,
        env: { ...process.env, ...dalaCommandEnv(), DALA_WORKERS: String(workers) },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    try {
      const [code, signal] = await new Promise<[number | null, string | null]>((r) =>
        child.once('exit', (c, s) => r([c, s])),
      );
      assert.deepEqual([code, signal], [1, null], `exit: ${stderr.slice(-2000)}`);
      assert.match(stderr, /EADDRINUSE/);
    } finally {
      clearTimeout(timer);
      holder.close();
    }
  });

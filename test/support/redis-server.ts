// A real redis-server (Debian package, installed by .ci/run) on 127.0.0.1, started per test with no
// persistence and stopped by its pid; restartable on the same port to test a Redis lost and back.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { freePort, listening } from './ports.js';

export const REDIS_SERVER = '/usr/bin/redis-server';
/** A skip reason for node:test when redis-server is absent, else false. */
export const redisMissing: string | false = existsSync(REDIS_SERVER)
  ? false
  : `redis-server is not installed at ${REDIS_SERVER} (.ci/run installs it)`;

export interface RedisServer {
  port: number;
  url: string;
  child: ChildProcess;
  /** Stops this process by its pid (SIGKILL by default: a crash, not a shutdown) and waits for its exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts redis-server on port (a free one by default) and resolves once it answers PING. */
export async function startRedis(port?: number): Promise<RedisServer> {
  const p = port ?? (await freePort());
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `redis://127.0.0.1:${p}`;
  try {
    await listening(p, 10_000, 'redis-server');
    const probe = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {}); // the ping below reports a failure
    try {
      if ((await probe.ping()) !== 'PONG')
        throw new Error(`redis-server on ${url} did not answer PING`);
    } finally {
      probe.disconnect();
    }
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    port: p,
    url,
    child,
    async stop(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

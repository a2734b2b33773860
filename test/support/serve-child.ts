// `dala serve` as a real process (bin/dala.js, compiled or from source: test/support/dala-command.ts), on
// 127.0.0.1 at a port the kernel picks, with its JSON log lines kept for assertions and stopped by pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import { dalaCommandEnv } from './dala-command.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServeChild {
  url: string;
  /** host:port, as an nginx upstream names it. */
  host: string;
  child: ChildProcess;
  /** Every JSON log line written to stdout so far. */
  log: Record<string, unknown>[];
  /** Everything written to stderr so far. */
  stderr(): string;
  alive(): boolean;
  /** Sends signal to this process (by its pid) and waits for its exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Waits until health lists `workers` serving processes and no longer says `verifying` (ready,
 * degraded, or no release at all). A health request that gets no answer within HEALTH_TIMEOUT_MS,
 * or whose connection is reset (handed to a worker that has just died), is asked again; `exited`,
 * when given, ends the wait at once when the server is gone.
 */
export async function storeVerified(
  url: string,
  stderr: () => string,
  ms = 120_000,
  workers = 1,
  host?: string,
  exited: () => boolean = () => false,
): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (exited()) throw new Error(`dala serve exited while its store was verified: ${stderr()}`);
    const r = await healthAt(url, host).catch((err: Error) => {
      if (Date.now() > until || exited()) throw err;
      return null;
    });
    if (r !== null) {
      const body = r.body as { data?: { status?: string; workers?: unknown[] } };
      const listed = body.data?.workers?.length ?? 0;
      if (r.status !== 200 || (body.data?.status !== 'verifying' && listed >= workers)) return;
    }
    if (Date.now() > until)
      throw new Error(`dala serve still verifying its store after ${ms} ms: ${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** GET /api/v1/health, naming `host` in Host when given (a server with DALA_PUBLIC_URL answers no other). */
function healthAt(url: string, host?: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/v1/health`,
      { agent: false, headers: host ? { host } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.setTimeout(HEALTH_TIMEOUT_MS, () =>
      req.destroy(new Error(`health gave no answer within ${HEALTH_TIMEOUT_MS} ms`)),
    );
    req.on('error', reject);
    req.end();
  });
}

/** Health answers within 500 ms (docs/interface.md); this is far past it. */
const HEALTH_TIMEOUT_MS = 5_000;

/**
 * Every `dala serve` started here and still running: stopped (SIGTERM, by pid) once the file's tests
 * have run, and at the latest when the test process exits, so that a test that fails with an
 * uncaught exception before its own `finally` or `after` hook leaves no server behind (nor a test
 * process held open by its pipes). A worker whose primary is gone stops too (src/cli/serve.ts).
 */
const running = new Map<ChildProcess, Promise<void>>();
const stopRunning = () => {
  for (const child of running.keys()) child.kill('SIGTERM');
};
after(async () => {
  stopRunning();
  await Promise.all(running.values());
});
process.once('exit', stopRunning);

/** Starts `dala serve --releases releasesDir` with env added to this process's environment. */
export async function startServe(
  releasesDir: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<ServeChild> {
  const child = spawn(
    process.execPath,
    ['bin/dala.js', 'serve', '--releases', releasesDir, '--port', '0', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, ...dalaCommandEnv(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((r) =>
    child.once('exit', () => {
      running.delete(child);
      r();
    }),
  );
  running.set(child, exited);
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const log: Record<string, unknown>[] = [];
  let workers = 1; // the primary of several says how many it started before any of them listens
  let err = '';
  let partial = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      const lines = (partial + c.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        if (!line.trim()) continue;
        try {
          log.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          log.push({ msg: line });
        }
        const started = /primary pid \d+ started (\d+) workers/.exec(line);
        if (started) workers = Number(started[1]);
        const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (m) resolve(m[1]!);
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`dala serve exited (${code}) before listening: ${err}`)),
    );
  });
  // `dala serve` listens before its store is verified (/data/ answers, store-backed routes 503
  // store_verifying), and its first worker before the others: a test starts from a server whose
  // every worker answers every route.
  const publicUrl = env.DALA_PUBLIC_URL ?? process.env.DALA_PUBLIC_URL;
  try {
    const host = publicUrl ? new URL(publicUrl).host : undefined;
    await storeVerified(url, () => err, 120_000, workers, host, gone);
  } catch (e) {
    child.kill('SIGTERM'); // never left serving when its start-up fails
    await exited;
    throw e;
  }
  return {
    url,
    host: new URL(url).host,
    child,
    log,
    stderr: () => err,
    alive: () => !gone(),
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (!gone()) child.kill(signal);
      await exited;
    },
  };
}

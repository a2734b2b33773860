// nginx (Debian package, installed by .ci/run) running the configuration Dala generates, with its own
// prefix, pid file and error log, listening on 127.0.0.1 and stopped by its pid.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nginxConfig } from '../../src/deploy/nginx-config.js';
import type { ReleaseSeal } from '../../src/release/layout.js';
import { freePort, listening } from './ports.js';
import { tempDir } from './temp-dir.js';
import { dalaCommandEnv } from './dala-command.js';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(
  (p) => spawnSync(p, ['-v']).status === 0,
);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface NginxServer {
  url: string;
  prefix: string;
  child: ChildProcess;
  /** Graceful stop (SIGQUIT) of the master this started, by its pid. */
  stop(): Promise<void>;
}

/**
 * Starts nginx in front of upstreams for the CURRENT release of releasesDir. With seal, the
 * configuration is nginxConfig's for that seal; without, it is the file the operator's command
 * `dala nginx-config --standalone` writes (run as a process, as the README says to).
 */
export async function startNginx(opts: {
  releasesDir: string;
  upstreams: string[];
  seal?: ReleaseSeal;
  /** The public URL whose host nginx answers for (server_name); any host when absent. */
  publicUrl?: string;
}): Promise<NginxServer> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx)');
  spawnSync('chmod', ['-R', 'a+rX', opts.releasesDir]); // nginx workers run as an unprivileged user
  const prefix = tempDir('dala-nginx-');
  const port = await freePort();
  const listen = `127.0.0.1:${port}`;
  const conf = join(prefix, 'nginx.conf');
  if (opts.seal) {
    const main = {
      pid: join(prefix, 'nginx.pid'),
      errorLog: join(prefix, 'error.log'),
      prefixTemp: prefix,
    };
    await writeFile(
      conf,
      nginxConfig({
        releasesDir: opts.releasesDir,
        seal: opts.seal,
        upstreams: opts.upstreams,
        listen,
        main,
        publicUrl: opts.publicUrl,
      }),
    );
  } else {
    const args = [
      'bin/dala.js',
      'nginx-config',
      '--releases',
      opts.releasesDir,
      ...opts.upstreams.flatMap((u) => ['--upstream', u]),
      '--listen',
      listen,
      '--standalone',
      '--prefix',
      prefix,
      '--out',
      conf,
      ...(opts.publicUrl ? ['--public-url', opts.publicUrl] : []),
    ];
    const r = spawnSync(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...dalaCommandEnv() },
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (r.status !== 0) throw new Error(`dala nginx-config failed (${r.status}): ${r.stderr}`);
  }
  const child = spawn(NGINX, ['-c', conf, '-p', prefix, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await listening(port, 10_000, 'nginx');
  return {
    url: `http://127.0.0.1:${port}`,
    prefix,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

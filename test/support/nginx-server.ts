// nginx (Debian package, installed by .ci/run) running the configuration `dala nginx-config` generates,
// with its own prefix, pid file and error log, listening on 127.0.0.1 and stopped by its pid.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nginxConfig } from '../../src/deploy/nginx-config.js';
import type { ReleaseSeal } from '../../src/release/layout.js';
import { freePort, listening } from './ports.js';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => spawnSync(p, ['-v']).status === 0);

export interface NginxServer {
  url: string;
  prefix: string;
  child: ChildProcess;
  /** Graceful stop (SIGQUIT) of the master this started, by its pid. */
  stop(): Promise<void>;
}

/** Writes the generated configuration for seal (the CURRENT release of releasesDir) in front of upstreams and starts nginx. */
export async function startNginx(opts: { releasesDir: string; seal: ReleaseSeal; upstreams: string[] }): Promise<NginxServer> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx)');
  spawnSync('chmod', ['-R', 'a+rX', opts.releasesDir]); // nginx workers run as an unprivileged user
  const prefix = await mkdtemp(join(tmpdir(), 'dala-nginx-'));
  const port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  await writeFile(conf, nginxConfig({
    ...opts,
    listen: `127.0.0.1:${port}`,
    main: { pid: join(prefix, 'nginx.pid'), errorLog: join(prefix, 'error.log'), prefixTemp: prefix },
  }));
  const child = spawn(NGINX, ['-c', conf, '-p', prefix, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
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

// `dala nginx-config`: writes the nginx configuration for the CURRENT release (src/deploy/nginx-config.ts).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nginxConfig } from '../deploy/nginx-config.js';
import { publicUrl, releasesDir } from '../lib/config.js';
import { readCurrent } from '../release/pointer.js';
import { verifyRelease } from '../release/verify.js';

interface Flags {
  releases?: string;
  upstream?: string[];
  listen?: string;
  out?: string;
  standalone?: boolean;
  prefix?: string;
  'public-url'?: string;
}

export async function nginxConfigCommand(flags: Flags): Promise<number> {
  const dir = releasesDir(flags.releases);
  const revision = await readCurrent(dir);
  if (!revision) {
    console.error(`dala nginx-config: no current release in ${dir}`);
    return 1;
  }
  const seal = await verifyRelease(join(dir, revision));
  const prefix = flags.prefix ?? '/tmp/dala-nginx';
  const text = nginxConfig({
    releasesDir: dir,
    seal,
    upstreams: flags.upstream?.length ? flags.upstream : ['127.0.0.1:8080'],
    listen: flags.listen ?? '80',
    // the host nginx answers for; without one, every Host (Node makes no absolute URL from it)
    publicUrl:
      flags['public-url'] || process.env.DALA_PUBLIC_URL
        ? publicUrl(flags['public-url'] || process.env.DALA_PUBLIC_URL)
        : undefined,
    // --standalone: a whole nginx.conf (pid, error log, temp paths under --prefix); otherwise the http{} block.
    main: flags.standalone
      ? { pid: `${prefix}/nginx.pid`, errorLog: `${prefix}/error.log`, prefixTemp: prefix }
      : undefined,
  });
  if (flags.out) await writeFile(flags.out, text);
  else process.stdout.write(text);
  if (flags.out)
    console.error(`wrote ${flags.out} for release ${revision}; run \`nginx -s reload\` to apply`);
  return 0;
}

// `dala build | verify [revision] | releases | serve | start | nginx-config | mcp`
// Each command's module is imported only when that command runs, so `dala serve` never loads the
// build pipeline (mapshaper, SheetJS, pdfkit, jsts, shapefile, fonts ...) and starts faster.
import { parseArgs } from 'node:util';

const USAGE = `usage: dala <command> [options]

commands:
  build      build a release from the pinned snapshots and seal it   [--snapshots DIR] [--releases DIR] [--source-date-epoch N] [--public-url URL]
  verify     re-hash every file of a release (default: current)      [revision] [--releases DIR]
  releases   list sealed releases, newest first                      [--releases DIR]
  serve      serve the current sealed release                        [--releases DIR] [--host H] [--port N] [--public-url URL] [--access-log] [--benchmark]
             (a synthetic benchmark release is refused unless --benchmark)
  start      build a release when none exists, then serve it         (all of the above)
  mcp        the MCP server over stdio, for an AI assistant's client   [--releases DIR]
             (the running service answers MCP over HTTP at /mcp)
  nginx-config  nginx configuration serving /data/ of CURRENT, proxying the rest to Node
             [--releases DIR] [--upstream HOST:PORT ...] [--listen ADDR] [--public-url URL] [--out FILE] [--standalone --prefix DIR]

environment: DALA_SNAPSHOTS, DALA_RELEASES, SOURCE_DATE_EPOCH, DALA_PUBLIC_URL, HOST, PORT, REDIS_URL, DALA_TRUSTED_PROXIES, DALA_ACCESS_LOG=1`;

const OPTIONS = {
  snapshots: { type: 'string' },
  releases: { type: 'string' },
  'source-date-epoch': { type: 'string' },
  'public-url': { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'access-log': { type: 'boolean' },
  upstream: { type: 'string', multiple: true },
  listen: { type: 'string' },
  out: { type: 'string' },
  standalone: { type: 'boolean' },
  prefix: { type: 'string' },
  benchmark: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof OPTIONS }>
  >;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    // A mistyped option is the user's mistake, not the program's: one line naming it and the usage
    // (exit 2, as for an unknown command), never a stack trace.
    console.error(`dala ${command ?? ''}: ${(error as Error).message.split('. ')[0]}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || command === '--help' || command === '-h') {
    console.log(USAGE);
    return 0;
  }
  try {
    switch (command) {
      case 'build':
        return await (await import('./build.js')).buildCommand(values);
      case 'verify':
        return await (await import('./releases.js')).verifyCommand(values, positionals[0]);
      case 'releases':
        return await (await import('./releases.js')).releasesCommand(values);
      case 'serve':
        return await (await import('./serve.js')).serveCommand(values);
      case 'nginx-config':
        return await (await import('./nginx-config.js')).nginxConfigCommand(values);
      case 'start':
        return await (await import('./serve.js')).startCommand(values);
      case 'mcp':
        return await (await import('./mcp.js')).mcpCommand(values);
      default:
        console.error(USAGE);
        return command === undefined || command === 'help' ? 0 : 2;
    }
  } catch (error) {
    console.error(`dala ${command}: ${(error as Error).message}`);
    return 1;
  }
}

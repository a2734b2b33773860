// `dala mcp`: the MCP server over stdio for a desktop assistant (src/serve/mcp/stdio.ts). stdout is
// the protocol's: the log (JSON lines, pino) goes to stderr.
import { releasesDir } from '../lib/config.js';

interface Flags {
  releases?: string;
}

export async function mcpCommand(flags: Flags): Promise<number> {
  const { pino } = await import('pino');
  const { serveStdio } = await import('../serve/mcp/stdio.js');
  const logger = pino(pino.destination(2));
  await serveStdio({ releasesDir: releasesDir(flags.releases), logger });
  return 0;
}

// The MCP server over stdio (MCP 2025-06-18 "Transports", stdio): `dala mcp` for a desktop client,
// which starts it as a subprocess and talks JSON-RPC on its stdin and stdout. It serves the current
// sealed release of a releases directory, verified as `dala serve` verifies it, follows CURRENT as it
// moves, and answers each call wholly from the release current when the call came (pinned until it is
// answered). stdout carries nothing but protocol messages: logs go to stderr. The service's HTTP
// limits (rate limit, DNS rebinding) concern a network endpoint; this one has its one local client.
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ReleaseHolder, type HolderLogger } from '../releases/release-holder.js';
import type { LoadedRelease } from '../releases/release-types.js';
import { ProblemError } from '../problems/errors.js';
import { mcpServer } from './server.js';

export interface StdioOptions {
  releasesDir: string;
  logger?: HolderLogger;
  input?: Readable;
  output?: Writable;
  now?: () => Date;
}

/** Serves until the input ends; resolves then, the release holder closed. */
export async function serveStdio(opts: StdioOptions): Promise<void> {
  // The client is answered (initialize, the lists) once the seal is verified; a call that reads the
  // store waits until it is open (page checks in place, as `dala serve` opens it).
  const holder = await ReleaseHolder.open({
    releasesDir: opts.releasesDir,
    logger: opts.logger,
    answerBeforeStoreVerified: true,
  });
  const pin = async (): Promise<LoadedRelease> => {
    const release = holder.acquire();
    if (!release)
      throw new ProblemError(
        'no_release',
        `no verified release is served: ${holder.status().reasons.join('; ') || 'none loaded yet'}`,
      );
    try {
      await release.storeReady;
    } catch (err) {
      holder.releaseRef(release);
      throw new ProblemError(
        'release_unavailable',
        `the release could not be opened: ${(err as Error).message}`,
      );
    }
    return release;
  };
  const server = mcpServer({
    release: pin,
    unpin: (release) => holder.releaseRef(release),
    releases: holder,
    log: opts.logger,
    now: opts.now,
  });
  const input = opts.input ?? process.stdin;
  const transport = new StdioServerTransport(input, opts.output ?? process.stdout);
  const ended = new Promise<void>((resolve) => {
    input.once('end', resolve);
    input.once('close', resolve);
  });
  await server.connect(transport);
  await ended;
  await server.close();
  await holder.close();
}

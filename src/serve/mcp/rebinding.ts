// DNS rebinding protection of the MCP endpoint (MCP 2025-06-18 "Transports", Streamable HTTP,
// security warning: servers MUST validate the Origin header, and answer 403 when it is invalid). In a
// DNS rebinding attack a hostile page has its own name resolve to this server's address, so the
// browser sends the hostile name in Host (and, cross-origin, in Origin). A request is therefore
// refused when Host or Origin names a host that is not this server's, by the one rule of which
// hosts are (front/public-origin.ts): with a public URL configured, its host (another Host never
// gets here: the front server answered it 421); without, loopback and IP addresses. A request
// without Origin is no browser's cross-origin request, and is not refused for it.
import type { IncomingHttpHeaders } from 'node:http';
import type { PublicOrigin } from '../front/public-origin.js';
import { ProblemError } from '../problems/errors.js';

/** The problem of a request whose Host or Origin names a host that is not ours (403), or null. */
export function rebindingProblem(
  headers: IncomingHttpHeaders,
  server: PublicOrigin,
): ProblemError | null {
  const host = headers.host;
  if (host !== undefined && !server.names(host))
    return new ProblemError(
      'untrusted_host',
      `Host ${JSON.stringify(host.slice(0, 200))} is not a host this server answers to; MCP requests must name this server (${ALLOWED})`,
      { parameter: 'host' },
    );
  const origin = headers.origin;
  if (origin !== undefined && !server.namesOrigin(origin))
    return new ProblemError(
      'untrusted_host',
      `Origin ${JSON.stringify(origin.slice(0, 200))} may not call this MCP server (DNS rebinding protection); allowed: pages of ${ALLOWED}`,
      { parameter: 'origin' },
    );
  return null;
}

const ALLOWED = 'its public URL where one is configured, else localhost or an IP address';

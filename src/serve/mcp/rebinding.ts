// DNS rebinding protection of the MCP endpoint (MCP 2025-06-18 "Transports", Streamable HTTP,
// security warning: servers MUST validate the Origin header, and answer 403 when it is invalid). In a
// DNS rebinding attack a hostile page has its own name resolve to this server's address, so the
// browser sends the hostile name in Host (and, cross-origin, in Origin). A request is therefore
// refused when Host or Origin names any host this service does not answer to: allowed are loopback
// (localhost, 127.0.0.1, [::1]), any IP literal (a name no DNS can rebind; how a client on the
// network reaches a server run without a public name) and the host of the service's public URL.
// A request without Origin is no browser's cross-origin request, and is not refused for it.
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { ProblemError } from '../problems/errors.js';

const LOOPBACK_NAMES = new Set(['localhost']);

/** The host name of an authority or origin (`name`, `name:port`, `[v6]:port`, `scheme://...`), lower case, or null. */
function hostnameOf(value: string, withScheme: boolean): string | null {
  try {
    const url = new URL(withScheme ? value : `http://${value}`);
    return url.hostname.replace(/\.$/, '').toLowerCase();
  } catch {
    return null;
  }
}

/** Whether the host name is one this service answers to, given the host names of its public URLs. */
function ours(hostname: string, publicHosts: ReadonlySet<string>): boolean {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return LOOPBACK_NAMES.has(bare) || isIP(bare) !== 0 || publicHosts.has(bare);
}

/** The public URLs' host names (DALA_PUBLIC_URL at serve time, and the one the release was built for). */
export function publicHostsOf(urls: readonly (string | null | undefined)[]): Set<string> {
  return new Set(
    urls.flatMap((u) => {
      const h = u ? hostnameOf(u, true) : null;
      return h ? [h] : [];
    }),
  );
}

/** The problem of a request whose Host or Origin names a host that is not ours (403), or null. */
export function rebindingProblem(
  headers: IncomingHttpHeaders,
  publicHosts: ReadonlySet<string>,
): ProblemError | null {
  const host = headers.host;
  const hostname = host === undefined ? null : hostnameOf(host, false);
  if (host !== undefined && (hostname === null || !ours(hostname, publicHosts)))
    return new ProblemError(
      'untrusted_host',
      `Host ${JSON.stringify(host.slice(0, 200))} is not a host this server answers to; MCP requests must name this server (localhost, an IP address or its public host)`,
      { parameter: 'host' },
    );
  const origin = headers.origin;
  if (origin === undefined) return null;
  const from = origin === 'null' ? null : hostnameOf(origin, true);
  if (from === null || !ours(from, publicHosts))
    return new ProblemError(
      'untrusted_host',
      `Origin ${JSON.stringify(origin.slice(0, 200))} may not call this MCP server (DNS rebinding protection); allowed: pages of localhost, an IP address or the service's public host`,
      { parameter: 'origin' },
    );
  return null;
}

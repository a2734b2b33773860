// Where the service answers, at serve time: the base of every absolute URL an answer carries (the
// reconciliation manifest's) and, where it is configured (DALA_PUBLIC_URL), the one host the server
// answers for. No absolute URL is ever made from a request header (Host, X-Forwarded-Host or -Proto):
// answers are cached by URL and shared by every client, so one forged header would otherwise tell
// everyone after it that the service lives elsewhere.
// - Configured: a request naming another host, in Host or in an absolute-form target (RFC 9112
//   section 3.2.2), is refused 421 Misdirected Request (RFC 9110 section 15.5.20): this server
//   cannot give an authoritative answer for that origin. Host is compared by name (case and a final
//   dot aside) and, when it carries one, by port (the scheme's default when the URL names none): a
//   proxy passing nginx's `$host` sends the name alone.
// - Not configured: absolute URLs name the address the server listens on (a wildcard address as
//   loopback), which resolves on the serving host and which no request can change.
// Which hosts are this server's is one rule (`names`), which the MCP endpoint's DNS rebinding
// protection also applies to Host and Origin (mcp/rebinding.ts): configured, the public URL's host
// (and port); not configured, loopback names and IP literals, which no DNS answer can rebind (a
// rebinding page's requests carry its own domain name).
import type { IncomingMessage, Server } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';

export interface PublicOrigin {
  /** The origin absolute URLs start with (scheme, host, port; no path), given the server. */
  origin(server: Server): string;
  /** Whether an authority (`name`, `name:port`, `[v6]:port`, as in Host) names this server. */
  names(authority: string): boolean;
  /** Whether a browser's Origin (`scheme://host[:port]`, RFC 6454) is one of this server's. */
  namesOrigin(origin: string): boolean;
  /** Why this request may not be answered here (the authority it names is not ours), or null. */
  misdirected(req: IncomingMessage): string | null;
}

/** `http://127.0.0.1:8080` for the address the server listens on. */
export function listeningOrigin(server: Server): string {
  const a = server.address() as AddressInfo | null;
  if (!a || typeof a !== 'object') return 'http://127.0.0.1';
  const wildcard = a.address === '0.0.0.0' || a.address === '::';
  const host =
    a.family === 'IPv6' ? `[${wildcard ? '::1' : a.address}]` : wildcard ? '127.0.0.1' : a.address;
  return `http://${host}:${a.port}`;
}

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Host and port of an authority (`name`, `name:port`, `[v6]:port`), normalised; null when it is not one. */
function authorityOf(value: string): { host: string; port: string | null } | null {
  let url: URL;
  try {
    url = new URL(`http://${value}`);
  } catch {
    return null;
  }
  // anything beyond host[:port] (a path, user info, a query) is not an authority
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  const explicitPort = /:(\d+)$/.exec(value)?.[1];
  return {
    host: url.hostname.replace(/\.$/, ''),
    port: explicitPort === undefined ? null : String(Number(explicitPort)),
  };
}

/** An Origin's authority with its port always said (the scheme's default when it names none), or null. */
function originAuthority(origin: string): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null; // `null` (an opaque origin) among others
  }
  const port = url.port || DEFAULT_PORT[url.protocol];
  // an origin is scheme, host and port (RFC 6454 section 6.2), nothing more
  const bare = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
  return port === undefined || !bare ? null : `${url.hostname}:${port}`;
}

/** Loopback names and IP literals: the hosts of a server without a public URL. */
function loopbackOrAddress(authority: string): boolean {
  const a = authorityOf(authority);
  if (a === null) return false;
  const bare = a.host.startsWith('[') ? a.host.slice(1, -1) : a.host;
  return bare === 'localhost' || isIP(bare) !== 0;
}

/** publicUrl: DALA_PUBLIC_URL as lib/config.ts's publicUrl() checked it, or undefined when not configured. */
export function publicOrigin(publicUrl: string | undefined): PublicOrigin {
  if (!publicUrl)
    return {
      origin: listeningOrigin,
      names: loopbackOrAddress,
      namesOrigin: (value) => {
        const authority = originAuthority(value);
        return authority !== null && loopbackOrAddress(authority);
      },
      // a server without a public name answers every request: its answers name no host from it
      misdirected: () => null,
    };
  const url = new URL(publicUrl);
  const origin = url.origin; // a path in DALA_PUBLIC_URL names where a proxy mounts the service; answers name paths from /
  const host = url.hostname.replace(/\.$/, '');
  const port = url.port || DEFAULT_PORT[url.protocol]!;
  // the forms a client or proxy sends for this origin, answered without parsing
  const exact = new Set([host, `${host}:${port}`]);
  const ours = (value: string): boolean => {
    if (exact.has(value)) return true;
    const a = authorityOf(value);
    return a !== null && a.host === host && (a.port === null || a.port === port);
  };
  return {
    origin: () => origin,
    names: ours,
    namesOrigin: (value) => {
      const authority = originAuthority(value);
      return authority !== null && ours(authority);
    },
    misdirected(req) {
      const target = req.url ?? '/';
      if (target[0] !== '/' && target !== '*') {
        // absolute form: its authority is the request's, Host is ignored (RFC 9112 section 3.2.2)
        const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(target);
        return m && ours(m[1]!) ? null : (m?.[1] ?? target.slice(0, 100));
      }
      const named = req.headers.host;
      // HTTP/1.0 without Host names no other origin
      return named === undefined || ours(named) ? null : named;
    },
  };
}

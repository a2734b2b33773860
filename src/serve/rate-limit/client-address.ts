// The address a request is counted against (docs/interface.md §10.7): the socket's peer address;
// X-Forwarded-For is believed only when that peer is a proxy named in configuration, and then the
// rightmost address not itself a trusted proxy is the client (RFC 7239 section 5.2 reasoning:
// only hops appended by trusted proxies can be trusted).
// Kept beside Fastify's trustProxy/request.ip for two reasons: the front server and the connection
// limits count addresses before Fastify builds a request, and request.ip (@fastify/proxy-addr) takes a
// hop that is not an address for the client, where this counts the proxy (test/v1-rate-limit.test.ts).
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

export type AddressResolver = (request: FastifyRequest) => string;

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/** Whether an address is one of the trusted proxies: addresses or CIDR blocks ("10.0.0.0/8", "::1"). */
export function trustedProxies(trusted: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of trusted) {
    const [address = '', bits] = entry.split('/');
    if (isIP(address) === 0)
      throw new Error(
        `trusted proxy "${entry}" (DALA_TRUSTED_PROXIES) is not an IP address or CIDR block`,
      );
    if (bits === undefined) list.addAddress(address, familyOf(address));
    else list.addSubnet(address, Number(bits), familyOf(address));
  }
  return (address) => isIP(address) !== 0 && list.check(address, familyOf(address));
}

/** trusted: addresses or CIDR blocks ("10.0.0.0/8", "::1"). */
export function clientAddressResolver(trusted: readonly string[] = []): AddressResolver {
  const isTrusted = trustedProxies(trusted);
  return (request) => {
    const peer = request.socket.remoteAddress ?? 'unknown';
    if (trusted.length === 0 || !isTrusted(peer)) return peer;
    const header = request.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (isIP(hop) === 0) return peer; // a garbled header: count the proxy itself rather than guess
      if (!isTrusted(hop)) return hop;
    }
    return hops[0] ?? peer;
  };
}

// The kernel's view of loopback TCP connections (Linux /proc/net/tcp), for a test that must know
// the server let a connection go while its client reads nothing: a client that does not read sees
// no FIN until it reads, but the server's end of the connection leaves ESTABLISHED as soon as the
// server closes it (FIN_WAIT1 with its unsent bytes, or gone after a reset).
import { readFileSync } from 'node:fs';

const ESTABLISHED = '01';
const hexPort = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');

/**
 * The client ports (of `clientPorts`) whose connection to `serverPort` the server still holds open:
 * the server-side entry (local serverPort, remote client port) is ESTABLISHED.
 */
export function heldByServer(serverPort: number, clientPorts: number[]): number[] {
  const held = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, remote, state] = line.trim().split(/\s+/);
      if (!local || !remote || state !== ESTABLISHED) continue;
      if (local.endsWith(`:${hexPort(serverPort)}`))
        held.add(remote.slice(remote.lastIndexOf(':') + 1));
    }
  }
  return clientPorts.filter((p) => held.has(hexPort(p)));
}

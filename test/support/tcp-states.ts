// The kernel's view of loopback TCP connections (Linux /proc/net/tcp and tcp6): each socket's state,
// the bytes still in its send queue, and which process holds it. A client that does not read sees no
// FIN until it reads, but the server's end of the connection leaves ESTABLISHED as soon as the server
// closes it (FIN_WAIT1 holding its unsent bytes until the peer takes them, or gone after a reset).
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/** TCP states by their /proc number (include/net/tcp_states.h). */
const STATES: Record<number, string> = {
  1: 'ESTABLISHED',
  2: 'SYN_SENT',
  3: 'SYN_RECV',
  4: 'FIN_WAIT1',
  5: 'FIN_WAIT2',
  6: 'TIME_WAIT',
  7: 'CLOSE',
  8: 'CLOSE_WAIT',
  9: 'LAST_ACK',
  10: 'LISTEN',
  11: 'CLOSING',
};

export interface KernelSocket {
  localPort: number;
  remotePort: number;
  state: string;
  /** Bytes in the send queue (written, not yet acknowledged by the peer). */
  sendQueue: number;
  /** The socket's inode: a process holding it has a descriptor linking to `socket:[inode]`. */
  inode: number;
}

/** Every TCP socket of this host's network namespace. */
function allSockets(): KernelSocket[] {
  const found: KernelSocket[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // no IPv6 on this host
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      found.push({
        localPort: parseInt(f[1]!.split(':')[1]!, 16),
        remotePort: parseInt(f[2]!.split(':')[1]!, 16),
        state: STATES[parseInt(f[3]!, 16)] ?? f[3]!,
        sendQueue: parseInt(f[4]!.split(':')[0]!, 16),
        inode: Number(f[9]),
      });
    }
  }
  return found;
}

/** Every TCP socket between localPort and remotePort, seen from localPort's side. */
export function kernelSockets(localPort: number, remotePort: number): KernelSocket[] {
  return allSockets().filter((s) => s.localPort === localPort && s.remotePort === remotePort);
}

/**
 * The client ports (of `clientPorts`) whose connection to `serverPort` the server still holds open:
 * the server-side entry (local serverPort, remote client port) is ESTABLISHED.
 */
export function heldByServer(serverPort: number, clientPorts: number[]): number[] {
  const held = new Set(
    allSockets()
      .filter((s) => s.localPort === serverPort && s.state === 'ESTABLISHED')
      .map((s) => s.remotePort),
  );
  return clientPorts.filter((p) => held.has(p));
}

/** Which of pids holds the server's side of the connection from clientPort to serverPort, if any. */
export function connectionHolder(
  pids: number[],
  serverPort: number,
  clientPort: number,
): number | undefined {
  const inodes = new Set(
    kernelSockets(serverPort, clientPort)
      .filter((s) => s.inode !== 0)
      .map((s) => `socket:[${s.inode}]`),
  );
  return pids.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
        } catch {
          return false; // closed since the listing
        }
      });
    } catch {
      return false; // the process is gone
    }
  });
}

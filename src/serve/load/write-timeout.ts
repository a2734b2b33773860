// The write timeout: a connection whose client reads none of what it was sent for `timeoutMs` is
// reset, freeing the answer bytes it held (the socket's queue, a stream it was piped from).
// Node has no such timeout: its request and headers timeouts cover what a client sends, and the
// socket's idle timeout is reset by any activity, not by the client reading. Progress is the kernel
// taking bytes (libuv's write queue shrinking: `_handle.writeQueueSize`, which Node's own http
// reads, the one measure of it) or more being written after a drain, so a slow client that reads
// keeps its connection however long the answer takes; only one that stopped reading is cut.
// It is cut with a reset (RFC 9293 section 3.10.5, ABORT), not closed: a socket closed with bytes
// still in its send queue stays in FIN-WAIT-1 holding them for as long as the client keeps its
// window shut (minutes, megabytes per connection); a reset frees the queue at once.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

interface Watch {
  written: number;
  queued: number;
  since: number;
}

const queuedOf = (socket: Socket) =>
  (socket as Socket & { _handle?: { writeQueueSize?: number } })._handle?.writeQueueSize ?? 0;

export function cutStalledWriters(server: Server, timeoutMs: number): void {
  if (!(timeoutMs > 0)) return;
  const watched = new Map<Socket, Watch>();
  server.on('connection', (socket: Socket) => {
    watched.set(socket, { written: 0, queued: 0, since: 0 });
    socket.once('close', () => watched.delete(socket));
  });
  // Checked on an interval, as Node checks its own request timeouts (connectionsCheckingInterval):
  // one timer for every connection, not one per write.
  const timer = setInterval(
    () => {
      const now = performance.now();
      for (const [socket, w] of watched) {
        if (socket.writableLength === 0) {
          w.since = 0; // nothing waiting for the client
          continue;
        }
        const written = socket.bytesWritten;
        const queued = queuedOf(socket);
        if (w.since === 0 || written > w.written || queued < w.queued) {
          w.written = written;
          w.queued = queued;
          w.since = now;
        } else if (now - w.since >= timeoutMs) {
          watched.delete(socket);
          socket.resetAndDestroy();
        }
      }
    },
    Math.max(50, Math.min(1000, timeoutMs / 4)),
  );
  timer.unref();
  server.once('close', () => clearInterval(timer));
}

// A request written straight to a socket, for what a client library would not send (a forged or
// repeated Host, raw bytes in the target), and its answer as received.
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/**
 * One raw request (GET unless told) on a connection of its own, the request line and headers as given (a string target is
 * sent as UTF-8, its bytes as typed).
 */
export function send(
  url: string,
  target: string,
  headers: string[],
  method = 'GET',
): Promise<RawAnswer> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const s = connect({ port: Number(port), host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('error', reject);
    s.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      const head = text.slice(0, at);
      let body = text.slice(at + 4);
      if (/transfer-encoding: chunked/i.test(head)) body = unchunk(body);
      resolve({ status: Number(head.split(' ')[1]), head, body });
    });
    s.write(
      `${method} ${target} HTTP/1.1\r\n${[...headers, 'Connection: close'].join('\r\n')}\r\n\r\n`,
    );
  });
}

function unchunk(body: string): string {
  let out = '';
  for (let rest = body; ;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 4 + size);
  }
}

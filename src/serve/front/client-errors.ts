// Errors Node's HTTP parser raises before Fastify sees a request (an unknown or lowercase method, a
// malformed or huge Content-Length, oversized headers, a header timeout). Fastify's default answer
// is its own JSON shape; here they get the same RFC 9457 problem+json from the catalog as every other
// error, written straight to the socket (there is no request object to route), then the connection
// closes, since the parser cannot resynchronise on a stream it failed to parse (RFC 9112 section 11.2).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { COMMON_HEADERS } from './common-headers.js';
import { PROBLEM_MEDIA_TYPE, problem, type ErrorCode } from '../problems/errors.js';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  414: 'URI Too Long',
  421: 'Misdirected Request',
  431: 'Request Header Fields Too Large',
  503: 'Service Unavailable',
};

export function clientErrorCode(err: NodeJS.ErrnoException): ErrorCode {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return 'headers_too_large';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return 'request_timeout';
    default:
      return 'malformed_request';
  }
}

export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  const code = clientErrorCode(err);
  const unencoded = unencodedTarget(err);
  const detail =
    code === 'headers_too_large'
      ? 'the request line and headers exceed the server limit (16 KiB); send a shorter URL or fewer headers'
      : code === 'request_timeout'
        ? 'the request was not received in time'
        : unencoded !== null
          ? `the request target has bytes outside US-ASCII: percent-encode them (UTF-8, RFC 3986 section 2.1), as ${JSON.stringify(unencoded)}`
          : `the request is not valid HTTP/1.1 (${err.code ?? 'parse error'}); methods are case-sensitive (RFC 9110 section 9.1)`;
  writeProblemToSocket(socket, problem(code, detail, '/'));
}

/** At most this much of a percent-encoded target is echoed in the advice. */
const MAX_ECHOED_TARGET = 512;

/**
 * The request target percent-encoded, when the parser refused it for raw bytes of 0x80 and above
 * (UTF-8 typed into a URL, as curl sends it), or null. A request target is US-ASCII (RFC 9112
 * section 3.2, RFC 3986 section 2); Node's parser has no option to take such bytes short of
 * insecureHTTPParser, which would also take what request smuggling relies on, so the client is told
 * how to send it instead. Browsers and most clients percent-encode already.
 */
function unencodedTarget(err: NodeJS.ErrnoException & { rawPacket?: Buffer }): string | null {
  if (err.code !== 'HPE_INVALID_URL' || !err.rawPacket) return null;
  const line = err.rawPacket.subarray(0, Math.max(0, err.rawPacket.indexOf(0x0a)) || undefined);
  const start = line.indexOf(0x20) + 1;
  const end = line.indexOf(0x20, start);
  const target = line.subarray(start, end > start ? end : undefined);
  if (start === 0 || !target.some((b) => b >= 0x80)) return null;
  let out = '';
  for (const b of target)
    out += b >= 0x80 ? `%${b.toString(16).toUpperCase()}` : String.fromCharCode(b);
  return out.length > MAX_ECHOED_TARGET ? `${out.slice(0, MAX_ECHOED_TARGET)}…` : out;
}

/**
 * The one writer of an answer straight to a socket, for what is refused before a request object
 * exists (a parse error, a connection over the per-address bound): the catalog's problem document
 * with the headers every answer carries (common-headers.ts), then the connection closes.
 */
export function writeProblemToSocket(
  socket: Socket,
  answer: ReturnType<typeof problem>,
  headers: Readonly<Record<string, string>> = {},
): void {
  const body = Buffer.from(JSON.stringify(answer));
  const status = answer.status;
  const head = {
    ...COMMON_HEADERS,
    'content-type': PROBLEM_MEDIA_TYPE,
    'content-length': String(body.length),
    'cache-control': 'no-store',
    ...headers,
    connection: 'close',
  };
  const reason = REASONS[status] ?? 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(head)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}\r\n${body.toString()}`,
  );
}

/**
 * A request refused before any route: an HTTP/1.1 request without Host, or with more than one
 * (RFC 9112 section 3.2: the server MUST answer 400), or naming another origin than this server's
 * (421, public-origin.ts). Node would answer a missing Host with an empty body before any handler
 * runs; here it is the catalog's problem document with the headers every answer carries, and the
 * connection closes.
 */
export function answerRefusal(res: ServerResponse, answer: ReturnType<typeof problem>): void {
  const body = JSON.stringify(answer);
  res.writeHead(answer.status, {
    ...COMMON_HEADERS,
    'content-type': PROBLEM_MEDIA_TYPE,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(body);
}

/** Why the request's Host makes it malformed (RFC 9112 section 3.2), or null. */
export function hostRefusal(req: IncomingMessage): string | null {
  if (req.headers.host === undefined)
    return req.httpVersionMajor === 1 && req.httpVersionMinor >= 1
      ? 'an HTTP/1.1 request must carry a Host header (RFC 9112 section 3.2)'
      : null;
  let hosts = 0;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.length === 4 && /^host$/i.test(raw[i]!)) hosts++;
  return hosts > 1
    ? 'a request must carry one Host header, not several (RFC 9112 section 3.2)'
    : null;
}

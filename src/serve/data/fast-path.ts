// /data/ answered in front of Fastify. A sealed file is bytes in memory under a fixed set of headers,
// so a GET or HEAD that names one exactly is answered with one Map look-up, the negotiation of
// encoding.ts and one `writeHead` with header lines built once per release, file and coding: no
// routing, request and reply objects, hooks or header objects per request. Everything else (a path
// that needs decoding, a slug that is not a file, a problem, a request the app must refuse or log)
// goes to Fastify, whose /data/ routes (index.ts) stay the one definition of the answers:
// test/serve-data-fast-path.test.ts asks both for every sealed file and compares them header by header.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { COMMON_HEADERS, DATA_CACHE_CONTROL } from '../front/common-headers.js';
import { MAX_PATH_PARAMETER_LENGTH } from '../front/limits.js';
import { REVISION_HEADER } from '../problems/problem-handler.js';
import type { LoadedRelease, ServedFile } from '../releases/release-types.js';
import { chooseCoding, etagOf, preconditions, type Coding } from './encoding.js';
import { SLUG_PATTERN } from '../../lib/slug.js';
import { SLUG_ROUTES } from './slugs.js';

const PREFIX = '/data/';

interface Representation {
  ok: string[]; // header lines of the 200, flat [name, value, ...] as writeHead takes them
  notModified: string[]; // of the 304: validators and cache headers, no content headers (RFC 9110 15.4.5)
  body: Buffer;
}

interface FastFile {
  file: ServedFile;
  byCoding: Partial<Record<Coding, Representation>>;
}

const SLUG = new RegExp(SLUG_PATTERN);

/** True when Fastify's /data/ routes answer `path` (relative to data/) with the file of that name. */
function routedToItself(path: string): boolean {
  const segments = path.split('/');
  if (
    path.length > MAX_PATH_PARAMETER_LENGTH || // a longer wildcard is not routed by Fastify, so not here either
    /[\\\0%?#]/.test(path) ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  )
    return false;
  for (const r of SLUG_ROUTES) {
    const rest =
      path.startsWith(r.dir + '/') && path.endsWith(r.ext)
        ? path.slice(r.dir.length + 1, -r.ext.length)
        : null;
    if (rest !== null && !rest.includes('/')) return SLUG.test(rest); // a slug route checks the slug first
  }
  return true;
}

function representation(release: LoadedRelease, file: ServedFile, coding: Coding): Representation {
  const body = coding === 'identity' ? file.body : file[coding];
  const shared = [
    'etag',
    etagOf(file, coding),
    'cache-control',
    DATA_CACHE_CONTROL,
    'vary',
    'Accept-Encoding',
    REVISION_HEADER,
    release.revision,
    ...Object.entries(COMMON_HEADERS).flat(),
  ];
  const content = [
    'content-type',
    file.mediaType,
    'content-length',
    String(body.length),
    ...(coding === 'identity' ? [] : ['content-encoding', coding]),
  ];
  return { ok: [...content, ...shared], notModified: shared, body };
}

const tables = new WeakMap<LoadedRelease, Map<string, FastFile>>();

function tableOf(release: LoadedRelease): Map<string, FastFile> {
  let table = tables.get(release);
  if (!table) {
    table = new Map();
    for (const [path, file] of release.files)
      if (routedToItself(path)) table.set(PREFIX + path, { file, byCoding: {} });
    tables.set(release, table);
  }
  return table;
}

export interface FastPathOptions {
  /** The release served now, or null (then Fastify answers the problem). */
  current(): LoadedRelease | null;
  maxUrlBytes: number;
  /** True while the app sheds load or is closing: Fastify gives those answers. */
  refuse(): boolean;
}

/** A request listener that answers what it can and returns false for everything else. */
export function dataFastPath(
  opts: FastPathOptions,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // A URL character is at most two bytes once encoded as UTF-8: shorter URLs are within the limit.
  const maxUrlChars = Math.floor(opts.maxUrlBytes / 2);
  return (req, res) => {
    const url = req.url!;
    if (!url.startsWith(PREFIX) || url.length > maxUrlChars) return false;
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const headers = req.headers;
    if (headers['content-encoding'] !== undefined) return false; // 415 unless identity: Fastify decides
    const release = opts.current();
    if (release === null || opts.refuse()) return false;
    const q = url.indexOf('?'); // static files ignore the query, as the Fastify route does
    const entry = tableOf(release).get(q === -1 ? url : url.slice(0, q));
    if (entry === undefined) return false;
    let coding: Coding;
    let rep: Representation;
    try {
      coding = chooseCoding(headers['accept-encoding'], entry.file);
      rep = entry.byCoding[coding] ??= representation(release, entry.file, coding);
    } catch {
      return false; // a file read on first use that differs from its seal: Fastify answers the problem
    }
    const status = preconditions(headers, rep.notModified[1]!);
    if (status === 412) return false; // the Fastify route answers the problem document
    if (status === 304) {
      res.writeHead(304, rep.notModified);
      res.end();
    } else {
      res.writeHead(200, rep.ok);
      if (method === 'GET') res.end(rep.body);
      else res.end();
    }
    return true;
  };
}
